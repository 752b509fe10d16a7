/**
 * The part of the shop's settings the storefront reads (delivery fee, COD, the shop's details on
 * the launch pages). Its own module, apart from the admin's (settings.ts): the entry loads it to
 * fill a server-rendered launch page's first render, and must not carry the admin's saving code.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettingsResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

export const getPublicSettings = () => api.get<PublicSettingsResponse>('/settings/public');

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.settings.public,
    queryFn: getPublicSettings,
    // The server lets caches keep it for a minute; checkout prices on the server anyway.
    staleTime: 60_000,
  });

export function usePublicSettings(config: QueryConfig<typeof publicSettingsQueryOptions> = {}) {
  return useQuery({ ...publicSettingsQueryOptions(), ...config });
}
