import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateStatusBody, UpdateStatusResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const updateOrderStatus = ({ orderId, status }: UpdateStatusBody & { orderId: string }) =>
  api.put<UpdateStatusResponse>(`/orders/update-status/${encodeURIComponent(orderId)}`, { status });

/** SPEC §4: after a change the order list (and with it the overview) reloads. */
export function useUpdateOrderStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.orders.admin }),
  });
}
