/**
 * The product form's "Product details" (issue 33): MRP, country of origin and the garment's
 * facts, all optional; the storefront shows them on the product page. SPEC §5: no checks in the
 * browser beyond the lengths; the server's message shows beside the field.
 */
import type { ComponentProps } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { GSM_RANGE, PRODUCT_FITS } from '@repo/shared/constants';
import { TEXT_LIMITS } from '@repo/shared/constants/limits';
import {
  controlClasses,
  Field,
  SelectField,
  TextAreaField,
  TextField,
} from '@/components/ui/form-field';
import type { FieldErrors } from '@/lib/outcome';
import type { ProductFormValues } from '../lib/product-form';

/** An amount in rupees, with ₹ in front of it. */
export function RupeeField({
  label,
  hint,
  error,
  ...props
}: { label: string; hint?: string; error?: string | undefined } & ComponentProps<'input'>) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500 dark:text-slate-400"
          >
            ₹
          </span>
          <input
            {...control}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            placeholder="0"
            {...props}
            className={`${controlClasses} pl-7`}
          />
        </div>
      )}
    </Field>
  );
}

export function ProductFactsFields({
  register,
  errors,
}: {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors;
}) {
  return (
    <fieldset className="flex flex-col gap-5 rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 text-sm font-semibold">Product details</legend>
      <div className="grid gap-5 sm:grid-cols-3">
        <RupeeField
          label="MRP (optional)"
          hint="Incl. of all taxes; struck through when above the price"
          error={errors.mrp}
          {...register('mrp')}
        />
        <TextField
          label="Country of origin"
          error={errors.countryOfOrigin}
          maxLength={TEXT_LIMITS.countryOfOrigin}
          placeholder="India"
          {...register('countryOfOrigin')}
        />
        <SelectField label="Fit" error={errors.fit} {...register('fit')}>
          <option value="">Not stated</option>
          {PRODUCT_FITS.map((fit) => (
            <option key={fit} value={fit}>
              {fit}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Fabric"
          error={errors.fabric}
          maxLength={TEXT_LIMITS.fabric}
          placeholder="100% cotton"
          fieldClassName="sm:col-span-2"
          {...register('fabric')}
        />
        <TextField
          label="GSM"
          hint={`Fabric weight, ${GSM_RANGE.min}–${GSM_RANGE.max}`}
          error={errors.gsm}
          type="number"
          inputMode="numeric"
          min={GSM_RANGE.min}
          max={GSM_RANGE.max}
          placeholder="180"
          {...register('gsm')}
        />
      </div>
      <TextAreaField
        label="Wash care"
        error={errors.washCare}
        maxLength={TEXT_LIMITS.washCare}
        rows={2}
        placeholder="Machine wash cold, inside out"
        {...register('washCare')}
      />
    </fieldset>
  );
}
