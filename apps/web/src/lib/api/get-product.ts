/** One product by slug: its page, the cart's refresh and the admin's update form. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

export const getProduct = (slug: string) =>
  api.get<ProductResponse>(`/product/get-product/${encodeURIComponent(slug)}`);

export const productQueryOptions = (slug: string) =>
  queryOptions({ queryKey: queryKeys.products.detail(slug), queryFn: () => getProduct(slug) });

export function useProduct(slug: string, config: QueryConfig<typeof productQueryOptions> = {}) {
  return useQuery({ ...productQueryOptions(slug), ...config });
}
