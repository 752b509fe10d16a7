/** Create a product; on success every field (photo and category included) starts over. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useCreateProduct } from '../api/create-product';
import { settle, type FieldErrors } from '@/lib/outcome';
import { emptyProductForm, productFormData, type ProductFormValues } from '../lib/product-form';
import { ProductForm } from './product-form';

export function CreateProductForm() {
  const form = useForm<ProductFormValues>({ defaultValues: emptyProductForm });
  const create = useCreateProduct();
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(values: ProductFormValues) {
    const answer = await settle(
      create.mutateAsync(productFormData(values)),
      { refused: 'Something went wrong.', exception: 'Create product failed' },
      setErrors,
    );
    if (!answer) return;
    toast.success('Product created successfully!');
    form.reset(emptyProductForm);
  }

  return (
    <ProductForm
      form={form}
      onSubmit={submit}
      busy={create.isPending}
      errors={errors}
      colourPhotos={
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The photo above is the first colour&apos;s first photo. Each colour&apos;s other photos
          (several at once, their alt texts and their order) are added on the product&apos;s page
          under Products once it is created.
        </p>
      }
      actions={
        <Button type="submit" size="lg" loading={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Product'}
        </Button>
      }
    />
  );
}
