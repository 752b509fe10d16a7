import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewSort, ReviewsResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
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
