import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundUnsettledBody, RefundUnsettledResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminQueryKeys } from '@/lib/admin-query-keys';

export const refundUnsettledPayment = ({
  checkoutId,
  paymentId,
}: RefundUnsettledBody & { checkoutId: string }) =>
  api.post<RefundUnsettledResponse>(`/payment/unsettled/${encodeURIComponent(checkoutId)}/refund`, {
    paymentId,
  });

/** After a refund (or a refusal) the list of payments to settle reloads. */
export function useRefundUnsettledPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: refundUnsettledPayment,
    onSettled: () => qc.invalidateQueries({ queryKey: adminQueryKeys.orders.unsettled }),
  });
}
