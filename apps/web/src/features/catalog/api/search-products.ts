import { queryOptions, useMutation } from '@tanstack/react-query';
import type { SearchResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';

/** SPEC §5: the keyword is URL-encoded; no minimum length. */
export const searchProducts = (keyword: string) =>
  api.get<SearchResponse>(`/product/search/${encodeURIComponent(keyword)}`);

/** A search runs when the form is sent, so it is a mutation rather than a cached query. */
export function useSearchProducts(config: MutationConfig<SearchResponse, string> = {}) {
  return useMutation({ mutationFn: searchProducts, ...config });
}

/** The results page's own search, when it opens on a keyword it has no stored results for. */
export const searchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: queryKeys.search(keyword),
    queryFn: () => searchProducts(keyword),
    // Results just found (or stored for this tab) are shown as they are, not asked for again.
    staleTime: 5 * 60_000,
  });
