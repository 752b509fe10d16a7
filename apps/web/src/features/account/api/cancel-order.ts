import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelOrderResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { orderQueryOptions } from './get-order';

export const cancelOrder = (orderId: string) =>
  api.put<CancelOrderResponse>(`/orders/cancel/${encodeURIComponent(orderId)}`);

/** The shopper cancels a pending order; the page shows the answer's order, the list reloads. */
export function useCancelOrder(
  userId: string,
  { onSuccess, ...config }: MutationConfig<CancelOrderResponse, string> = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (data, orderId, ...rest) => {
      qc.setQueryData(orderQueryOptions(userId, orderId).queryKey, {
        success: true,
        order: data.order,
      });
      void qc.invalidateQueries({ queryKey: queryKeys.orders.ofUser(userId), exact: true });
      return onSuccess?.(data, orderId, ...rest);
    },
    ...config,
  });
}
