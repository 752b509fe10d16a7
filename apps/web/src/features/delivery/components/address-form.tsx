/**
 * A saved address's form: recipient, phone, two lines, city, state (India's states and union
 * territories) and PIN, checked with the shared schema (the PIN must agree with the state) and
 * saved; the server's refusals show beside their fields. Used in the address book and at checkout.
 */
import { useState } from 'react';
import type { AddressBody, SavedAddress } from '@repo/shared';
import { INDIAN_STATE_NAMES } from '@repo/shared/constants/india';
import { PHONE_HINT } from '@repo/shared/constants/contact';
import { addressBody } from '@repo/shared/schemas';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { settle } from '@/lib/outcome';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useSaveAddress } from '../api/save-address';

type Fields = Omit<Record<keyof AddressBody, string>, 'isDefault'>;

const empty: Fields = { name: '', phone: '', line1: '', line2: '', city: '', state: '', pin: '' };

export function AddressForm({
  address,
  recipient,
  defaultChoice = false,
  onSaved,
  onCancel,
}: {
  /** The address to change; without it a new one. */
  address?: SavedAddress | undefined;
  /** A new address starts with the account's name and phone. */
  recipient?: { name: string; phone: string } | undefined;
  /** A new address is the default when ticked (the first one always is). */
  defaultChoice?: boolean;
  onSaved: (saved: SavedAddress) => void;
  onCancel: () => void;
}) {
  const [isDefault, setIsDefault] = useState(address?.isDefault ?? defaultChoice);
  const { form, field } = useSchemaForm({
    schema: addressBody,
    defaultValues: address
      ? {
          name: address.name,
          phone: address.phone,
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          state: address.state,
          pin: address.pin,
        }
      : { ...empty, ...recipient },
    toBody: (fields: Fields) => ({ ...fields, isDefault }),
  });
  const save = useSaveAddress();

  async function submit(body: AddressBody) {
    const answer = await settle(
      save.mutateAsync({ ...body, isDefault, ...(address ? { addressId: address._id } : {}) }),
      { refused: 'The address could not be saved.', exception: 'The address could not be saved.' },
      (errors) => {
        for (const [name, message] of Object.entries(errors))
          if (message && name in empty) form.setError(name as keyof Fields, { message });
      },
    );
    if (answer?.address) onSaved(answer.address);
  }

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Full name" autoComplete="name" {...field('name')} />
        <TextField
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          hint={PHONE_HINT}
          {...field('phone')}
        />
      </div>
      <TextField
        label="House and street"
        autoComplete="address-line1"
        placeholder="Flat, house no., building, street"
        {...field('line1')}
      />
      <TextField
        label="Area or landmark (optional)"
        autoComplete="address-line2"
        {...field('line2')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="City" autoComplete="address-level2" {...field('city')} />
        <SelectField label="State" autoComplete="address-level1" {...field('state')}>
          <option value="">Choose…</option>
          {INDIAN_STATE_NAMES.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </SelectField>
        <TextField
          label="PIN code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          {...field('pin')}
        />
      </div>
      <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
        <input
          type="checkbox"
          checked={isDefault}
          disabled={address?.isDefault}
          onChange={(e) => setIsDefault(e.target.checked)}
          className="h-4 w-4 accent-brand-600"
        />
        Make this my default address
      </label>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save address'}
        </Button>
      </div>
    </form>
  );
}
