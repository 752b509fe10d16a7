import { z } from 'zod';

import { objectId, queryText, requiredText } from './common.js';

export const productCategory = z
  .object({ _id: objectId, name: z.string() })
  .meta({ id: 'ProductCategory' });

/** A product as the API returns it (SPEC §3). */
export const product = z
  .object({
    _id: objectId,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    price: z.number(),
    quantity: z.number(),
    shipping: z.boolean(),
    category: productCategory,
    /** The photo's URL at its default width. */
    photo: z.string(),
    /** The photo at each produced width, for srcset. */
    photos: z.array(z.object({ width: z.number(), url: z.string() })).optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof product>;

/** A cart line: a product the shopper chose, with how many. */
export const cartItem = product.extend({ cartQuantity: z.number().int().min(1) });
export type CartItem = z.infer<typeof cartItem>;

/** `?page=` of the admin's product list (500 a page). */
export const adminProductsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** A page number in the path: a positive whole number. */
export const pageParams = z.object({ page: z.coerce.number().int().min(1).max(100_000) });

const priceBound = z.number().min(0);
export const filterProductsBody = z
  .object({
    checked: z.array(objectId).max(100).default([]),
    /** An inclusive [min, max] pair, or empty for no price filter. */
    radio: z.union([z.tuple([priceBound, priceBound]), z.tuple([])]).default([]),
    page: z.number().int().min(1).max(100_000).default(1),
  })
  .refine((b) => b.radio.length === 0 || b.radio[0]! <= b.radio[1]!, {
    message: 'The price range must be [min, max] with min ≤ max',
    path: ['radio'],
  });
export type FilterProductsBody = z.input<typeof filterProductsBody>;

export const productCountResponse = z.object({ total: z.number() });
export type ProductCountResponse = z.infer<typeof productCountResponse>;
export const productListResponse = z.object({ prod: z.array(product) });
export type ProductListResponse = z.infer<typeof productListResponse>;
export const filterProductsResponse = z.object({
  filterProduct: z.array(product),
  total: z.number(),
});
export type FilterProductsResponse = z.infer<typeof filterProductsResponse>;
export const searchResponse = z.object({ data: z.array(product) });
export type SearchResponse = z.infer<typeof searchResponse>;
export const allProductsResponse = z.object({
  success: z.boolean(),
  AllProducts: z.array(product),
  /** Every product, for paging (500 a page); added beside SPEC's fields. */
  total: z.number().optional(),
});
export type AllProductsResponse = z.infer<typeof allProductsResponse>;
export const productResponse = z.object({ Aproduct: product });
export type ProductResponse = z.infer<typeof productResponse>;
export const relatedProductsResponse = z.object({ products: z.array(product) });
export type RelatedProductsResponse = z.infer<typeof relatedProductsResponse>;
export const relatedParams = z.object({ productId: objectId, categoryId: objectId });
export const slugParams = z.object({ slug: queryText('Slug', 200) });
export const searchParams = z.object({ keyword: queryText('Keyword', 100) });

/** Multipart fields arrive as strings; shipping takes true/false/1/0/Yes/No. */
const shippingField = z.union([z.boolean(), z.string()]).transform((v, ctx) => {
  if (typeof v === 'boolean') return v;
  const s = v.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(s)) return true;
  if (['false', '0', 'no', ''].includes(s)) return false;
  ctx.addIssue({ code: 'custom', message: 'Shipping must be Yes or No' });
  return z.NEVER;
});

export const productBody = z.object({
  name: requiredText('Name', 120),
  description: requiredText('Description', 5000),
  price: z.coerce
    .number({ error: 'Price must be a number' })
    .positive('Price must be more than 0')
    .max(10_000_000, 'Price is too high'),
  quantity: z.coerce
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity cannot be negative')
    .max(1_000_000, 'Quantity is too high'),
  shipping: shippingField.default(false),
  category: objectId,
});
export type ProductBody = z.input<typeof productBody>;

export const productMutationResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  product: product.optional(),
});
export type ProductMutationResponse = z.infer<typeof productMutationResponse>;
