import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductCountResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

export const getProductCount = () => api.get<ProductCountResponse>('/product/get-product-count');

export const productCountQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.products.count, queryFn: getProductCount });

export function useProductCount(config: QueryConfig<typeof productCountQueryOptions> = {}) {
  return useQuery({ ...productCountQueryOptions(), ...config });
}
