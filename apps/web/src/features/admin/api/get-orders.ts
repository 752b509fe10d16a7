import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrdersResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const getOrders = (page: number, limit: number) =>
  api.get<AdminOrdersResponse>(`/orders/adminorders?page=${page}&limit=${limit}`);

export const ordersQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: adminKeys.orderPage(page, limit),
    queryFn: () => getOrders(page, limit),
    placeholderData: keepPreviousData,
  });

export function useOrders(page: number, limit: number) {
  return useQuery(ordersQueryOptions(page, limit));
}
