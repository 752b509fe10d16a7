import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FilterProductsResponse } from '@repo/shared';
import type { PriceRange } from '@repo/shared/constants';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

export interface ProductFilter {
  /** Category ids (several allowed). */
  checked: string[];
  /** One [min, max] price pair, or empty. */
  radio: PriceRange | readonly [];
  page: number;
  /** Only products with stock left in this size (left out when any size will do). */
  size?: string;
}

export const getFilteredProducts = (filter: ProductFilter) =>
  api.post<FilterProductsResponse>('/product/getFilter-product', filter);

export const filteredProductsQueryOptions = (filter: ProductFilter) =>
  queryOptions({
    queryKey: ['products', 'filter', filter],
    queryFn: () => getFilteredProducts(filter),
    placeholderData: keepPreviousData,
  });

export function useFilteredProducts(
  filter: ProductFilter,
  config: QueryConfig<typeof filteredProductsQueryOptions> = {},
) {
  return useQuery({ ...filteredProductsQueryOptions(filter), ...config });
}
