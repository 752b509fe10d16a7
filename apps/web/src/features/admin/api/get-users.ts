import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AllUsersResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getUsers = (page: number, limit: number) =>
  api.get<AllUsersResponse>(`/all-user/adminpanel?page=${page}&limit=${limit}`);

export const usersQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: queryKeys.users.page(page, limit),
    queryFn: () => getUsers(page, limit),
    placeholderData: keepPreviousData,
  });

export function useUsers(page: number, limit: number) {
  return useQuery(usersQueryOptions(page, limit));
}
