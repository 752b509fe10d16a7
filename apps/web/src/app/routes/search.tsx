/** /Search (SPEC §2): the stored results of the last search. */
import { useEffect } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { addToCartWithToast } from '@/features/cart/use-cart';
import { CatalogProducts } from '@/features/catalog/components/catalog-products';
import { searchStore, useStore } from '@/lib/storage';
import { useTitle } from '@/lib/use-title';

export default function SearchPage() {
  useTitle('Search Results');
  const { results } = useStore(searchStore);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [results]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Search Results</h1>
      <div aria-live="polite">
        {results.length < 1 ? (
          // Like the empty cart: the message, and a way on instead of a dead end.
          <EmptyState title="No products found." icon={<SearchIcon />} className="mt-6">
            <p>Try another word, or browse the whole catalog.</p>
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
      {results.length > 0 && (
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
