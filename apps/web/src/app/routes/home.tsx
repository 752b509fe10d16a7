/**
 * Home: filters, a grid of 12 products and pagination. With no filter it shows
 * the plain paged list (productList + get-product-count); with any filter, the filtered call,
 * whose total drives Next. Filters and page live in the query string; a category that no
 * longer exists is dropped and a page past the last becomes the last. When the products cannot
 * be loaded the grid says so with a Retry button (the error toasts still appear).
 */
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon } from '@/components/ui/icons';
import { Pagination } from '@/components/ui/pagination';
import { addToCartWithToast } from '@/features/cart/use-cart';
import { useCategories } from '@/lib/api/get-categories';
import { useCatalogColours } from '@/features/catalog/api/get-catalog-colours';
import { useFilteredProducts } from '@/features/catalog/api/get-filtered-products';
import { useProductCount } from '@/features/catalog/api/get-product-count';
import { useProductList } from '@/features/catalog/api/get-product-list';
import { CatalogFilters } from '@/features/catalog/components/catalog-filters';
import { CatalogProducts } from '@/features/catalog/components/catalog-products';
import { Hero } from '@/features/catalog/components/hero';
import { useCatalogParams } from '@/features/catalog/hooks/use-catalog-params';
import { PAGE_SIZE } from '@repo/shared/constants';
import { toast } from '@/lib/toast';
import { useToastOnError } from '@/lib/use-toast-on-error';
import { useTitle } from '@/lib/use-title';

export default function Home() {
  useTitle(undefined);
  const params = useCatalogParams();
  const { checked, priceRange, size, colour, page, isFiltered } = params;

  const categories = useCategories();
  useToastOnError(categories.error, 'Error on load category');
  const categoriesRefused = categories.data?.success === false;
  useEffect(() => {
    if (categoriesRefused) toast.error('Failed to load Category');
  }, [categoriesRefused]);

  // Category ids in the URL that the shop no longer has are dropped before filtering by them
  // (the server refuses them); if the categories cannot be loaded, the ids are tried as they are.
  const known = categoriesRefused ? undefined : categories.data?.category;
  const knownChecked = known ? checked.filter((id) => known.some((c) => c._id === id)) : checked;
  const staleCategory = knownChecked.length !== checked.length;

  const colours = useCatalogColours();

  const count = useProductCount({ enabled: !isFiltered });
  useToastOnError(count.error, 'Error on load Total Product');
  const list = useProductList(page, { enabled: !isFiltered });
  useToastOnError(list.error, 'Failed on Load');
  const filtered = useFilteredProducts(
    // In catalogFilterOf's order: the server-rendered page's inlined answer has this very key.
    {
      checked,
      radio: priceRange ?? [],
      page,
      ...(size ? { size } : {}),
      ...(colour ? { colour } : {}),
    },
    { enabled: isFiltered && !staleCategory && (!categories.isPending || !checked.length) },
  );
  useToastOnError(filtered.error, 'Error on Filter Product');

  const current = isFiltered ? filtered : list;
  const products = current.isError
    ? undefined
    : isFiltered
      ? filtered.data?.filterProduct
      : list.data?.prod;
  const total = isFiltered ? filtered.data?.total : count.data?.total;
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / PAGE_SIZE));

  const { correct } = params;
  useEffect(() => {
    if (staleCategory) correct({ checked: knownChecked, page: 1 });
  }, [staleCategory, knownChecked, correct]);
  const totalFits = total !== undefined && !current.isPlaceholderData;
  useEffect(() => {
    if (totalFits && page > lastPage) correct({ page: lastPage });
  }, [totalFits, page, lastPage, correct]);

  function retry() {
    for (const query of [categories, count, list, filtered])
      if (query.isError) void query.refetch();
  }

  function goToPage(next: number) {
    params.setPage(next);
    document.getElementById('products-heading')?.scrollIntoView({ block: 'start' });
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-4 sm:py-6">
      <Hero />
      <div className="mt-4 gap-8 lg:mt-6 lg:grid lg:grid-cols-[220px_1fr]">
        <CatalogFilters
          categories={categoriesRefused ? [] : (categories.data?.category ?? [])}
          categoriesLoading={categories.isPending}
          checked={checked}
          priceId={params.priceId}
          size={size}
          onToggleCategory={params.toggleCategory}
          onPriceChange={params.setPrice}
          onSizeChange={params.setSize}
          colours={colours.data?.colours ?? []}
          colour={colour}
          onColourChange={params.setColour}
          onReset={params.reset}
        />
        <section
          aria-labelledby="products-heading"
          className="mt-4 scroll-mt-24 lg:mt-0"
          id="products"
        >
          <div className="mb-3 flex items-baseline justify-between gap-4">
            <h2 id="products-heading" className="scroll-mt-24 text-lg font-bold sm:text-xl">
              {isFiltered ? 'Filtered Products' : 'All Products'}
            </h2>
            {products && total !== undefined && (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {total} {total === 1 ? 'product' : 'products'}
              </p>
            )}
          </div>
          <div
            aria-busy={current.isFetching}
            className={current.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          >
            {current.isError ? (
              <EmptyState title="Couldn't load the products" icon={<AlertIcon />}>
                <p>Check your connection and try again.</p>
                <Button className="mt-4" onClick={retry} loading={current.isFetching}>
                  Retry
                </Button>
              </EmptyState>
            ) : (
              <CatalogProducts
                products={products}
                loading={current.isPending}
                onAddToCart={addToCartWithToast}
              />
            )}
          </div>
          {products && total !== undefined && (products.length > 0 || page > 1) && (
            <Pagination page={Math.min(page, lastPage)} total={total} onPageChange={goToPage} />
          )}
        </section>
      </div>
    </div>
  );
}
