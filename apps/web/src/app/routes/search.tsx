/**
 * /Search?q=…: the stored results of the last search, under "Results for "…"".
 * Opened on a keyword it has no results for (a new tab, a shared link, back to an older
 * search), it searches for it itself and stores what it finds.
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, SearchIcon } from '@/components/ui/icons';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { addToCartWithToast } from '@/features/cart/use-cart';
import { searchQueryOptions } from '@/features/catalog/api/search-products';
import { CatalogProducts } from '@/features/catalog/components/catalog-products';
import { searchStore, useStore } from '@/lib/storage';
import { useTitle } from '@/lib/use-title';

export default function SearchPage() {
  useTitle('Search Results');
  const [params] = useSearchParams();
  const keyword = params.get('q');
  const stored = useStore(searchStore);
  // The stored results when they are this keyword's (a reload, the search box), else a search.
  const fetched = useQuery({
    ...searchQueryOptions(keyword ?? ''),
    enabled: keyword !== null,
    initialData: () =>
      stored.searched === keyword
        ? {
            data: stored.results,
            ...(stored.suggestions ? { suggestions: stored.suggestions } : {}),
          }
        : undefined,
  });
  const results = keyword === null ? stored.results : fetched.data?.data;
  const suggestions = (keyword === null ? stored.suggestions : fetched.data?.suggestions) ?? [];

  useEffect(() => {
    if (fetched.data && keyword !== null)
      searchStore.set({
        keyword: '',
        results: fetched.data.data,
        searched: keyword,
        ...(fetched.data.suggestions ? { suggestions: fetched.data.suggestions } : {}),
      });
  }, [fetched.data, keyword]);
  useEffect(() => {
    // A search failure is only logged (docs/behaviour/storefront-and-seo.md#messages-and-failures).
    if (fetched.error) console.error('Search failed', fetched.error);
  }, [fetched.error]);
  // A new search from the box on this page (the same path, which the layout's scroll
  // restoration leaves alone) starts at the top. The page as loaded stays where it is: taking
  // over a server-rendered page must not make it jump.
  const { key } = useLocation();
  const shownKey = useRef(key);
  useEffect(() => {
    if (key === shownKey.current) return;
    shownKey.current = key;
    window.scrollTo({ top: 0 });
  }, [key]);

  const searched = keyword ?? stored.searched;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Search Results</h1>
      {searched !== undefined && (
        <p className="mt-1 text-base break-words text-slate-800 dark:text-slate-200">
          Results for &quot;<span className="font-semibold">{searched}</span>&quot;
        </p>
      )}
      <div aria-live="polite">
        {!results ? (
          fetched.isError ? (
            <EmptyState title="Couldn't load the results" icon={<AlertIcon />} className="mt-6">
              <p>Check your connection and try again.</p>
              <Button
                className="mt-4"
                onClick={() => void fetched.refetch()}
                loading={fetched.isFetching}
              >
                Retry
              </Button>
            </EmptyState>
          ) : (
            <Loading text="Loading products..." />
          )
        ) : results.length < 1 ? (
          // Like the empty cart: the message, and a way on instead of a dead end.
          <EmptyState title="No products found." icon={<SearchIcon />} className="mt-6">
            <p>Try another word, or browse the whole catalog.</p>
            {suggestions.length > 0 && (
              <nav aria-label="Suggested categories" className="mt-4">
                <h2 className="text-sm font-semibold text-slate-800 dark:text-slate-200">
                  Browse a category instead
                </h2>
                <ul className="mt-2 flex flex-wrap justify-center gap-2">
                  {suggestions.map((c) => (
                    <li key={c._id}>
                      <Link
                        to={paths.homeInCategory(c._id)}
                        className="inline-flex min-h-10 items-center rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:border-brand-600 hover:text-brand-700 dark:border-slate-600 dark:text-slate-100 dark:hover:text-brand-300"
                      >
                        {c.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
            <ButtonLink to={paths.home} className="mt-4">
              Browse all products
            </ButtonLink>
          </EmptyState>
        ) : (
          <p className="mt-1 mb-5 text-sm text-slate-600 dark:text-slate-400">
            Found {results.length} {results.length === 1 ? 'product' : 'products'}
          </p>
        )}
      </div>
      {results && results.length > 0 && (
        <CatalogProducts
          products={results}
          loading={false}
          onAddToCart={addToCartWithToast}
          label="Search results"
        />
      )}
    </div>
  );
}
