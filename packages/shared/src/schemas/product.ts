import { z } from 'zod';

import { COLOUR_NAME_MAX, ONE_SIZE, PRODUCT_SIZES, SIZES } from '../constants/index.js';
import {
  ALT_TEXT_MAX,
  DEFAULT_COUNTRY_OF_ORIGIN,
  GSM_RANGE,
  MAX_COLOURS,
  MAX_IMAGES_PER_COLOUR,
  PRODUCT_FITS,
} from '../constants/forms.js';
import { TEXT_LIMITS } from '../constants/limits.js';
import {
  colourKey,
  formatRupees,
  sortSizes,
  sumOverColours,
  toPaise,
  totalOfSizes,
} from '../rules/index.js';
import { category } from './category.js';
import { jsonList, objectId, optionalText, queryText, requiredText } from './common.js';
import { rating } from './review.js';

/** A size a product line can be in: XS … 3XL, or One size. */
export const productSize = z.enum(PRODUCT_SIZES, {
  error: `Size must be one of: ${PRODUCT_SIZES.join(', ')}`,
});
/** A size the product is made in, with its own stock. */
export const sizeStock = z
  .object({
    size: productSize,
    quantity: z
      .number({ error: 'The stock of a size must be a number' })
      .int('The stock of a size must be a whole number')
      .min(0, 'The stock of a size cannot be negative')
      .max(1_000_000, 'The stock of a size is too high'),
  })
  .meta({ id: 'SizeStock' });
export type SizeStockJson = z.infer<typeof sizeStock>;

/** A picture at one of the widths the photo pipeline made (for srcset). */
export const photoWidth = z.object({ width: z.number(), url: z.string() });

/** One photo of a colour: its URL (the widest), its widths for srcset and its alt text. */
export const productImage = z
  .object({
    _id: objectId,
    url: z.string(),
    alt: z.string(),
    widths: z.array(photoWidth),
  })
  .meta({ id: 'ProductImage' });
export type ProductImage = z.infer<typeof productImage>;

/** A colour's name as the shopper reads it: letters, digits, spaces and a few marks. */
export const colourName = requiredText('Colour name', COLOUR_NAME_MAX).regex(
  /^[\p{L}\p{N}][\p{L}\p{N} '&().-]*$/u,
  "A colour name may hold letters, digits, spaces and - ' & ( ) . only",
);
/** A swatch's colour, `#RRGGBB` (stored in upper case). */
export const colourHex = z
  .string({ error: 'Swatch colour is required' })
  .trim()
  .regex(/^#[0-9a-f]{6}$/i, 'A swatch colour is a hex code like #1E1E21')
  .transform((v) => v.toUpperCase());

/** A colour of a product, in the order the admin set: its swatch, photos and stock per size. */
export const productColour = z
  .object({
    _id: objectId,
    name: z.string(),
    hex: z.string(),
    images: z.array(productImage).meta({
      description:
        "In the admin's order. Lists answer each colour's first photo only; GET /product/get-product/{slug} answers them all.",
    }),
    /** The sizes it is made in (XS … 3XL order), each with its stock; `One size` otherwise. */
    sizes: z.array(sizeStock),
  })
  .meta({ id: 'ProductColour' });
export type ProductColour = z.infer<typeof productColour>;

export const productCategory = z
  .object({ _id: objectId, name: z.string() })
  .meta({ id: 'ProductCategory' });

/** A product as the API returns it. */
export const product = z
  .object({
    _id: objectId,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    price: z.number(),
    /** Always the sum of every colour's sizes. */
    quantity: z.number(),
    /** Per size (XS … 3XL order), the sum over the colours; `One size` otherwise. */
    sizes: z.array(sizeStock),
    colours: z.array(productColour).meta({
      description:
        "Never empty, in the admin's order: stock lives per colour and size (`sizes` and `quantity` are their sums, `photo` the first colour's first photo).",
    }),
    shipping: z.boolean(),
    /** Rupees incl. of all taxes; left out when the admin has not set one (nothing is struck). */
    mrp: z.number().optional(),
    /**
     * The product page's facts, on one product's read only (lists stay lean): where it was made
     * ("India" unless the admin says otherwise) and the garment's facts, each left out until
     * the admin sets it.
     */
    countryOfOrigin: z.string().optional(),
    fabric: z.string().optional(),
    gsm: z.number().optional(),
    fit: z.enum(PRODUCT_FITS).optional(),
    washCare: z.string().optional(),
    category: productCategory,
    /** The main photo's URL: the first image of the first colour ('' when it has none). */
    photo: z.string(),
    /** The main photo at each produced width, for srcset. */
    photos: z.array(photoWidth).optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    /** The published reviews' average and count ({ average: 0, count: 0 } with none). */
    rating,
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof product>;

/**
 * A cart line: a product in one colour and one size, with how many. `size` is missing only on
 * carts saved before sizes existed (the cart asks for one before checkout), `colour` on carts
 * saved before colours (fine while the product comes in one colour).
 */
export const cartItem = product.extend({
  /** Lines saved before ratings existed have none (the cart never shows it). */
  rating: rating.optional(),
  cartQuantity: z.number().int().min(1),
  size: productSize.optional(),
  colour: z.string().optional(),
});

export type CartItem = z.infer<typeof cartItem>;

/** `?page=` of the admin's product list (500 a page). */
/** Product ids as a comma-separated list (a query parameter): 1 to 100 of them, each once. */
const productIdList = z
  .string()
  .max(2600)
  .transform((v) => [...new Set(v.split(',').filter(Boolean))])
  .pipe(z.array(objectId).min(1, 'Give at least one product id').max(100));

export const adminProductsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Words the products' names start words with (blank: every product). */
  q: z.string().trim().max(80, 'Search can be at most 80 characters').default(''),
  /** Only these products (a picker naming the ids a form holds), in the order given. */
  ids: productIdList.optional(),
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
    /** Only products with stock left in this size (in the colour, when one is asked for too). */
    size: z.enum(SIZES, { error: `Size must be one of: ${SIZES.join(', ')}` }).optional(),
    /** Only products with stock left in this colour (a name, any case; spaces or hyphens). */
    colour: queryText('Colour', COLOUR_NAME_MAX).optional(),
  })
  .refine((b) => b.radio.length === 0 || b.radio[0]! <= b.radio[1]!, {
    message: 'The price range must be [min, max] with min ≤ max',
    path: ['radio'],
  });
export type FilterProductsBody = z.input<typeof filterProductsBody>;

/** `GET /product/colours`: the catalog's colours, for the home page's colour filter. */
export const catalogColour = z
  .object({
    /** As most products spell it ("Bottle Green"). */
    name: z.string(),
    hex: z.string(),
    /** The colour's key (lower case, hyphens): the filter's `?colour=` and `colour`. */
    key: z.string(),
  })
  .meta({ id: 'CatalogColour' });
export type CatalogColour = z.infer<typeof catalogColour>;
export const catalogColoursResponse = z.object({ colours: z.array(catalogColour) });
export type CatalogColoursResponse = z.infer<typeof catalogColoursResponse>;

export const productCountResponse = z.object({ total: z.number() });
export type ProductCountResponse = z.infer<typeof productCountResponse>;
export const productListResponse = z.object({ prod: z.array(product) });
export type ProductListResponse = z.infer<typeof productListResponse>;
export const filterProductsResponse = z.object({
  filterProduct: z.array(product),
  total: z.number(),
});
export type FilterProductsResponse = z.infer<typeof filterProductsResponse>;
export const searchResponse = z.object({
  data: z.array(product),
  /** Added beside the original `data` when nothing matched: categories to browse instead. */
  suggestions: z.array(category).optional(),
});
export type SearchResponse = z.infer<typeof searchResponse>;
export const allProductsResponse = z.object({
  success: z.boolean(),
  AllProducts: z.array(product),
  /** Every product, for paging (500 a page); added beside the original fields. */
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

/** A list of sizes with their stock: each size at most once, One size alone, in the shop's order. */
const sizeList = z
  .array(sizeStock, { error: 'Sizes must be a list of { size, quantity }' })
  .min(1, 'Choose at least one size')
  .max(PRODUCT_SIZES.length)
  .superRefine((sizes, ctx) => {
    const names = sizes.map((s) => s.size);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) ctx.addIssue({ code: 'custom', message: `Size ${twice} is listed twice` });
    if (names.includes(ONE_SIZE) && names.length > 1)
      ctx.addIssue({ code: 'custom', message: 'One size cannot be combined with other sizes' });
  })
  .transform((sizes) => sortSizes(sizes));

/**
 * The multipart field `sizes`: JSON such as `[{"size":"M","quantity":5}]` (an array is taken
 * as it is). Each size at most once, One size alone; answered in the shop's size order.
 */
const sizesField = jsonList('Sizes must be JSON, for example [{"size":"M","quantity":5}]').pipe(
  sizeList,
);

/** A colour as the product form sends it: `_id` names one it had (so a rename keeps its photos). */
export const colourInput = z.object({
  _id: objectId.optional(),
  name: colourName,
  hex: colourHex,
  sizes: sizeList,
});
export type ColourInput = z.output<typeof colourInput>;

/**
 * The multipart field `colours`: JSON such as
 * `[{"name":"Black","hex":"#111111","sizes":[{"size":"M","quantity":5}]}]`, in the order
 * shoppers see them. Names differ (regardless of case); One size is all the colours' or none's.
 */
const coloursField = jsonList(
  'Colours must be JSON, for example [{"name":"Black","hex":"#111111","sizes":[{"size":"M","quantity":5}]}]',
)
  .pipe(
    z
      .array(colourInput, { error: 'Colours must be a list of { name, hex, sizes }' })
      .min(1, 'Add at least one colour')
      .max(MAX_COLOURS, `A product comes in at most ${MAX_COLOURS} colours`),
  )
  .superRefine((colours, ctx) => {
    const keys = colours.map((c) => colourKey(c.name));
    const twice = colours.find((_, i) => keys.indexOf(keys[i]!) !== i);
    if (twice) ctx.addIssue({ code: 'custom', message: `Colour ${twice.name} is listed twice` });
    const oneSize = colours.map((c) => c.sizes[0]!.size === ONE_SIZE);
    if (oneSize.some(Boolean) && !oneSize.every(Boolean))
      ctx.addIssue({
        code: 'custom',
        message: "One size is every colour's or none's: it cannot be mixed with other sizes",
      });
  });

/** A price in rupees as the form sends it: whole paise, more than 0. */
const rupees = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be more than 0`)
    // Whole paise: money is counted in paise, and the price filters meet a paisa apart.
    .multipleOf(0.01, `${label} can have at most 2 decimal places`)
    .max(10_000_000, `${label} is too high`);

/** An optional fact: '' (or blanks) clears it (null), left out keeps it (on update). */
const clearable = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.string().trim().pipe(z.literal('')), schema], {
      // The value's own message ("GSM must be a number"), not the union's "Invalid input".
      error: (issue) =>
        (issue as { errors?: Array<Array<{ message: string }>> }).errors?.[1]?.[0]?.message,
    })
    .transform((v) => (typeof v === 'string' && v.trim() === '' ? null : (v as z.output<T>)))
    .optional();

/**
 * The product's facts (issue 33): the MRP and what a shopper asks of a garment. All optional
 * and additive: SPEC's form leaves them out, and an update without them keeps them.
 */
const productFactFields = {
  mrp: clearable(rupees('MRP')).meta({
    description:
      'The maximum retail price in rupees incl. of all taxes, at least the price; "" removes it. With an MRP above the price the storefront strikes it through with the share off.',
  }),
  // No default inside: left out on update must stay left out (the stored country is kept).
  countryOfOrigin: optionalText('Country of origin', TEXT_LIMITS.countryOfOrigin)
    .unwrap()
    .transform((v) => v || DEFAULT_COUNTRY_OF_ORIGIN)
    .optional()
    .meta({
      description: `Where it was made; "" or left out on create: ${DEFAULT_COUNTRY_OF_ORIGIN}.`,
    }),
  fabric: clearable(requiredText('Fabric', TEXT_LIMITS.fabric)).meta({
    description: 'What it is made of, e.g. "100% cotton"; "" removes it.',
  }),
  gsm: clearable(
    z.coerce
      .number({ error: 'GSM must be a number' })
      .int('GSM must be a whole number')
      .min(GSM_RANGE.min, `GSM must be between ${GSM_RANGE.min} and ${GSM_RANGE.max}`)
      .max(GSM_RANGE.max, `GSM must be between ${GSM_RANGE.min} and ${GSM_RANGE.max}`),
  ).meta({ description: 'The fabric\'s weight in grams per square metre; "" removes it.' }),
  fit: clearable(
    z.enum(PRODUCT_FITS, { error: `Fit must be one of: ${PRODUCT_FITS.join(', ')}` }),
  ).meta({ description: '"" removes it.' }),
  washCare: clearable(requiredText('Wash care', TEXT_LIMITS.washCare)).meta({
    description: 'How to wash it, e.g. "Machine wash cold, inside out"; "" removes it.',
  }),
};

/** The product form's fields (multipart); productBody adds the rules across them. */
export const productFields = z.object({
  name: requiredText('Name', TEXT_LIMITS.productName),
  description: requiredText('Description', TEXT_LIMITS.productDescription),
  price: rupees('Price'),
  /** Required without `sizes`; with them it may be left out, or must be their total. */
  quantity: z.coerce
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity cannot be negative')
    .max(1_000_000, 'Quantity is too high')
    .optional(),
  sizes: sizesField.optional().meta({
    description:
      'The sizes it is made in with the stock of each, as JSON: [{"size":"M","quantity":5}] (XS, S, M, L, XL, XXL, 3XL, or One size alone), for a product in one colour. Without it (and without colours) the product is One size holding quantity.',
  }),
  colours: coloursField.optional().meta({
    description: `The colours it comes in, in the order shoppers see them, each with its swatch and the stock of each size, as JSON: [{"name":"Black","hex":"#111111","sizes":[{"size":"M","quantity":5}]}] (1 to ${MAX_COLOURS}; names differ regardless of case; "_id" names a colour the product had, so a renamed colour keeps its photos). On update, colours left out are removed with their photos. Without it a product is one colour.`,
  }),
  shipping: shippingField.default(false),
  category: objectId,
  ...productFactFields,
});

/** The price may not exceed the MRP (a maximum retail price, incl. of all taxes). */
export const mrpBelowPrice = (mrp: number) =>
  `The MRP (${formatRupees(mrp)}) cannot be less than the price`;

export const productBody = productFields.superRefine((b, ctx) => {
  if (b.colours && b.sizes)
    ctx.addIssue({
      code: 'custom',
      path: ['sizes'],
      message: 'Send the stock of each size in colours (or sizes alone for one colour), not both',
    });
  const sizes = b.colours ? sumOverColours(b.colours) : b.sizes;
  if (!sizes && b.quantity === undefined)
    ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Quantity is required' });
  if (sizes && b.quantity !== undefined && b.quantity !== totalOfSizes(sizes))
    ctx.addIssue({
      code: 'custom',
      path: ['quantity'],
      message: `Quantity must be the total of the ${b.colours ? "colours' " : ''}sizes (${totalOfSizes(sizes)})`,
    });
  if (b.mrp != null && toPaise(b.mrp) < toPaise(b.price))
    ctx.addIssue({ code: 'custom', path: ['mrp'], message: mrpBelowPrice(b.mrp) });
});
export type ProductBody = z.input<typeof productBody>;

export const productMutationResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  product: product.optional(),
});
export type ProductMutationResponse = z.infer<typeof productMutationResponse>;

/** `GET /product/stock?ids=a,b`: today's stock of the cart's products (up to 100 ids). */
export const stockQuery = z.object({ ids: productIdList });
export const productStock = z
  .object({
    _id: objectId,
    quantity: z.number(),
    sizes: z.array(sizeStock),
    /** Each colour's stock per size, in the product's order. */
    colours: z.array(z.object({ name: z.string(), sizes: z.array(sizeStock) })),
  })
  .meta({ id: 'ProductStock' });
export type ProductStockJson = z.infer<typeof productStock>;
/** Unknown ids are left out (the product was deleted). */
export const stockResponse = z.object({ products: z.array(productStock) });
export type StockResponse = z.infer<typeof stockResponse>;

/** What a photo shows, for those who cannot see it. */
export const altText = requiredText('Alt text', ALT_TEXT_MAX);

/** `/product/{id}/colours/{colour}/…`: the product and one of its colours (by name, any case). */
export const colourParams = z.object({
  id: objectId,
  colour: queryText('Colour', COLOUR_NAME_MAX),
});
/** `/product/{id}/colours/{colour}/images/{imageId}`: one photo of a colour of a product. */
export const imageParams = colourParams.extend({ imageId: objectId });

/** The text fields of a photo upload (multipart, beside the files in `images`). */
export const imageUploadFields = z.object({
  alts: jsonList('Alt texts must be JSON, for example ["Front","Back"]')
    .pipe(
      z.array(altText, { error: 'Alt texts must be a list of texts' }).max(MAX_IMAGES_PER_COLOUR),
    )
    .optional()
    .meta({
      description:
        "Each photo's alt text, in the order of the files, as JSON; a photo without one is described as the product in its colour.",
    }),
});

/** Change a photo: its alt text, or move it to another colour (it goes last there), or both. */
export const imageChangeBody = z
  .object({ alt: altText.optional(), colour: queryText('Colour', COLOUR_NAME_MAX).optional() })
  .refine((b) => b.alt !== undefined || b.colour !== undefined, {
    message: 'Send the new alt text, the colour to move the photo to, or both',
  });
export type ImageChangeBody = z.input<typeof imageChangeBody>;

/** A colour's photos in their new order: every one of them, each once. */
export const imageOrderBody = z.object({
  order: z
    .array(objectId, { error: "order must be the list of the colour's photo ids" })
    .min(1, "order must be the list of the colour's photo ids")
    .max(MAX_IMAGES_PER_COLOUR),
});
export type ImageOrderBody = z.input<typeof imageOrderBody>;
