import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AllUsersResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminQueryKeys } from '@/lib/admin-query-keys';

/** A page of every account, or of those whose name, email or phone holds `q`. */
export const getUsers = (page: number, limit: number, q = '') => {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (q) query.set('q', q);
  return api.get<AllUsersResponse>(`/all-user/adminpanel?${query}`);
};

export const usersQueryOptions = (page: number, limit: number, q = '') =>
  queryOptions({
    queryKey: adminQueryKeys.users.page(page, limit, q),
    queryFn: () => getUsers(page, limit, q),
    placeholderData: keepPreviousData,
  });

export function useUsers(page: number, limit: number, q = '') {
  return useQuery(usersQueryOptions(page, limit, q));
}
