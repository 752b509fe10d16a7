/**
 * Starts the catalog queries of the page a visitor lands on as soon as the app's code runs,
 * in parallel with the route's own chunk instead of after it: the first row of photos is the
 * page's largest paint, and it cannot start before its data arrives.
 */
import type { QueryClient } from '@tanstack/react-query';
import { PRICE_RANGES } from '@repo/shared/constants';
import { landingPageOf } from '@repo/shared/rules';
import { parseCatalogParams } from '../hooks/use-catalog-params';
import { categoriesQueryOptions } from './get-categories';
import { filteredProductsQueryOptions } from './get-filtered-products';
import { productQueryOptions } from './get-product';
import { productCountQueryOptions } from './get-product-count';
import { productListQueryOptions } from './get-product-list';

export function prefetchLandingPage(queryClient: QueryClient, url: URL): void {
  const landing = landingPageOf(url.pathname);
  if (landing?.page === 'home') {
    const { checked, priceId, size, page } = parseCatalogParams(url.searchParams);
    const range = PRICE_RANGES.find((r) => r.id === priceId)?.range;
    void queryClient.prefetchQuery(categoriesQueryOptions());
    if (checked.length || range || size) {
      // The same key the home page asks for (see useCatalogParams and home.tsx).
      void queryClient.prefetchQuery(
        filteredProductsQueryOptions({
          checked,
          radio: range ?? [],
          page,
          ...(size ? { size } : {}),
        }),
      );
    } else {
      void queryClient.prefetchQuery(productListQueryOptions(page));
      void queryClient.prefetchQuery(productCountQueryOptions());
    }
    return;
  }
  // A slug that is not valid URL encoding: the page itself says the product was not found.
  if (landing?.page === 'product' && landing.slug !== null)
    void queryClient.prefetchQuery(productQueryOptions(landing.slug));
}
