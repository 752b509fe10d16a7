import { queryOptions } from '@tanstack/react-query';
import type { SearchResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The keyword is URL-encoded; no minimum length (the form sends any that is not blank). */
export const searchProducts = (keyword: string) =>
  api.get<SearchResponse>(`/product/search/${encodeURIComponent(keyword)}`);

/**
 * A keyword's results: the search form asks for them afresh when it is sent (and keeps them
 * here, under the keyword), the results page when it opens on a keyword it has none for.
 */
export const searchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: queryKeys.search(keyword),
    queryFn: () => searchProducts(keyword),
    // Results just found (or stored for this tab) are shown as they are, not asked for again.
    staleTime: 5 * 60_000,
  });
