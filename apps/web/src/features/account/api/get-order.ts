import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetailResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

export const getOrder = (orderId: string) =>
  api.get<OrderDetailResponse>(`/orders/${encodeURIComponent(orderId)}`);

/** Under the user's orders key, so a change to the list (or a cancel) refreshes it too. */
export const orderQueryOptions = (userId: string, orderId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(userId, orderId),
    queryFn: () => getOrder(orderId),
  });

/** One order for its page: items, refund, timeline. */
export function useOrder(
  userId: string | undefined,
  orderId: string,
  config: QueryConfig<typeof orderQueryOptions> = {},
) {
  return useQuery({
    ...orderQueryOptions(userId ?? '', orderId),
    enabled: Boolean(userId),
    ...config,
  });
}
