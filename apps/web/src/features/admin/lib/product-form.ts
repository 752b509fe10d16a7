/** The product form's values, and how they travel: multipart fields the API parses (SPEC §7). */
import type { Product } from '@repo/shared';
import { SIZES, type Size } from '@repo/shared/constants';
import { isOneSize } from '@repo/shared/rules';

export interface ProductFormValues {
  name: string;
  description: string;
  /** Kept as typed; the server parses and checks numbers. */
  price: string;
  /** The stock of a One size product (no size ticked). */
  quantity: string;
  /** The ticked sizes with their stock as typed; none ticked means One size. */
  sizes: Partial<Record<Size, string>>;
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
  sizes: {},
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
    sizes: isOneSize(product)
      ? {}
      : Object.fromEntries(product.sizes.map((s) => [s.size, String(s.quantity)])),
    shipping: product.shipping ? '1' : '0',
    category: product.category?._id ?? '',
    photo: null,
  };
}

/** The ticked sizes in the shop's order, with their stock as typed. */
export function tickedSizes(values: Pick<ProductFormValues, 'sizes'>): Array<[Size, string]> {
  return SIZES.flatMap((size) => {
    const stock = values.sizes[size];
    return stock === undefined ? [] : [[size, stock] as [Size, string]];
  });
}

/** A size's stock as sent: a number when it reads as one, else the text (the server names it). */
const stockValue = (text: string) => (text.trim() === '' ? 0 : Number(text));

/** What the grid's stock adds up to (text that is not a number counts as 0 here). */
export function sizesTotal(values: Pick<ProductFormValues, 'sizes'>): number {
  return tickedSizes(values).reduce((sum, [, text]) => {
    const n = stockValue(text);
    return Number.isFinite(n) ? sum + n : sum;
  }, 0);
}

export function productFormData(values: ProductFormValues): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('description', values.description);
  form.append('price', values.price);
  const sizes = tickedSizes(values);
  if (sizes.length) {
    // The multipart field `sizes` holds JSON; quantity is their total (the server checks).
    const list = sizes.map(([size, text]) => {
      const n = stockValue(text);
      return { size, quantity: Number.isFinite(n) ? n : text };
    });
    form.append('sizes', JSON.stringify(list));
  } else {
    form.append('quantity', values.quantity);
  }
  form.append('shipping', values.shipping);
  form.append('category', values.category);
  if (values.photo) form.append('photo', values.photo);
  return form;
}
