/**
 * The admin's Cash on delivery settings: on or off, its fee, the order values it is offered
 * for, PIN codes without it (zones have their own switch under Delivery), and the limits per
 * customer.
 */
import { useForm } from 'react-hook-form';
import type { CodSettings, SettingsRecord } from '@repo/shared';
import { SettingsFieldset, SettingsForm } from '@/components/settings-form';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { MoneyField } from '@/components/ui/money-field';
import { showIssuesOn, useSettingsSection } from '@/lib/use-settings-section';
import { codField, codForm, codSettingsOf, type CodForm } from '../lib/settings-form';

export function CodSettingsForm({ record }: { record: SettingsRecord<CodSettings> }) {
  const { save, saving } = useSettingsSection('cod');
  const form = useForm<CodForm>({ defaultValues: codForm(record.value) });
  const { register } = form;
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    await save(codSettingsOf(values), showIssuesOn(form, codField));
  });

  return (
    <SettingsForm
      title="Cash on delivery"
      description="Whether shoppers may pay the courier in cash, for which orders, and for whom. Zones without COD are chosen under Delivery."
      record={record}
      saving={saving}
      onSubmit={submit}
    >
      <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
        <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('enabled')} />
        Offer cash on delivery
      </label>
      <SettingsFieldset legend="Fee and order value">
        <div className="grid gap-4 sm:grid-cols-3">
          <MoneyField
            label="COD fee"
            hint="Added to the order's amount."
            error={errors.feePaise?.message}
            {...register('feePaise')}
          />
          <MoneyField
            label="Smallest order"
            hint="The T-shirts' value, before fees."
            error={errors.minOrderPaise?.message}
            {...register('minOrderPaise')}
          />
          <MoneyField
            label="Largest order"
            error={errors.maxOrderPaise?.message}
            {...register('maxOrderPaise')}
          />
        </div>
      </SettingsFieldset>
      <TextAreaField
        label="PIN codes without COD"
        hint="Whole PIN codes or their first digits, separated by commas: 110001, 7440."
        rows={2}
        error={errors.excludedPinPrefixes?.message}
        {...register('excludedPinPrefixes')}
      />
      <SettingsFieldset legend="Per customer">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Open COD orders at most"
            hint="Orders not yet paid to the courier, returned or cancelled."
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            error={errors.maxOpenOrders?.message}
            {...register('maxOpenOrders')}
          />
          <TextField
            label="Parcels returned unpaid before COD is withdrawn"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            error={errors.maxReturnedUnpaid?.message}
            {...register('maxReturnedUnpaid')}
          />
        </div>
      </SettingsFieldset>
    </SettingsForm>
  );
}
