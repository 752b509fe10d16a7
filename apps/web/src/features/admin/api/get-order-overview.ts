import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderOverviewResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminQueryKeys } from '@/lib/admin-query-keys';

/** Orders and revenue per day for the last 30 days, and the count of orders per status. */
export const getOrderOverview = () => api.get<OrderOverviewResponse>('/orders/overview');

export const orderOverviewQueryOptions = () =>
  queryOptions({ queryKey: adminQueryKeys.orders.overview, queryFn: getOrderOverview });

export function useOrderOverview() {
  return useQuery(orderOverviewQueryOptions());
}
