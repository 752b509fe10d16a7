import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserOrdersResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

export const getUserOrders = () => api.get<UserOrdersResponse>('/orders/user-orders');

/** Keyed by user so one person's orders never show for the next person in the same tab. */
export const userOrdersQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['orders', 'user', userId], queryFn: getUserOrders });

export function useUserOrders(
  userId: string | undefined,
  config: QueryConfig<typeof userOrdersQueryOptions> = {},
) {
  return useQuery({ ...userOrdersQueryOptions(userId ?? ''), enabled: Boolean(userId), ...config });
}
