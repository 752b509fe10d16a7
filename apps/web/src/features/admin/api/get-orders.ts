import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrdersResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminQueryKeys } from '@/lib/admin-query-keys';

/**
 * A page of every order, or of those matching `q` (an order number such as "#08D68A95", or any
 * part of the buyer's name, email or phone) in `status` (pending: to ship).
 */
export const getOrders = (page: number, limit: number, q = '', status = '') => {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (q) query.set('q', q);
  if (status) query.set('status', status);
  return api.get<AdminOrdersResponse>(`/orders/adminorders?${query}`);
};

export const ordersQueryOptions = (page: number, limit: number, q = '', status = '') =>
  queryOptions({
    queryKey: adminQueryKeys.orders.adminPage(page, limit, q, status),
    queryFn: () => getOrders(page, limit, q, status),
    placeholderData: keepPreviousData,
  });

export function useOrders(page: number, limit: number, q = '', status = '') {
  return useQuery(ordersQueryOptions(page, limit, q, status));
}
