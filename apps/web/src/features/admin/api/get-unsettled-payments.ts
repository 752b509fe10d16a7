import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UnsettledResponse } from '@repo/shared';
import { PAGE_SIZE } from '@repo/shared/constants';
import { api } from '@/lib/api-client';
import { adminQueryKeys } from '@/lib/admin-query-keys';

/** A page of checkouts with captured payments that made no order, longest waiting first. */
export const getUnsettledPayments = (page: number) =>
  api.get<UnsettledResponse>(`/payment/unsettled?page=${page}&limit=${PAGE_SIZE}`);

export const unsettledPaymentsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminQueryKeys.orders.unsettledPage(page),
    queryFn: () => getUnsettledPayments(page),
    placeholderData: keepPreviousData,
  });

export function useUnsettledPayments(page: number) {
  return useQuery(unsettledPaymentsQueryOptions(page));
}
