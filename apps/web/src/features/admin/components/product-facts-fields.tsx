/**
 * The product form's "Product details" (issue 33): MRP, country of origin and the garment's
 * facts, all optional; the storefront shows them on the product page. As the product form's other
 * fields: no checks in the browser beyond the lengths; the server's message shows beside the field.
 */
import type { UseFormRegister } from 'react-hook-form';
import { GSM_RANGE, PRODUCT_FITS } from '@repo/shared/constants/forms';
import { TEXT_LIMITS } from '@repo/shared/constants/limits';
import { MoneyField } from '@/components/ui/money-field';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import type { FieldErrors } from '@/lib/outcome';
import type { ProductFormValues } from '../lib/product-form';

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
        <MoneyField
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
