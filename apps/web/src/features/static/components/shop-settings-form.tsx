/**
 * The admin's Shop details: how shoppers reach the shop, the grievance officer and the return
 * window, shown on the Contact, Terms, Shipping and Returns pages (who sells, its legal name,
 * address and GSTIN, is the GST section's). A detail left empty shows there as "not set yet"
 * until it is filled in.
 */
import { useForm } from 'react-hook-form';
import type { SettingsRecord, ShopSettings } from '@repo/shared';
import { SettingsFieldset, SettingsForm } from '@/components/settings-form';
import { TextField } from '@/components/ui/form-field';
import { showIssuesOn, useSettingsSection } from '@/lib/use-settings-section';

/** The form's values: every field as typed text (the return window too). */
type ShopForm = { [K in keyof ShopSettings]: string };

const formOf = (shop: ShopSettings): ShopForm => ({ ...shop, returnDays: String(shop.returnDays) });
/** '' stays NaN, so the shared schema says the field needs a number. */
const settingsOf = (form: ShopForm): ShopSettings => ({
  ...form,
  returnDays: form.returnDays.trim() === '' ? Number.NaN : Number(form.returnDays),
});

/** What every missing detail looks like on the pages, for the hints. */
const NOT_SET = 'Shown as “not set yet” until filled in.';

export function ShopSettingsForm({ record }: { record: SettingsRecord<ShopSettings> }) {
  const { save, saving } = useSettingsSection('shop');
  const form = useForm<ShopForm>({ defaultValues: formOf(record.value) });
  const { register } = form;
  const errors = form.formState.errors;
  const text = (name: keyof ShopForm, max: number) => ({
    maxLength: max,
    error: errors[name]?.message,
    ...register(name, { onChange: () => form.clearErrors(name) }),
  });

  const submit = form.handleSubmit(async (values) => {
    await save(settingsOf(values), showIssuesOn(form));
  });

  return (
    <SettingsForm
      title="Shop details"
      description="How shoppers reach you, shown on the Contact, Terms, Shipping and Returns pages (the payment provider and India's e-commerce rules ask for them). The seller's legal name, address and GSTIN shown there are those of GST and invoices, below."
      record={record}
      saving={saving}
      onSubmit={submit}
    >
      <SettingsFieldset legend="Customer care">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Customer care phone"
            type="tel"
            inputMode="tel"
            hint="As shoppers dial it: 080 4567 8910, +91 98765 43210 or 1800 123 4567."
            {...text('phone', 20)}
          />
          <TextField
            label="Customer care email"
            type="email"
            hint={NOT_SET}
            {...text('email', 254)}
          />
        </div>
        <TextField
          label="Support hours"
          hint="As a shopper reads them: “Monday to Saturday, 10 am to 7 pm”."
          {...text('supportHours', 120)}
        />
      </SettingsFieldset>
      <SettingsFieldset legend="Grievance officer">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Grievance officer’s name" {...text('grievanceOfficerName', 80)} />
          <TextField
            label="Grievance officer’s designation"
            hint="Optional."
            {...text('grievanceOfficerDesignation', 80)}
          />
          <TextField
            label="Grievance officer’s email"
            type="email"
            {...text('grievanceOfficerEmail', 254)}
          />
          <TextField
            label="Grievance officer’s phone"
            type="tel"
            inputMode="tel"
            {...text('grievanceOfficerPhone', 20)}
          />
        </div>
      </SettingsFieldset>
      <TextField
        label="Return window (days after delivery)"
        hint="0: no returns of T-shirts that fit and are as described (damaged or wrong ones are always taken back)."
        type="number"
        inputMode="numeric"
        min={0}
        max={30}
        step={1}
        fieldClassName="max-w-xs"
        error={errors.returnDays?.message}
        {...register('returnDays', { onChange: () => form.clearErrors('returnDays') })}
      />
    </SettingsForm>
  );
}
