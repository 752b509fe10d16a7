import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressesResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

export const getAddresses = () => api.get<AddressesResponse>('/user/addresses');

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users.addresses, queryFn: getAddresses });

/** The signed-in customer's saved addresses, the default first. */
export function useAddresses(config: QueryConfig<typeof addressesQueryOptions> = {}) {
  return useQuery({ ...addressesQueryOptions(), ...config });
}
