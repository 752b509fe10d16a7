/** The admin's Returns page: a page of requests (all or of one status), and a move of one. */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminReturnsResponse, ReturnMoveBody, ReturnsResponse } from '@repo/shared';
import type { ReturnStatus, RETURNS_WAITING } from '@repo/shared/constants/returns';
import { api } from '@/lib/api-client';
import { adminQueryKeys } from '@/lib/admin-query-keys';
import { queryKeys } from '@/lib/query-keys';

/** Requests per page (the API pages them in the database). */
export const RETURNS_PAGE_SIZE = 20;

export const adminReturnsQueryOptions = (
  status: ReturnStatus | typeof RETURNS_WAITING | '',
  page: number,
) =>
  queryOptions({
    queryKey: adminQueryKeys.orders.returnsPage(status, page),
    queryFn: () =>
      api.get<AdminReturnsResponse>(
        `/orders/returns?page=${page}&limit=${RETURNS_PAGE_SIZE}${status ? `&status=${status}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });

export function useAdminReturns(status: ReturnStatus | typeof RETURNS_WAITING | '', page: number) {
  return useQuery(adminReturnsQueryOptions(status, page));
}

/** A move; every order answer is stale after it (the lists, the shopper's page, stock). */
export function useMoveReturn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ returnId, ...body }: { returnId: string } & Partial<ReturnMoveBody>) =>
      api.put<ReturnsResponse>(`/orders/returns/${encodeURIComponent(returnId)}`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.orders.root }),
  });
}
