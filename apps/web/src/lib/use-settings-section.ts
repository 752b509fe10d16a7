/**
 * One section of the admin's settings page: its saved record, and `save`, which checks the
 * section's fields with the shared schema, sends them, and hands each issue (the browser's or
 * the server's, by field path: "zones.0.minDays") to the form to show beside its field.
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { SettingsSection, SettingsValue } from '@repo/shared';
import { SETTINGS_SECTIONS } from '@repo/shared/schemas';
import { ApiError, messageOf } from '@/lib/api-client';
import { useAdminSettings, useUpdateSettings } from '@/lib/api/settings';
import { toast } from '@/lib/toast';

export interface Issue {
  path: string;
  message: string;
}

function issuesOf(error: unknown): Issue[] {
  const issues = error instanceof ApiError ? error.body.issues : undefined;
  if (!Array.isArray(issues)) return [];
  return (issues as Array<{ path?: unknown; message?: unknown }>).flatMap((i) =>
    typeof i?.path === 'string' && typeof i.message === 'string'
      ? [{ path: i.path, message: i.message }]
      : [],
  );
}

export function useSettingsSection<S extends SettingsSection>(section: S) {
  const settings = useAdminSettings();
  const update = useUpdateSettings(section);

  /**
   * Saves the whole section. Resolves true once saved (with the server's toast); else the
   * issues went to `showIssues` and the first is toasted.
   */
  async function save(
    fields: SettingsValue<S>,
    showIssues: (issues: Issue[]) => void,
  ): Promise<boolean> {
    const checked = SETTINGS_SECTIONS[section].schema.safeParse(fields);
    if (!checked.success) {
      const issues = checked.error.issues.map((i) => ({
        path: i.path.join('.'),
        message: i.message,
      }));
      showIssues(issues);
      toast.error(issues[0]!.message);
      return false;
    }
    try {
      const answer = await update.mutateAsync(checked.data as SettingsValue<S>);
      showIssues([]);
      toast.success(answer.message);
      return true;
    } catch (error) {
      const issues = issuesOf(error);
      showIssues(issues);
      toast.error(
        issues[0]?.message ??
          messageOf(error, 'The settings could not be saved. Please try again.'),
      );
      return false;
    }
  }

  return { record: settings.data?.settings[section], save, saving: update.isPending };
}

/**
 * Shows issues on a react-hook-form form, each on the field `fieldOf(path)` names (a list
 * edited as one text field takes its items' issues), the first issue per field; clears the rest.
 */
export function showIssuesOn<F extends FieldValues>(
  form: UseFormReturn<F>,
  fieldOf: (path: string) => string = (path) => path,
) {
  return (issues: Issue[]) => {
    form.clearErrors();
    const shown = new Set<string>();
    for (const issue of issues) {
      const field = fieldOf(issue.path);
      if (shown.has(field)) continue;
      shown.add(field);
      form.setError(field as Path<F>, { type: 'server', message: issue.message });
    }
  };
}
