/**
 * The admin's Delivery settings: the fee and the free-delivery threshold, the dispatch cut-off
 * and days, holidays, the zones (states or PIN prefixes, days in transit, COD there) and the
 * rest of India.
 */
import { useState } from 'react';
import { get, useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import type { SettingsRecord, DeliverySettings } from '@repo/shared';
import { INDIAN_STATE_NAMES, WEEKDAYS } from '@repo/shared/constants/india';

import { SettingsFieldset, SettingsForm } from '@/components/settings-form';
import { Button } from '@/components/ui/button';
import { controlClasses, TextAreaField, TextField } from '@/components/ui/form-field';
import { MoneyField } from '@/components/ui/money-field';
import { showIssuesOn, useSettingsSection } from '@/lib/use-settings-section';
import { formatDate } from '@/lib/format';
import {
  deliveryField,
  deliveryForm,
  deliverySettingsOf,
  emptyZone,
  type DeliveryForm,
} from '../lib/settings-form';

/** Monday first, as a week is read in India. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

const checkboxLabel =
  'flex min-h-10 cursor-pointer items-center gap-2 text-sm text-slate-800 dark:text-slate-200';
const checkbox = 'h-4 w-4 accent-brand-600';
const errorClass = 'text-xs font-medium text-red-700 dark:text-red-400';

const messageAt = (errors: FieldErrors<DeliveryForm>, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

export function DeliverySettingsForm({ record }: { record: SettingsRecord<DeliverySettings> }) {
  const { save, saving } = useSettingsSection('delivery');
  const form = useForm<DeliveryForm>({ defaultValues: deliveryForm(record.value) });
  const { register, formState } = form;
  const errors = formState.errors;
  const zones = useFieldArray({ control: form.control, name: 'zones' });

  const submit = form.handleSubmit(async (values) => {
    await save(deliverySettingsOf(values), showIssuesOn(form, deliveryField));
  });

  return (
    <SettingsForm
      title="Delivery"
      description="What delivery costs, when parcels leave, and how long they take to each place. Changes apply to the next estimate and the next order priced; orders keep the fee they were charged."
      record={record}
      saving={saving}
      onSubmit={submit}
    >
      <SettingsFieldset legend="Delivery fee">
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyField
            label="Delivery fee"
            error={errors.feePaise?.message}
            {...register('feePaise')}
          />
          <MoneyField
            label="Free delivery from"
            hint="Orders whose T-shirts come to at least this ship free; 0 makes every order free."
            error={errors.freeFromPaise?.message}
            {...register('freeFromPaise')}
          />
        </div>
      </SettingsFieldset>

      <SettingsFieldset legend="Dispatch">
        <TextField
          label="Cut-off time (India)"
          hint="Orders placed before this on a dispatch day leave that day."
          type="time"
          fieldClassName="sm:max-w-xs"
          error={errors.cutoff?.message}
          {...register('cutoff')}
        />
        <fieldset aria-describedby={errors.dispatchDays ? 'dispatch-days-error' : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
            Dispatch days
          </legend>
          <div className="flex flex-wrap gap-x-5">
            {WEEK.map((day) => (
              <label key={day} className={checkboxLabel}>
                <input
                  type="checkbox"
                  value={String(day)}
                  className={checkbox}
                  {...register('dispatchDays')}
                />
                {WEEKDAYS[day]}
              </label>
            ))}
          </div>
          {errors.dispatchDays && (
            <p id="dispatch-days-error" className={errorClass}>
              {messageAt(errors, 'dispatchDays')}
            </p>
          )}
        </fieldset>
        <HolidaysField
          value={form.watch('holidays')}
          onChange={(holidays) => form.setValue('holidays', holidays, { shouldDirty: true })}
          error={messageAt(errors, 'holidays')}
        />
      </SettingsFieldset>

      <SettingsFieldset legend="Zones">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A PIN is matched to the zone with the longest PIN prefix it starts with, else to the zone
          of its state, else to the rest of India. Days in transit count the days couriers deliver:
          Monday to Saturday, holidays left out.
        </p>
        {messageAt(errors, 'zones') && <p className={errorClass}>{messageAt(errors, 'zones')}</p>}
        {zones.fields.map((zone, index) => (
          <fieldset
            key={zone.id}
            className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950/40"
          >
            <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
              {form.watch(`zones.${index}.name`) || `Zone ${index + 1}`}
            </legend>
            <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
              <TextField
                label="Zone name"
                error={messageAt(errors, `zones.${index}.name`)}
                {...register(`zones.${index}.name`)}
              />
              <TextField
                label="Fastest (days)"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                error={messageAt(errors, `zones.${index}.minDays`)}
                {...register(`zones.${index}.minDays`)}
              />
              <TextField
                label="Slowest (days)"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                error={messageAt(errors, `zones.${index}.maxDays`)}
                {...register(`zones.${index}.maxDays`)}
              />
            </div>
            <TextAreaField
              label="PIN prefixes"
              hint="The first digits of the PIN codes in this zone, separated by commas: 560, 5601, 110001."
              rows={2}
              error={messageAt(errors, `zones.${index}.pinPrefixes`)}
              {...register(`zones.${index}.pinPrefixes`)}
            />
            <details className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
              <summary className="cursor-pointer text-sm font-medium text-slate-800 dark:text-slate-200">
                States and union territories (
                {[form.watch(`zones.${index}.states`)].flat().filter(Boolean).length} chosen)
              </summary>
              <div className="mt-2 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
                {INDIAN_STATE_NAMES.map((state) => (
                  <label key={state} className={checkboxLabel}>
                    <input
                      type="checkbox"
                      value={state}
                      className={checkbox}
                      {...register(`zones.${index}.states`)}
                    />
                    {state}
                  </label>
                ))}
              </div>
            </details>
            {messageAt(errors, `zones.${index}.states`) && (
              <p className={errorClass}>{messageAt(errors, `zones.${index}.states`)}</p>
            )}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <label className={checkboxLabel}>
                <input type="checkbox" className={checkbox} {...register(`zones.${index}.cod`)} />
                Cash on delivery in this zone
              </label>
              <Button variant="ghost" size="sm" onClick={() => zones.remove(index)}>
                Remove zone
              </Button>
            </div>
          </fieldset>
        ))}
        <div>
          <Button variant="outline" size="sm" onClick={() => zones.append({ ...emptyZone })}>
            Add a zone
          </Button>
        </div>
      </SettingsFieldset>

      <SettingsFieldset legend="Rest of India">
        <label className={checkboxLabel}>
          <input type="checkbox" className={checkbox} {...register('elsewhere.serviceable')} />
          Deliver to every other PIN code in India
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Fastest (days)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            error={messageAt(errors, 'elsewhere.minDays')}
            {...register('elsewhere.minDays')}
          />
          <TextField
            label="Slowest (days)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            error={messageAt(errors, 'elsewhere.maxDays')}
            {...register('elsewhere.maxDays')}
          />
        </div>
        <label className={checkboxLabel}>
          <input type="checkbox" className={checkbox} {...register('elsewhere.cod')} />
          Cash on delivery there
        </label>
      </SettingsFieldset>
    </SettingsForm>
  );
}

/** Holidays as a list of dates, each with Remove, and a date field with Add. */
function HolidaysField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (dates: string[]) => void;
  error: string | undefined;
}) {
  const [date, setDate] = useState('');
  const add = () => {
    if (!date || value.includes(date)) return;
    onChange([...value, date].sort());
    setDate('');
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        Holidays
      </legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Nothing is dispatched or delivered on these days.
      </p>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {value.map((day) => (
            <li
              key={day}
              className="flex items-center gap-1 rounded-full border border-slate-300 bg-white py-1 pr-1 pl-3 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            >
              <time dateTime={day}>{formatDate(`${day}T00:00:00`)}</time>
              <button
                type="button"
                onClick={() => onChange(value.filter((d) => d !== day))}
                aria-label={`Remove the holiday on ${formatDate(`${day}T00:00:00`)}`}
                className="flex h-7 w-7 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-red-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-red-400"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">No holidays.</p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          Add a holiday
          <input
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            className={`${controlClasses} w-auto`}
          />
        </label>
        <Button variant="outline" size="sm" className="min-h-10" onClick={add} disabled={!date}>
          Add
        </Button>
      </div>
      {error && <p className={errorClass}>{error}</p>}
    </fieldset>
  );
}
