/**
 * The product fields shared by the create and update pages: category (searchable), photo
 * (drop zone), name, description, price, quantity, shipping and the size grid. The page owns the values
 * and the buttons.
 */
import type { FormEvent, ReactNode } from 'react';
import {
  controlClasses,
  Field,
  SelectField,
  TextAreaField,
  TextField,
} from '@/components/ui/form-field';
import { useCategories } from '@/lib/api/get-categories';
import { useLoadFailure, type FieldErrors } from '@/lib/outcome';
import { sizesTotal, type ProductFormValues } from '../lib/product-form';
import { CategoryCombobox } from './category-combobox';
import { ImageDropZone } from './image-drop-zone';
import { SizeGrid } from './size-grid';

export function ProductForm({
  values,
  onChange,
  onSubmit,
  currentPhotoUrl,
  busy,
  actions,
  errors = {},
}: {
  values: ProductFormValues;
  onChange: (patch: Partial<ProductFormValues>) => void;
  onSubmit: () => void;
  currentPhotoUrl?: string;
  /** A save is under way (the page disables its buttons). */
  busy?: boolean;
  actions: ReactNode;
  /** What the server said about each field it refused, shown beside that field. */
  errors?: FieldErrors;
}) {
  const categories = useCategories();
  useLoadFailure(categories, 'categories', {
    refused: 'Failed to load categories',
    error: 'Error loading categories',
  });
  const list = categories.data?.success ? categories.data.category : [];

  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit();
  }

  // SPEC §5: no required, length or numeric checks in the browser; the server's message is shown.
  return (
    <form onSubmit={submit} className="flex max-w-3xl flex-col gap-5" aria-busy={busy}>
      <CategoryCombobox
        categories={list}
        value={values.category}
        onChange={(category) => onChange({ category })}
      />
      <FieldError message={errors.category} />
      <ImageDropZone
        file={values.photo}
        onChange={(photo) => onChange({ photo })}
        currentUrl={currentPhotoUrl}
      />
      <FieldError message={errors.photo} />
      <TextField
        label="Name"
        error={errors.name}
        value={values.name}
        placeholder="Product name"
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <TextAreaField
        label="Description"
        error={errors.description}
        rows={4}
        value={values.description}
        placeholder="What makes this T-shirt special"
        onChange={(e) => onChange({ description: e.target.value })}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label="Price" error={errors.price}>
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
                value={values.price}
                placeholder="0"
                onChange={(e) => onChange({ price: e.target.value })}
                className={`${controlClasses} pl-7`}
              />
            </div>
          )}
        </Field>
        {Object.keys(values.sizes).length === 0 ? (
          <TextField
            label="Quantity"
            error={errors.quantity}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.quantity}
            placeholder="0"
            onChange={(e) => onChange({ quantity: e.target.value })}
          />
        ) : (
          <TextField
            label="Quantity"
            error={errors.quantity}
            readOnly
            value={String(sizesTotal(values))}
            aria-describedby="size-grid-hint"
          />
        )}
        <SelectField
          label="Shipping"
          error={errors.shipping}
          value={values.shipping}
          onChange={(e) => onChange({ shipping: e.target.value === '1' ? '1' : '0' })}
        >
          <option value="0">No</option>
          <option value="1">Yes</option>
        </SelectField>
      </div>
      <SizeGrid values={values} onChange={(sizes) => onChange({ sizes })} />
      <FieldError message={errors.sizes} />
      <div className="flex flex-wrap gap-3">{actions}</div>
    </form>
  );
}

/** A refused field's message under a control that draws its own label (category, photo, sizes). */
function FieldError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="-mt-3 text-xs font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}
