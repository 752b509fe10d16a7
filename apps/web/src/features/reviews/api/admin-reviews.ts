/** The admin's Reviews page: a page of reviews (all or of one status), publish or hide, reply. */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminReviewResponse, AdminReviewsResponse, ReviewStatus } from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminQueryKeys } from '@/lib/admin-query-keys';
import { queryKeys } from '@/lib/query-keys';

/** `status`: one of the statuses, or '' for every review. */
export const getAdminReviews = (status: ReviewStatus | '', page: number) =>
  api.get<AdminReviewsResponse>(
    `/admin/reviews?page=${page}${status ? `&status=${encodeURIComponent(status)}` : ''}`,
  );

export const adminReviewsQueryOptions = (status: ReviewStatus | '', page: number) =>
  queryOptions({
    queryKey: adminQueryKeys.reviews.adminPage(status, page),
    queryFn: () => getAdminReviews(status, page),
    placeholderData: keepPreviousData,
  });

export function useAdminReviews(status: ReviewStatus | '', page: number) {
  return useQuery(adminReviewsQueryOptions(status, page));
}

export const setReviewStatus = ({
  reviewId,
  status,
}: {
  reviewId: string;
  status: 'published' | 'hidden';
}) =>
  api.put<AdminReviewResponse>(`/admin/reviews/${encodeURIComponent(reviewId)}/status`, {
    status,
  });

export const replyToReview = ({ reviewId, text }: { reviewId: string; text: string }) =>
  api.put<AdminReviewResponse>(`/admin/reviews/${encodeURIComponent(reviewId)}/reply`, { text });

/** Every reviews answer is stale after a change: the admin's list and the product pages. */
function useRefreshReviews() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.reviews.root });
}

export function useSetReviewStatus() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: setReviewStatus, onSettled: refresh });
}

export function useReplyToReview() {
  const refresh = useRefreshReviews();
  return useMutation({ mutationFn: replyToReview, onSettled: refresh });
}
