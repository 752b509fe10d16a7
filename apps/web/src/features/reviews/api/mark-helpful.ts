import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HelpfulResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** "Helpful", once per customer (409 the second time). */
export const markHelpful = ({ productId, reviewId }: { productId: string; reviewId: string }) =>
  api.post<HelpfulResponse>(
    `/product/${encodeURIComponent(productId)}/reviews/${encodeURIComponent(reviewId)}/helpful`,
  );

export function useMarkHelpful() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markHelpful,
    onSettled: (_a, _e, { productId }) =>
      qc.invalidateQueries({ queryKey: queryKeys.reviews.ofProduct(productId) }),
  });
}
