/**
 * The rows of the admin's code and offer forms: each one a labelled control bound to one value
 * of the form's state, with the server's refusal for that field beside it (the field the
 * server names is the row's `name`, or `error` where the body's field is named otherwise, as
 * `amountOffPaise` for "Amount off (₹)").
 */
import { useId, useState, type ComponentProps } from 'react';
import { ProductPicker } from '@/components/product-picker';
import { Field, controlClasses } from '@/components/ui/form-field';
import { useCategories } from '@/lib/api/get-categories';
import type { FieldErrors } from '@/lib/outcome';

type Values = Record<string, string | boolean | string[]>;
type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

/** A form's values, how to change some of them, and the fields the server refused. */
export interface FormState<V extends Values> {
  values: V;
  set: (patch: Partial<V>) => void;
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
}

export function useFormState<V extends Values>(initial: V): FormState<V> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  return { values, set: (patch) => setValues((old) => ({ ...old, ...patch })), errors, setErrors };
}

type RowProps<V extends Values> = {
  form: FormState<V>;
  name: KeysOf<V, string>;
  label: string;
  /** The body's field the server names when it refuses this row (default: `name`). */
  error?: string;
  hint?: string;
};

/** A text, number or date input; with `options`, a select. */
export function Row<V extends Values>({
  form,
  name,
  label,
  error,
  hint,
  options,
  ...input
}: RowProps<V> & {
  options?: ReadonlyArray<readonly [value: string, label: string]>;
} & Omit<ComponentProps<'input'>, 'form' | 'name' | 'value' | 'onChange'>) {
  const value = form.values[name] as string;
  const change = (next: string) => form.set({ [name]: next } as Partial<V>);
  return (
    <Field label={label} error={form.errors[error ?? name]} hint={hint}>
      {(control) =>
        options ? (
          <select
            {...control}
            value={value}
            onChange={(e) => change(e.target.value)}
            className={controlClasses}
          >
            {options.map(([v, text]) => (
              <option key={v} value={v}>
                {text}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...control}
            {...input}
            value={value}
            onChange={(e) => change(e.target.value)}
            className={controlClasses}
          />
        )
      }
    </Field>
  );
}

export const wholeNumber = { type: 'number', inputMode: 'numeric' } as const;
export const rupeeAmount = { type: 'number', inputMode: 'decimal' } as const;

export function CheckRow<V extends Values>({
  form,
  name,
  label,
}: {
  form: FormState<V>;
  name: KeysOf<V, boolean>;
  label: string;
}) {
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
      <input
        type="checkbox"
        checked={form.values[name] as boolean}
        onChange={(e) => form.set({ [name]: e.target.checked } as Partial<V>)}
        className="h-4 w-4 accent-brand-600"
      />
      {label}
    </label>
  );
}

/** A group of checkboxes for ids chosen from a list, with the server's refusal under it. */
function ChoiceList<V extends Values>({
  form,
  name,
  legend,
  hint,
  choices,
  loading,
}: {
  form: FormState<V>;
  name: KeysOf<V, string[]>;
  legend: string;
  hint: string;
  choices: ReadonlyArray<{ _id: string; name: string }>;
  loading: boolean;
}) {
  const id = useId();
  const chosen = form.values[name] as string[];
  const error = form.errors[name];
  const toggle = (choice: string, on: boolean) =>
    form.set({
      [name]: on ? [...chosen, choice] : chosen.filter((c) => c !== choice),
    } as Partial<V>);
  return (
    <fieldset
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      className="flex flex-col gap-1.5 sm:col-span-2"
    >
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        {chosen.length ? `${chosen.length} chosen. ` : ''}
        {hint}
      </p>
      <div className="max-h-48 overflow-y-auto rounded-lg border border-slate-300 px-3 py-1 dark:border-slate-600">
        {loading ? (
          <p className="py-2 text-sm text-slate-600 dark:text-slate-400">Loading…</p>
        ) : choices.length === 0 ? (
          <p className="py-2 text-sm text-slate-600 dark:text-slate-400">None to choose.</p>
        ) : (
          choices.map((c) => (
            <label
              key={c._id}
              className="flex min-h-9 items-center gap-2 text-sm text-slate-800 dark:text-slate-200"
            >
              <input
                type="checkbox"
                checked={chosen.includes(c._id)}
                onChange={(e) => toggle(c._id, e.target.checked)}
                className="h-4 w-4 accent-brand-600"
              />
              {c.name}
            </label>
          ))
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The shop's categories to tick. */
export function CategoryChoice<V extends Values>({
  form,
  name,
  legend,
  hint,
}: {
  form: FormState<V>;
  name: KeysOf<V, string[]>;
  legend: string;
  hint: string;
}) {
  const categories = useCategories();
  return (
    <ChoiceList
      form={form}
      name={name}
      legend={legend}
      hint={hint}
      choices={categories.data?.category ?? []}
      loading={categories.isPending}
    />
  );
}

/** The products the code or offer is for, found by name (none: every product). */
export function ProductChoice<V extends Values>({
  form,
  name,
}: {
  form: FormState<V>;
  name: KeysOf<V, string[]>;
}) {
  return (
    <div className="sm:col-span-2">
      <ProductPicker
        label="Products"
        hint="A product chosen here counts whatever its category."
        value={form.values[name] as string[]}
        onChange={(ids) => form.set({ [name]: ids } as Partial<V>)}
        error={form.errors[name]}
      />
    </div>
  );
}
