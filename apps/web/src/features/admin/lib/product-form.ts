/** The product form's values, and how they travel: multipart fields the API parses (SPEC §7). */
import type { Product } from '@repo/shared';

export interface ProductFormValues {
  name: string;
  description: string;
  /** Kept as typed; the server parses and checks numbers. */
  price: string;
  quantity: string;
  /** "1" Yes, "0" No (SPEC: default No). */
  shipping: '0' | '1';
  /** The category's id, '' for none. */
  category: string;
  /** A new photo, or null (optional when updating). */
  photo: File | null;
}

export const emptyProductForm: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  quantity: '',
  shipping: '0',
  category: '',
  photo: null,
};

export function productFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    price: String(product.price),
    quantity: String(product.quantity),
    shipping: product.shipping ? '1' : '0',
    category: product.category?._id ?? '',
    photo: null,
  };
}

export function productFormData(values: ProductFormValues): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('description', values.description);
  form.append('price', values.price);
  form.append('quantity', values.quantity);
  form.append('shipping', values.shipping);
  form.append('category', values.category);
  if (values.photo) form.append('photo', values.photo);
  return form;
}
