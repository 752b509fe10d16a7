import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetailResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

export const getUserDetail = (userId: string) =>
  api.get<UserDetailResponse>(`/user/user-detail/${userId}`);

export const userDetailQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.users.detail(userId), queryFn: () => getUserDetail(userId) });

/** The signed-in user's full record (email, phone, address): for the dashboard, the cart and checkout. */
export function useUserDetail(
  userId: string | undefined,
  config: QueryConfig<typeof userDetailQueryOptions> = {},
) {
  return useQuery({ ...userDetailQueryOptions(userId ?? ''), enabled: Boolean(userId), ...config });
}
