import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { updateStatusBody, UpdateStatusResponse } from '@repo/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminQueryKeys } from '@/lib/admin-query-keys';

/** The original `status`, with the reason of a move back and the courier and AWB of shipping. */
export type StatusChange = z.input<typeof updateStatusBody>;

export const updateOrderStatus = ({ orderId, ...change }: StatusChange & { orderId: string }) =>
  api.put<UpdateStatusResponse>(`/orders/update-status/${encodeURIComponent(orderId)}`, change);

/** After a change the order list (and with it the overview) reloads. */
export function useUpdateOrderStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSettled: () => qc.invalidateQueries({ queryKey: adminQueryKeys.orders.admin }),
  });
}
