/** An amount in rupees: a number field with the ₹ sign inside it. */
import type { ComponentProps, ReactNode } from 'react';
import { controlClasses, Field } from './form-field';

export function MoneyField({
  label,
  hint,
  error,
  ...props
}: { label: ReactNode; hint?: ReactNode; error?: string | undefined } & ComponentProps<'input'>) {
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
            {...props}
            className={`${controlClasses} pl-7`}
          />
        </div>
      )}
    </Field>
  );
}
