/**
 * Returns and size exchanges for the shopper (docs/behaviour/returns.md): what the order page
 * may offer per line, the request, and cancelling a request not yet approved. Both changes
 * answer the order as it stands: the page shows it at once and reads the options again.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnOptionsResponse, ReturnRequestInput, ReturnsResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { orderQueryOptions } from './get-order';

export const returnOptionsQuery = (userId: string, orderId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.returnOptions(userId, orderId),
    queryFn: () =>
      api.get<ReturnOptionsResponse>(`/orders/${encodeURIComponent(orderId)}/returns/options`),
  });

export function useReturnOptions(userId: string, orderId: string, enabled: boolean) {
  return useQuery({ ...returnOptionsQuery(userId, orderId), enabled });
}

function useShowOrder(userId: string, orderId: string) {
  const qc = useQueryClient();
  return (data: ReturnsResponse) => {
    qc.setQueryData(orderQueryOptions(userId, orderId).queryKey, {
      success: true,
      order: data.order,
    });
    void qc.invalidateQueries({ queryKey: queryKeys.orders.returnOptions(userId, orderId) });
    void qc.invalidateQueries({ queryKey: queryKeys.orders.ofUser(userId), exact: true });
  };
}

/** The request: JSON, or with a photo of the piece multipart (`items` as JSON text beside it). */
export function useRequestReturn(userId: string, orderId: string) {
  const show = useShowOrder(userId, orderId);
  return useMutation({
    mutationFn: ({ body, photo }: { body: ReturnRequestInput; photo?: File | null }) => {
      let sent: ReturnRequestInput | FormData = body;
      if (photo) {
        sent = new FormData();
        sent.append('items', JSON.stringify(body.items));
        sent.append('photo', photo, photo.name);
      }
      return api.post<ReturnsResponse>(`/orders/${encodeURIComponent(orderId)}/returns`, sent);
    },
    onSuccess: show,
  });
}

export function useCancelReturn(userId: string, orderId: string) {
  const show = useShowOrder(userId, orderId);
  return useMutation({
    mutationFn: (returnId: string) =>
      api.put<ReturnsResponse>(`/orders/returns/${encodeURIComponent(returnId)}`, {
        status: 'cancelled',
      }),
    onSuccess: show,
  });
}
