import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AllProductsResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Every product, newest first; the server pages very long lists (`total` tells how many). */
export type AllProductsPage = AllProductsResponse & { total?: number };

export const getProducts = (page = 1) =>
  api.get<AllProductsPage>(page > 1 ? `/product/get-product?page=${page}` : '/product/get-product');

export const productsQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: queryKeys.products.every(page),
    queryFn: () => getProducts(page),
    placeholderData: keepPreviousData,
  });

export function useProducts(page = 1) {
  return useQuery(productsQueryOptions(page));
}
