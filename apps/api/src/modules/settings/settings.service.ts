/**
 * The shop's settings, read and saved by section (the sections and their defaults are in
 * @repo/shared's schemas/settings.ts). Reads go to the database every time, one small lean
 * read by `_id`: the shop runs as several processes, and an admin's change must apply to the
 * next order any of them prices, so no process keeps its own copy.
 */
import {
  SETTINGS_SECTIONS,
  SETTINGS_SECTION_NAMES,
  type AdminSettings,
  type PublicSettings,
  type SettingsRecord,
  type SettingsSection,
  type SettingsValue,
} from '@repo/shared';
import type { z } from 'zod';
import { bumpSettingsVersion } from '../../lib/catalog-version.js';
import { conflict, isDuplicateKey, validationError } from '../../lib/errors.js';
import { Settings, SettingsHistory } from './settings.model.js';

export interface SettingsAuthor {
  id: string;
  name: string;
}

type StoredSettings = {
  _id: string;
  value: unknown;
  version: number;
  updatedAt: Date;
  updatedBy: { _id: unknown; name?: string | null };
};

/**
 * A section's value: each stored field that still passes its schema, the default for any
 * other (a field added to the schema after the section was saved, or one whose rule changed).
 */
export function settingsValue<S extends SettingsSection>(
  section: S,
  stored: unknown,
): SettingsValue<S> {
  const { schema, fields } = SETTINGS_SECTIONS[section];
  const raw = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const merged = Object.fromEntries(
    Object.entries(fields as Record<string, z.ZodType>).map(([name, field]) => {
      const parsed = field.safeParse(raw[name]);
      return [name, parsed.success ? parsed.data : field.parse(undefined)];
    }),
  );
  // A rule across fields (the smallest COD order not above the largest) that the mix breaks: defaults.
  const whole = schema.safeParse(merged);
  return (whole.success ? whole.data : schema.parse({})) as SettingsValue<S>;
}

function toRecord<S extends SettingsSection>(
  section: S,
  stored: StoredSettings | null | undefined,
): SettingsRecord<SettingsValue<S>> {
  return {
    value: settingsValue(section, stored?.value),
    updatedAt: stored ? stored.updatedAt.toISOString() : null,
    updatedBy: stored
      ? { _id: String(stored.updatedBy._id), name: stored.updatedBy.name ?? '' }
      : null,
  };
}

/** The settings in effect now for one section (its defaults where it was never saved). */
export async function getSettings<S extends SettingsSection>(
  section: S,
): Promise<SettingsValue<S>> {
  const stored = await Settings.findById(section, { value: 1 }).lean<{ value: unknown }>();
  return settingsValue(section, stored?.value);
}

/** Several sections in one read: `{ delivery, cod }`. */
export async function getSettingsOf<S extends SettingsSection>(
  sections: readonly S[],
): Promise<{ [K in S]: SettingsValue<K> }> {
  const rows = await Settings.find({ _id: { $in: sections } }, { value: 1 }).lean<
    { _id: string; value: unknown }[]
  >();
  const byId = new Map(rows.map((r) => [r._id, r.value]));
  return Object.fromEntries(sections.map((s) => [s, settingsValue(s, byId.get(s))])) as {
    [K in S]: SettingsValue<K>;
  };
}

/** Every section with when and by whom it was saved: the admin's settings page. */
export async function adminSettings(): Promise<AdminSettings> {
  const rows = await Settings.find({ _id: { $in: SETTINGS_SECTION_NAMES } }).lean<
    StoredSettings[]
  >();
  const byId = new Map(rows.map((r) => [r._id, r]));
  return Object.fromEntries(
    SETTINGS_SECTION_NAMES.map((s) => [s, toRecord(s, byId.get(s))]),
  ) as AdminSettings;
}

/** What the storefront may read of each section. */
export async function publicSettings(): Promise<PublicSettings> {
  const all = await getSettingsOf(SETTINGS_SECTION_NAMES);
  return Object.fromEntries(
    SETTINGS_SECTION_NAMES.map((s) => [s, SETTINGS_SECTIONS[s].public.parse(all[s])]),
  ) as PublicSettings;
}

/** `GET /api/settings/public`'s answer (the launch pages the server renders inline it too). */
export async function publicSettingsAnswer(): Promise<{ success: true; settings: PublicSettings }> {
  return { success: true, settings: await publicSettings() };
}

/** Saves raced by another admin's are read again and merged anew this many times. */
const SAVE_ATTEMPTS = 5;

/**
 * Saves the fields given of a section (the others keep their values), checked with the
 * section's whole schema: a 400 with the field issues otherwise, and nothing changes. The
 * write is conditional on the version read, so two admins saving different fields at once
 * both keep theirs. Takes effect for whatever is priced or shown next.
 */
export async function updateSettings<S extends SettingsSection>(
  section: S,
  fields: Partial<SettingsValue<S>>,
  by: SettingsAuthor,
): Promise<SettingsRecord<SettingsValue<S>>> {
  const { schema } = SETTINGS_SECTIONS[section];
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt += 1) {
    const current = await Settings.findById(section).lean<StoredSettings>();
    const parsed = schema.safeParse({ ...settingsValue(section, current?.value), ...fields });
    if (!parsed.success) throw validationError(parsed.error);
    const saved = {
      value: parsed.data,
      version: (current?.version ?? 0) + 1,
      updatedAt: new Date(),
      updatedBy: { _id: by.id, name: by.name },
    };
    if (current) {
      const { matchedCount } = await Settings.updateOne(
        { _id: section, version: current.version },
        { $set: saved },
      );
      if (matchedCount === 0) continue;
    } else {
      try {
        await Settings.create({ _id: section, ...saved });
      } catch (err) {
        if (isDuplicateKey(err)) continue;
        throw err;
      }
    }
    // Pages kept with the shop's details (a product page's seller) are made again.
    await bumpSettingsVersion();
    // The record of what applied when; the save above already took effect.
    await SettingsHistory.create({ section, ...saved });
    return toRecord(section, { _id: section, ...saved });
  }
  throw conflict('These settings are being saved by someone else right now. Please try again.');
}
