import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RelatedProductsResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

export const getRelatedProducts = (productId: string, categoryId: string) =>
  api.get<RelatedProductsResponse>(`/product/related-product/${productId}/${categoryId}`);

export const relatedProductsQueryOptions = (productId: string, categoryId: string) =>
  queryOptions({
    queryKey: queryKeys.products.related(productId, categoryId),
    queryFn: () => getRelatedProducts(productId, categoryId),
  });

export function useRelatedProducts(
  productId: string | undefined,
  categoryId: string | undefined,
  config: QueryConfig<typeof relatedProductsQueryOptions> = {},
) {
  return useQuery({
    ...relatedProductsQueryOptions(productId ?? '', categoryId ?? ''),
    enabled: Boolean(productId && categoryId),
    ...config,
  });
}
