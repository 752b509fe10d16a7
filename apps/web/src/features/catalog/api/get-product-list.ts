import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

/** One page of 12 products, newest first. */
export const getProductList = (page: number) =>
  api.get<ProductListResponse>(`/product/productList/${page}`);

export const productListQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.products.list(page),
    queryFn: () => getProductList(page),
    placeholderData: keepPreviousData,
  });

export function useProductList(
  page: number,
  config: QueryConfig<typeof productListQueryOptions> = {},
) {
  return useQuery({ ...productListQueryOptions(page), ...config });
}
