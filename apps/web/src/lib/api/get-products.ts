/**
 * The admin's list of products (read by the admin's pages and by the product picker): a page,
 * those found by name, or just the products a form names by id.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AllProductsResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminQueryKeys } from '@/lib/admin-query-keys';

/** Every product, newest first; the server pages very long lists (`total` tells how many). */
export type AllProductsPage = AllProductsResponse & { total?: number };

/** A page of products, or of those whose name has words starting with `q`'s (server-side). */
export const getProducts = (page = 1, q = '') => {
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (q) query.set('q', q);
  const search = query.toString();
  return api.get<AllProductsPage>(`/product/get-product${search ? `?${search}` : ''}`);
};

export const productsQueryOptions = (page = 1, q = '') =>
  queryOptions({
    queryKey: adminQueryKeys.products.every(page, q),
    queryFn: () => getProducts(page, q),
    placeholderData: keepPreviousData,
  });

export function useProducts(page = 1, q = '') {
  return useQuery(productsQueryOptions(page, q));
}

/** Just these products (those that still exist), to name the ids a form holds. */
export const productsByIdsQueryOptions = (ids: readonly string[]) =>
  queryOptions({
    queryKey: adminQueryKeys.products.byIds(ids),
    queryFn: () =>
      api.get<AllProductsPage>(`/product/get-product?ids=${ids.map(encodeURIComponent).join(',')}`),
    enabled: ids.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
