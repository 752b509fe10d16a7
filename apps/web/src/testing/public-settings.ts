/** What `GET /settings/public` answers in tests: every section's defaults, with these fields changed. */
import type { PublicSettings, SettingsSection } from '@repo/shared';
import { SETTINGS_SECTIONS, SETTINGS_SECTION_NAMES } from '@repo/shared/schemas';
import { mockApi } from './mock-api';

export function publicSettings(changes: { [S in SettingsSection]?: Record<string, unknown> } = {}) {
  return {
    success: true,
    settings: Object.fromEntries(
      SETTINGS_SECTION_NAMES.map((s) => [
        s,
        SETTINGS_SECTIONS[s].public.parse({
          ...SETTINGS_SECTIONS[s].schema.parse({}),
          ...changes[s],
        }),
      ]),
    ) as PublicSettings,
  };
}

/**
 * mockApi with `GET /settings/public` answered too (`settings`, else the defaults): for pages
 * that read the shop's details beside their own calls (the order page's receipt letterhead).
 */
export const mockApiWithSettings = (
  routes: Parameters<typeof mockApi>[0],
  settings: ReturnType<typeof publicSettings> = publicSettings(),
) => mockApi({ 'GET /settings/public': () => settings, ...routes });
