/**
 * The read side of the catalog. Every query sorts newest first with _id as the tie-break (so
 * pages are stable), runs on an index (see product.model.ts), reads lean documents with a
 * projection, and fetches the category names of a whole page in one $in query (no N+1).
 */
import mongoose from 'mongoose';
import type { CatalogColour, Product as ProductJson } from '@repo/shared';
import {
  colourKey,
  DEFAULT_COLOUR,
  DEFAULT_COUNTRY_OF_ORIGIN,
  PAGE_SIZE,
  RELATED_LIMIT,
  sizesOf,
  type ProductFit,
} from '@repo/shared';
import { escapeRegExp } from '../../lib/literal-pattern.js';
import { categoryNames } from '../categories/index.js';
import { Product, type ProductFields } from './product.model.js';
import { parseSearch } from './search-terms.js';
import { stockOfRow, type ProductStock } from './stock.js';

export type { ProductJson };

/** The admin product list answers at most this many per page. */
export const ADMIN_PAGE_SIZE = 500;

export const NEWEST = { createdAt: -1, _id: -1 } as const;
export const FIELDS = {
  name: 1,
  slug: 1,
  description: 1,
  price: 1,
  quantity: 1,
  sizes: 1,
  'colours._id': 1,
  'colours.name': 1,
  'colours.hex': 1,
  'colours.sizes': 1,
  'colours.images._id': 1,
  'colours.images.url': 1,
  'colours.images.widths': 1,
  'colours.images.alt': 1,
  shipping: 1,
  mrp: 1,
  countryOfOrigin: 1,
  fabric: 1,
  gsm: 1,
  fit: 1,
  washCare: 1,
  category: 1,
  // A product the start-up migration has not reached yet still has its photo here.
  'photo.url': 1,
  'photo.widths': 1,
  'rating.average': 1,
  'rating.count': 1,
  createdAt: 1,
  updatedAt: 1,
} as const;

interface PhotoRow {
  url: string;
  widths?: Array<{ width: number; url: string }> | null;
}
interface ImageRow extends PhotoRow {
  _id: mongoose.Types.ObjectId;
  alt?: string | null;
}
interface SizeRow {
  size: string;
  quantity: number;
}
interface ColourRow {
  _id: mongoose.Types.ObjectId;
  name: string;
  hex: string;
  images?: ImageRow[] | null;
  sizes: SizeRow[];
}

export interface ProductRow {
  _id: mongoose.Types.ObjectId;
  name: string;
  slug: string;
  description: string;
  price: number;
  quantity: number;
  sizes?: SizeRow[] | null;
  colours?: ColourRow[] | null;
  shipping?: boolean | null;
  mrp?: number | null;
  countryOfOrigin?: string | null;
  fabric?: string | null;
  gsm?: number | null;
  fit?: string | null;
  washCare?: string | null;
  category: mongoose.Types.ObjectId;
  /** Only on a product saved before colours that the start-up migration has not reached yet. */
  photo?: PhotoRow | null;
  rating?: { average?: number | null; count?: number | null } | null;
  createdAt: Date;
  updatedAt: Date;
}

const widthsJson = (photo: PhotoRow | undefined) =>
  (photo?.widths ?? []).map((w) => ({ width: w.width, url: w.url }));

/**
 * The colours as stored, or the one colour a product saved before colours reads as until the
 * start-up migration reaches it (its sizes, its photo); its id is the product's, stable.
 */
function coloursOfRow(p: ProductRow): ColourRow[] {
  if (p.colours?.length) return p.colours;
  const sizes = sizesOf({ quantity: p.quantity, sizes: p.sizes ?? undefined });
  const images = p.photo ? [{ ...p.photo, _id: p._id, alt: p.name }] : [];
  return [{ _id: p._id, ...DEFAULT_COLOUR, images, sizes }];
}

/**
 * A product's stock fields as the API shows them, one unit: cached answers get them laid over
 * (layStock, lib/cached-read.ts) when stock alone changes, so they must be all a stock write
 * touches: the total, the sums per size and each colour's sizes.
 */
function stockJson(p: Pick<ProductRow, '_id' | 'quantity' | 'sizes' | 'colours' | 'updatedAt'>) {
  const colours = coloursOfRow(p as ProductRow);
  const stock = stockOfRow({ ...p, colours });
  return {
    quantity: stock.quantity,
    sizes: stock.sizes,
    colours: colours.map((c, i) => ({ _id: String(c._id), sizes: stock.colours[i]!.sizes })),
    updatedAt: p.updatedAt.toISOString(),
  };
}
export type StockJson = ReturnType<typeof stockJson>;

/** The current stock fields of these products (for the catalog reader's overlay). */
export async function currentStock(ids: string[]): Promise<Map<string, StockJson>> {
  const rows = await Product.find(
    { _id: { $in: ids } },
    { quantity: 1, sizes: 1, 'colours._id': 1, 'colours.sizes': 1, updatedAt: 1 },
  ).lean<Array<Pick<ProductRow, '_id' | 'quantity' | 'sizes' | 'colours' | 'updatedAt'>>>();
  return new Map(rows.map((row) => [String(row._id), stockJson(row)]));
}

/** Lays a product's current stock over it (the catalog reader's overlay); each colour by its id. */
export function layStock(product: ProductJson, stock: StockJson): void {
  product.quantity = stock.quantity;
  product.sizes = stock.sizes;
  product.updatedAt = stock.updatedAt;
  for (const colour of product.colours) {
    const now = stock.colours.find((c) => c._id === colour._id);
    if (now) colour.sizes = now.sizes;
  }
}

/**
 * How much of each colour's photos a read shows: all of them (one product), or the first
 * (lists: a card shows one photo per colour, and lists stay lean).
 */
type Images = 'all' | 'first';

/** A product's facts as one product's read shows them: those set, and where it was made. */
function factsJson(p: ProductRow): Partial<ProductJson> {
  return {
    countryOfOrigin: p.countryOfOrigin || DEFAULT_COUNTRY_OF_ORIGIN,
    ...(p.fabric ? { fabric: p.fabric } : {}),
    ...(typeof p.gsm === 'number' ? { gsm: p.gsm } : {}),
    ...(p.fit ? { fit: p.fit as ProductFit } : {}),
    ...(p.washCare ? { washCare: p.washCare } : {}),
  };
}

function toJson(p: ProductRow, categoryName: string | undefined, images: Images): ProductJson {
  const stock = stockJson(p);
  const colours = coloursOfRow(p).map((c, i) => ({
    _id: String(c._id),
    name: c.name,
    hex: c.hex,
    images: (images === 'all' ? (c.images ?? []) : (c.images ?? []).slice(0, 1)).map((img) => ({
      _id: String(img._id),
      url: img.url,
      alt: img.alt ?? '',
      widths: widthsJson(img),
    })),
    sizes: stock.colours[i]!.sizes,
  }));
  const main = coloursOfRow(p)[0]?.images?.[0];
  return {
    _id: String(p._id),
    name: p.name,
    slug: p.slug,
    description: p.description,
    price: p.price,
    quantity: stock.quantity,
    sizes: stock.sizes,
    colours,
    shipping: Boolean(p.shipping),
    // Every read: the cards strike it through.
    ...(typeof p.mrp === 'number' ? { mrp: p.mrp } : {}),
    ...(images === 'all' ? factsJson(p) : {}),
    category: { _id: String(p.category), name: categoryName ?? '' },
    photo: main?.url ?? '',
    photos: widthsJson(main),
    createdAt: p.createdAt.toISOString(),
    updatedAt: stock.updatedAt,
    rating: { average: p.rating?.average ?? 0, count: p.rating?.count ?? 0 },
  };
}

/**
 * Rows → API products, with `category: { _id, name }` from one query for the whole list (or
 * from `names` when the caller has them already).
 */
export async function withCategories(
  rows: ProductRow[],
  opts: { names?: Map<string, string>; images?: Images } = {},
): Promise<ProductJson[]> {
  const names = opts.names ?? (await categoryNames(rows.map((r) => String(r.category))));
  return rows.map((r) => toJson(r, names.get(String(r.category)), opts.images ?? 'first'));
}

type ProductFilter = mongoose.QueryFilter<ProductFields>;

async function findPage(filter: ProductFilter, opts: { skip?: number; limit: number }) {
  const rows = await Product.find(filter, FIELDS)
    .sort(NEWEST)
    .skip(opts.skip ?? 0)
    .limit(opts.limit)
    .lean<ProductRow[]>();
  return withCategories(rows);
}

const pageOf = (page: number, size = PAGE_SIZE) => ({ skip: (page - 1) * size, limit: size });

export function countProducts(): Promise<number> {
  return Product.countDocuments({});
}

export function listPage(page: number): Promise<ProductJson[]> {
  return findPage({}, pageOf(page));
}

export interface CatalogFilter {
  checked: string[];
  /** An inclusive [min, max] pair, or empty. */
  radio: [] | [number, number];
  page: number;
  /** Only products with stock left in this size. */
  size?: string | undefined;
  /** Only products with stock left in this colour (with the size, in that size). */
  colour?: string | undefined;
}

/**
 * Products in any of the checked categories, inside the price range and with stock left in
 * the colour and the size (both in one colour when both are asked); any of them may be empty.
 */
export async function filterProducts(
  f: CatalogFilter,
): Promise<{ filterProduct: ProductJson[]; total: number }> {
  const filter: ProductFilter = {};
  if (f.checked.length)
    filter.category = { $in: f.checked.map((id) => new mongoose.Types.ObjectId(id)) };
  if (f.radio.length === 2) filter.price = { $gte: f.radio[0], $lte: f.radio[1] };
  const inStock = { ...(f.size && { size: f.size }), quantity: { $gt: 0 } };
  if (f.colour)
    filter.colours = { $elemMatch: { key: colourKey(f.colour), sizes: { $elemMatch: inStock } } };
  else if (f.size) filter.sizes = { $elemMatch: inStock };
  const [filterProduct, total] = await Promise.all([
    findPage(filter, pageOf(f.page)),
    Product.countDocuments(filter),
  ]);
  return { filterProduct, total };
}

/** The most colours the home page's filter offers. */
export const CATALOG_COLOURS_MAX = 40;

/**
 * Every colour the catalog's products come in, one per key, named and swatched as most products
 * have it, in name order; not "Default" (a colour nobody named yet). For the home page's filter:
 * a catalog read, cached until the catalog changes (one pass over the products per change).
 */
export async function catalogColours(): Promise<CatalogColour[]> {
  const rows = await Product.aggregate<{
    _id: { key: string; name: string; hex: string };
    n: number;
  }>([
    { $unwind: '$colours' },
    { $match: { 'colours.key': { $ne: colourKey(DEFAULT_COLOUR.name) } } },
    {
      $group: {
        _id: { key: '$colours.key', name: '$colours.name', hex: '$colours.hex' },
        n: { $sum: 1 },
      },
    },
  ]);
  const byKey = new Map<string, { name: string; hex: string; n: number }>();
  for (const { _id, n } of rows) {
    const seen = byKey.get(_id.key);
    if (!seen || n > seen.n || (n === seen.n && _id.name < seen.name))
      byKey.set(_id.key, { name: _id.name, hex: _id.hex, n });
  }
  return [...byKey]
    .map(([key, { name, hex }]) => ({ name, hex, key }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .slice(0, CATALOG_COLOURS_MAX);
}

/**
 * The admin's list, newest first: every product, or those whose name has a word starting with
 * each word of `q`, read as search reads words ("sak dri" finds "Sakura Drift Tee"; words every
 * product is, like "tee", match all), on the titleTerms index (anchored prefixes use it).
 */
export async function allProducts(
  page: number,
  q = '',
): Promise<{ AllProducts: ProductJson[]; total: number }> {
  const query = parseSearch(q);
  const filter: ProductFilter =
    query.kind === 'words'
      ? {
          $and: query.words.map((word) => ({
            titleTerms: { $regex: new RegExp(`^${escapeRegExp(word)}`) },
          })),
        }
      : {};
  const [AllProducts, total] = await Promise.all([
    findPage(filter, pageOf(page, ADMIN_PAGE_SIZE)),
    query.kind === 'words' ? Product.countDocuments(filter) : countProducts(),
  ]);
  return { AllProducts, total };
}

/**
 * One product with every photo of every colour, by its slug or else by one it had before a
 * rename (its `slug` then names its address now). A product with the slug wins over one that
 * had it.
 */
export async function productBySlug(slug: string): Promise<ProductJson | undefined> {
  const row =
    (await Product.findOne({ slug }, FIELDS).lean<ProductRow>()) ??
    (await Product.findOne({ formerSlugs: slug }, FIELDS).lean<ProductRow>());
  return row ? (await withCategories([row], { images: 'all' }))[0] : undefined;
}

export async function productById(id: string): Promise<ProductJson | undefined> {
  const row = await Product.findById(id, FIELDS).lean<ProductRow>();
  return row ? (await withCategories([row], { images: 'all' }))[0] : undefined;
}

/** The newest products of the same category, without the product itself. */
export function relatedProducts(productId: string, categoryId: string): Promise<ProductJson[]> {
  return findPage(
    {
      category: new mongoose.Types.ObjectId(categoryId),
      _id: { $ne: new mongoose.Types.ObjectId(productId) },
    },
    { limit: RELATED_LIMIT },
  );
}

/** Products by id, in the order asked; unknown ids are left out. For other modules (orders, payments). */
export async function findProductsByIds(ids: string[]): Promise<ProductJson[]> {
  const valid = [...new Set(ids.map((id) => String(id).toLowerCase()))].filter((id) =>
    /^[a-f\d]{24}$/.test(id),
  );
  if (!valid.length) return [];
  const rows = await Product.find({ _id: { $in: valid } }, FIELDS).lean<ProductRow[]>();
  const byId = new Map((await withCategories(rows)).map((p) => [p._id, p]));
  return valid.map((id) => byId.get(id)).filter((p): p is ProductJson => p !== undefined);
}

/**
 * What a checkout prices a product by: its name, price (rupees), stock per colour and size, and
 * each colour's photo (its first; else the product's main photo).
 */
export interface ProductForSale {
  name: string;
  price: number;
  /** Its category's id (a code or an offer may be for some categories only). */
  category: string;
  stock: ProductStock;
  /** Each colour's photo URL, in the order of `stock.colours`. */
  colourPhotos: string[];
}

/** The products a cart names, by id, in one query (unknown ids are absent). */
export async function productsForSale(ids: string[]): Promise<Map<string, ProductForSale>> {
  const rows = await Product.find(
    { _id: { $in: ids } },
    {
      name: 1,
      price: 1,
      quantity: 1,
      sizes: 1,
      'colours._id': 1,
      'colours.name': 1,
      'colours.hex': 1,
      'colours.sizes': 1,
      'colours.images.url': 1,
      'photo.url': 1,
      category: 1,
    },
  ).lean<ProductRow[]>();
  return new Map(
    rows.map((r) => {
      const colours = coloursOfRow(r);
      return [
        String(r._id),
        {
          name: r.name,
          price: r.price,
          category: String(r.category),
          stock: stockOfRow({ ...r, colours }),
          colourPhotos: colourPhotosOf(colours),
        },
      ];
    }),
  );
}

/** Each colour's photo: its first, else the first colour's (the product's main photo), else ''. */
function colourPhotosOf(colours: ColourRow[]): string[] {
  const main = colours[0]?.images?.[0]?.url ?? '';
  return colours.map((c) => c.images?.[0]?.url ?? main);
}

/** A product's photo now: its main photo, and each colour's by its key. */
export interface CurrentPhotos {
  main: string;
  byColour: Map<string, string>;
}

/** Each product's photos now, by id; deleted products are absent. */
export async function currentPhotos(ids: string[]): Promise<Map<string, CurrentPhotos>> {
  const rows = await Product.find(
    { _id: { $in: ids } },
    { 'colours.name': 1, 'colours.images.url': 1, 'photo.url': 1, quantity: 1 },
  ).lean<ProductRow[]>();
  return new Map(
    rows.map((row) => {
      const colours = coloursOfRow(row);
      const photos = colourPhotosOf(colours);
      return [
        String(row._id),
        {
          main: photos[0] ?? '',
          byColour: new Map(colours.map((c, i) => [colourKey(c.name), photos[i]!])),
        },
      ];
    }),
  );
}

export function countProductsInCategory(categoryId: string): Promise<number> {
  return Product.countDocuments({ category: new mongoose.Types.ObjectId(categoryId) });
}

/** Slugs and last changes for the sitemap, in `_id` order, a page at a time. */
export function sitemapProducts(
  skip: number,
  limit: number,
): Promise<Array<{ slug: string; updatedAt?: Date }>> {
  return Product.find({}, { _id: 0, slug: 1, updatedAt: 1 })
    .sort({ _id: 1 })
    .skip(skip)
    .limit(limit)
    .lean<Array<{ slug: string; updatedAt?: Date }>>();
}
