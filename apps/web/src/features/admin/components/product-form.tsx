/**
 * The product fields shared by the create and update pages: category (searchable), main photo
 * (drop zone), name, description, price, quantity (the grid's total), shipping, the colours
 * with their stock per size and the product's details (MRP, origin, garment facts). The page owns the form (react-hook-form's useForm over
 * ProductFormValues) and the buttons.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { TEXT_LIMITS } from '@repo/shared/constants/limits';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { useCategories } from '@/lib/api/get-categories';
import { useLoadFailure, type FieldErrors } from '@/lib/outcome';
import { stockTotals, type ProductFormValues } from '../lib/product-form';
import { CategoryCombobox } from './category-combobox';
import { MoneyField } from '@/components/ui/money-field';
import { ProductFactsFields } from './product-facts-fields';
import { ImageDropZone } from './image-drop-zone';
import { StockGrid } from './stock-grid';

export function ProductForm({
  form,
  onSubmit,
  currentPhotoUrl,
  busy,
  actions,
  colourPhotos,
  errors = {},
}: {
  form: UseFormReturn<ProductFormValues>;
  onSubmit: (values: ProductFormValues) => Promise<void>;
  currentPhotoUrl?: string;
  /** A save is under way (the page disables its buttons). */
  busy?: boolean;
  actions: ReactNode;
  /** Each saved colour's photos (the update page: they need the product's id). */
  colourPhotos?: ReactNode;
  /** What the server said about each field it refused, shown beside that field. */
  errors?: FieldErrors;
}) {
  const categories = useCategories();
  useLoadFailure(categories, 'categories', {
    refused: 'Failed to load categories',
    error: 'Error loading categories',
  });
  const list = categories.data?.success ? categories.data.category : [];
  const { register } = form;

  // A refused field's message goes once the field is changed: it no longer describes what is
  // there (the next save is checked again).
  const [edited, setEdited] = useState({ since: errors, fields: new Set<string>() });
  const editedFields = edited.since === errors ? edited.fields : new Set<string>();
  useEffect(() => {
    const watching = form.watch((_values, { name }) => {
      if (!name) return;
      const field = name.split('.')[0]!;
      setEdited((prev) => ({
        since: errors,
        fields: new Set([...(prev.since === errors ? prev.fields : []), field]),
      }));
    });
    return () => watching.unsubscribe();
  }, [form, errors]);
  const shown: FieldErrors = Object.fromEntries(
    Object.entries(errors).filter(([field]) => !editedFields.has(field)),
  );
  const sizes = useWatch({ control: form.control, name: 'sizes' });
  const colours = useWatch({ control: form.control, name: 'colours' });

  // No required, length or numeric checks in the browser (so no resolver): the
  // server's message is shown.
  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      className="flex max-w-4xl flex-col gap-5"
      aria-busy={busy}
    >
      <Controller
        control={form.control}
        name="category"
        render={({ field }) => (
          <CategoryCombobox categories={list} value={field.value} onChange={field.onChange} />
        )}
      />
      <FieldError message={shown.category} />
      <Controller
        control={form.control}
        name="photo"
        render={({ field }) => (
          <ImageDropZone
            file={field.value}
            onChange={field.onChange}
            currentUrl={currentPhotoUrl}
            error={shown.photo}
          />
        )}
      />
      <TextField
        label="Name"
        error={shown.name}
        placeholder="Product name"
        maxLength={TEXT_LIMITS.productName}
        {...register('name')}
      />
      <TextAreaField
        label="Description"
        error={shown.description}
        maxLength={TEXT_LIMITS.productDescription}
        rows={4}
        placeholder="What makes this T-shirt special"
        {...register('description')}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <MoneyField label="Price" placeholder="0" error={shown.price} {...register('price')} />
        <TextField
          label="Quantity"
          error={shown.quantity}
          readOnly
          value={String(stockTotals({ sizes, colours }).total)}
          aria-describedby="stock-grid-hint"
        />
        <SelectField label="Shipping" error={shown.shipping} {...register('shipping')}>
          <option value="0">No</option>
          <option value="1">Yes</option>
        </SelectField>
      </div>
      <StockGrid
        values={{ sizes, colours }}
        onChange={(next) => {
          form.setValue('sizes', next.sizes, { shouldDirty: true });
          form.setValue('colours', next.colours, { shouldDirty: true });
        }}
      />
      <FieldError message={shown.colours ?? shown.sizes} />
      <ProductFactsFields register={register} errors={shown} />
      {colourPhotos}
      <div className="flex flex-wrap gap-3">{actions}</div>
    </form>
  );
}

/** A refused field's message under a control that draws its own label (category, photo, colours). */
function FieldError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="-mt-3 text-xs font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}
