/**
 * The shop's settings: every section for the admin's settings page, where each feature's form
 * saves its own section. The storefront's public part is in public-settings.ts.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSettingsResponse,
  SettingsSection,
  SettingsValue,
  UpdateSettingsResponse,
} from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminQueryKeys } from '@/lib/admin-query-keys';
import { queryKeys } from '@/lib/query-keys';

export const getAdminSettings = () => api.get<AdminSettingsResponse>('/admin/settings');

export const adminSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminQueryKeys.settings.admin, queryFn: getAdminSettings });

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}

export const updateSettings = <S extends SettingsSection>(
  section: S,
  fields: Partial<SettingsValue<S>>,
) => api.put<UpdateSettingsResponse<S>>(`/admin/settings/${encodeURIComponent(section)}`, fields);

export function useUpdateSettings<S extends SettingsSection>(section: S) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fields: Partial<SettingsValue<S>>) => updateSettings(section, fields),
    onSuccess: (answer) => {
      qc.setQueryData<AdminSettingsResponse>(adminQueryKeys.settings.admin, (old) =>
        old ? { ...old, settings: { ...old.settings, [section]: answer.settings } } : old,
      );
      return qc.invalidateQueries({ queryKey: queryKeys.settings.public });
    },
  });
}
