import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrdersResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A page of every order, or of those matching `q` (an order number such as "#08D68A95"). */
export const getOrders = (page: number, limit: number, q = '') =>
  api.get<AdminOrdersResponse>(
    `/orders/adminorders?page=${page}&limit=${limit}${q ? `&q=${encodeURIComponent(q)}` : ''}`,
  );

export const ordersQueryOptions = (page: number, limit: number, q = '') =>
  queryOptions({
    queryKey: queryKeys.orders.adminPage(page, limit, q),
    queryFn: () => getOrders(page, limit, q),
    placeholderData: keepPreviousData,
  });

export function useOrders(page: number, limit: number, q = '') {
  return useQuery(ordersQueryOptions(page, limit, q));
}
