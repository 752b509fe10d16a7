import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReviewSort, ReviewsResponse } from '@repo/shared';
import { answeredFrom, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A page of the product's published reviews (10), newest or most helpful first, with the summary. */
export const getReviews = (productId: string, page: number, sort: ReviewSort) =>
  api.get<ReviewsResponse>(
    `/product/${encodeURIComponent(productId)}/reviews?page=${page}&sort=${sort}`,
  );

export const reviewsQueryOptions = (productId: string, page: number, sort: ReviewSort) =>
  queryOptions({
    queryKey: queryKeys.reviews.page(productId, page, sort),
    queryFn: () => getReviews(productId, page, sort),
    placeholderData: keepPreviousData,
  });

export function useReviews(
  productId: string,
  page: number,
  sort: ReviewSort,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...reviewsQueryOptions(productId, page, sort), enabled });
}

/**
 * The first page of reviews a server-rendered product page was rendered with (in `answers`),
 * put in the cache before the first render so both first renders show it. Kept as stale: once
 * taken over the page asks again, for current Helpful counts and the reader's own marks.
 */
export async function seedFirstReviews(
  client: QueryClient,
  productId: string,
  answers: Record<string, unknown>,
): Promise<void> {
  const data = await answeredFrom(answers, () => getReviews(productId, 1, 'newest')).catch(
    () => undefined, // not in the page: asked for after the first render
  );
  if (data) {
    client.setQueryData(reviewsQueryOptions(productId, 1, 'newest').queryKey, data, {
      updatedAt: 0,
    });
  }
}
