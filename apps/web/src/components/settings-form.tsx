/**
 * The frame of one section's form on the admin's settings page: its title and what it is for,
 * the fields (children), when and by whom it was last saved, and Save.
 */
import { useId, type FormEventHandler, type ReactNode } from 'react';
import type { SettingsRecord } from '@repo/shared';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

export function SettingsForm({
  title,
  description,
  record,
  saving,
  onSubmit,
  children,
  saveLabel = `Save ${title.toLowerCase()} settings`,
}: {
  title: string;
  /** The Save button's text, when lower-casing the title would not do ("GST"). */
  saveLabel?: string;
  description: ReactNode;
  record: SettingsRecord<unknown> | undefined;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      aria-busy={saving || undefined}
      className={cn(cardClass, 'flex flex-col gap-5 p-4 sm:p-6')}
    >
      <header className="space-y-1">
        <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900 dark:text-white">
          {title}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>
      </header>
      {children}
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {record?.updatedAt
            ? `Last saved ${formatDateTime(record.updatedAt)}${record.updatedBy ? ` by ${record.updatedBy.name}` : ''}`
            : 'Never saved: the defaults shown apply.'}
        </p>
        <Button type="submit" loading={saving}>
          {saving ? 'Saving...' : saveLabel}
        </Button>
      </footer>
    </form>
  );
}

/** A group of a settings form's fields under its legend ("Customer care", "Zones"). */
export function SettingsFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}
