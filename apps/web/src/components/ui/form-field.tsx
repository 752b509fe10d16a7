/**
 * Labelled form controls: every input has a visible label, and a hint or error is tied to
 * it with aria-describedby. Extra props go to the underlying element.
 */
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * Greyed only for the readonly attribute: `:read-only` would also match every <select>.
 * min-h-10: inputs and selects are the same height (a select was shorter) and big enough for a thumb.
 */
export const controlClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 min-h-10 ' +
  'disabled:bg-slate-100 disabled:text-slate-500 [&[readonly]]:bg-slate-50 [&[readonly]]:text-slate-600 aria-invalid:border-red-500 ' +
  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:disabled:bg-slate-800 dark:[&[readonly]]:bg-slate-800 dark:[&[readonly]]:text-slate-300';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: {
    id: string;
    'aria-describedby'?: string;
    'aria-invalid'?: boolean;
  }) => ReactNode;
}

/** A label, the control rendered by `children`, then a hint and an error message. */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

type Common = { label: ReactNode; hint?: ReactNode; error?: string; fieldClassName?: string };

export function TextField({
  label,
  hint,
  error,
  fieldClassName,
  className,
  ...props
}: Common & ComponentProps<'input'>) {
  return (
    <Field label={label} hint={hint} error={error} className={fieldClassName}>
      {(control) => <input {...control} {...props} className={cn(controlClasses, className)} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  fieldClassName,
  className,
  ...props
}: Common & ComponentProps<'textarea'>) {
  return (
    <Field label={label} hint={hint} error={error} className={fieldClassName}>
      {(control) => (
        <textarea
          rows={3}
          {...control}
          {...props}
          className={cn(controlClasses, 'resize-y', className)}
        />
      )}
    </Field>
  );
}

export function SelectField({
  label,
  hint,
  error,
  fieldClassName,
  className,
  children,
  ...props
}: Common & ComponentProps<'select'>) {
  return (
    <Field label={label} hint={hint} error={error} className={fieldClassName}>
      {(control) => (
        <select {...control} {...props} className={cn(controlClasses, className)}>
          {children}
        </select>
      )}
    </Field>
  );
}
