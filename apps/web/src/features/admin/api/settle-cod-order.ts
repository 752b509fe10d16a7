import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodSettlementBody, UpdateStatusResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminQueryKeys } from '@/lib/admin-query-keys';

export const settleCodOrder = ({ orderId, ...body }: CodSettlementBody & { orderId: string }) =>
  api.put<UpdateStatusResponse>(`/orders/${encodeURIComponent(orderId)}/cod`, body);

/** Cash collected or returned unpaid: the order list (and the overview) reloads after. */
export function useSettleCodOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: settleCodOrder,
    onSettled: () => qc.invalidateQueries({ queryKey: adminQueryKeys.orders.admin }),
  });
}
