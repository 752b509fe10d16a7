/** The signed-in customer's own review of a product: read it, write or edit it, delete it. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyReviewResponse, ReviewMutationResponse, SuccessMessage } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getMyReview = (productId: string) =>
  api.get<MyReviewResponse>(`/product/${encodeURIComponent(productId)}/reviews/mine`);

export const myReviewQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: queryKeys.reviews.mine(productId),
    queryFn: () => getMyReview(productId),
  });

export function useMyReview(productId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...myReviewQueryOptions(productId), enabled });
}

/** Multipart: stars, title, text, fit, keepPhotos (JSON), photos (files). */
export const saveReview = ({ productId, form }: { productId: string; form: FormData }) =>
  api.post<ReviewMutationResponse>(`/product/${encodeURIComponent(productId)}/reviews`, form);

export const deleteReview = (productId: string) =>
  api.delete<SuccessMessage>(`/product/${encodeURIComponent(productId)}/reviews`);

/** After a change: the product's reviews, the customer's own, and the product's rating. */
function useRefreshAfterChange() {
  const qc = useQueryClient();
  return (productId: string) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.reviews.ofProduct(productId) }),
      qc.invalidateQueries({ queryKey: queryKeys.reviews.mine(productId) }),
      qc.invalidateQueries({ queryKey: queryKeys.products.root }),
    ]);
}

export function useSaveReview() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: saveReview,
    onSettled: (_a, _e, { productId }) => refresh(productId),
  });
}

export function useDeleteReview() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: deleteReview,
    onSettled: (_a, _e, productId) => refresh(productId),
  });
}
