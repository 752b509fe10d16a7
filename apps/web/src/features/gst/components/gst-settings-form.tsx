/**
 * The admin's GST and invoices settings: the seller as its tax invoices name it (legal name,
 * address, state, GSTIN) and the prefixes of the invoice and credit-note series. No invoice is
 * made until the name, address, state and GSTIN are filled in.
 */
import { useForm } from 'react-hook-form';
import type { GstSettings, SettingsRecord } from '@repo/shared';
import { INDIAN_STATE_NAMES } from '@repo/shared/constants/india';
import { SettingsForm } from '@/components/settings-form';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { showIssuesOn, useSettingsSection } from '@/lib/use-settings-section';

export function GstSettingsForm({ record }: { record: SettingsRecord<GstSettings> }) {
  const { save, saving } = useSettingsSection('gst');
  const form = useForm<GstSettings>({ defaultValues: record.value });
  const { register } = form;
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    await save(values, showIssuesOn(form));
  });

  return (
    <SettingsForm
      title="GST and invoices"
      saveLabel="Save GST and invoice settings"
      description="The seller's details printed on every tax invoice and credit note. Until the legal name, address, state and GSTIN are filled in, no invoice is made."
      record={record}
      saving={saving}
      onSubmit={submit}
    >
      <TextField
        label="Legal name"
        hint="As registered for GST."
        autoComplete="organization"
        error={errors.legalName?.message}
        {...register('legalName')}
      />
      <TextAreaField
        label="Address of the place of business"
        rows={2}
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="State" error={errors.state?.message} {...register('state')}>
          <option value="">Choose a state</option>
          {INDIAN_STATE_NAMES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </SelectField>
        <TextField
          label="GSTIN"
          hint="15 characters, starting with the state's code."
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          error={errors.gstin?.message}
          {...register('gstin')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Invoice number prefix"
          hint="1 to 3 letters or digits: TS gives TS/26-27/000123."
          maxLength={3}
          error={errors.invoicePrefix?.message}
          {...register('invoicePrefix')}
        />
        <TextField
          label="Credit note number prefix"
          hint="Its own series: CN gives CN/26-27/000007."
          maxLength={3}
          error={errors.creditNotePrefix?.message}
          {...register('creditNotePrefix')}
        />
      </div>
    </SettingsForm>
  );
}
