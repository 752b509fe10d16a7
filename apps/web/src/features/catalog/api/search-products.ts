import { useMutation } from '@tanstack/react-query';
import type { SearchResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** SPEC §5: the keyword is URL-encoded; no minimum length. */
export const searchProducts = (keyword: string) =>
  api.get<SearchResponse>(`/product/search/${encodeURIComponent(keyword)}`);

/** A search runs when the form is sent, so it is a mutation rather than a cached query. */
export function useSearchProducts(config: MutationConfig<SearchResponse, string> = {}) {
  return useMutation({ mutationFn: searchProducts, ...config });
}
