import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FilterProductsResponse } from '@repo/shared';
import type { CatalogFilter } from '@repo/shared/rules';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

/** The home page's filter (the shared rule builds it from the URL). */
export type ProductFilter = CatalogFilter;

export const getFilteredProducts = (filter: ProductFilter) =>
  api.post<FilterProductsResponse>('/product/getFilter-product', filter);

export const filteredProductsQueryOptions = (filter: ProductFilter) =>
  queryOptions({
    queryKey: queryKeys.products.filter(filter),
    queryFn: () => getFilteredProducts(filter),
    placeholderData: keepPreviousData,
  });

export function useFilteredProducts(
  filter: ProductFilter,
  config: QueryConfig<typeof filteredProductsQueryOptions> = {},
) {
  return useQuery({ ...filteredProductsQueryOptions(filter), ...config });
}
