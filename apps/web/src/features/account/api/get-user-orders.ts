import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserOrdersResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

export const getUserOrders = () => api.get<UserOrdersResponse>('/orders/user-orders');

/** Keyed by user so one person's orders never show for the next person in the same tab. */
export const userOrdersQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.orders.ofUser(userId), queryFn: getUserOrders });

export function useUserOrders(
  userId: string | undefined,
  config: QueryConfig<typeof userOrdersQueryOptions> = {},
) {
  return useQuery({ ...userOrdersQueryOptions(userId ?? ''), enabled: Boolean(userId), ...config });
}
