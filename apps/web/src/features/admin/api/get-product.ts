import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const getProduct = (slug: string) =>
  api.get<ProductResponse>(`/product/get-product/${encodeURIComponent(slug)}`);

/** Always fresh when the update page opens: the form is filled once from this answer. */
export const productQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: adminKeys.product(slug),
    queryFn: () => getProduct(slug),
    staleTime: 0,
  });

export function useProduct(slug: string) {
  return useQuery(productQueryOptions(slug));
}
