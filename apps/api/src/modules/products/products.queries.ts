/**
 * The read side of the catalog. Every query sorts newest first with _id as the tie-break (so
 * pages are stable), runs on an index (see product.model.ts), reads lean documents with a
 * projection, and fetches the category names of a whole page in one $in query (no N+1).
 */
import mongoose from 'mongoose';
import type { Product as ProductJson } from '@repo/shared';
import { PAGE_SIZE, RELATED_LIMIT, SEARCH_LIMIT, sizesOf } from '@repo/shared';
import { categoryNames } from '../categories/index.js';
import { Product, type ProductFields } from './product.model.js';
import type { ProductStock } from './stock.js';

export type { ProductJson };

/** The admin product list answers at most this many per page. */
export const ADMIN_PAGE_SIZE = 500;

const NEWEST = { createdAt: -1, _id: -1 } as const;
const FIELDS = {
  name: 1,
  slug: 1,
  description: 1,
  price: 1,
  quantity: 1,
  sizes: 1,
  shipping: 1,
  category: 1,
  'photo.url': 1,
  'photo.widths': 1,
  createdAt: 1,
  updatedAt: 1,
} as const;

interface ProductRow {
  _id: mongoose.Types.ObjectId;
  name: string;
  slug: string;
  description: string;
  price: number;
  quantity: number;
  sizes?: Array<{ size: string; quantity: number }> | null;
  shipping?: boolean | null;
  category: mongoose.Types.ObjectId;
  photo?: { url: string; widths?: Array<{ width: number; url: string }> } | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A product's stock fields as the API shows them, one unit: cached answers get them laid over
 * (lib/cached-read.ts) when stock alone changes, so they must be all a stock write touches.
 */
function stockJson(p: Pick<ProductRow, 'quantity' | 'sizes' | 'updatedAt'>) {
  return {
    quantity: p.quantity,
    // A product the start-up migration has not reached yet reads as One size.
    sizes: sizesOf({ quantity: p.quantity, sizes: p.sizes ?? undefined }) as ProductJson['sizes'],
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The current stock fields of these products (for the catalog reader's overlay). */
export async function currentStock(ids: string[]): Promise<Map<string, object>> {
  const rows = await Product.find(
    { _id: { $in: ids } },
    { quantity: 1, sizes: 1, updatedAt: 1 },
  ).lean<Array<Pick<ProductRow, '_id' | 'quantity' | 'sizes' | 'updatedAt'>>>();
  return new Map(rows.map((row) => [String(row._id), stockJson(row)]));
}

function toJson(p: ProductRow, categoryName: string | undefined): ProductJson {
  const stock = stockJson(p);
  return {
    _id: String(p._id),
    name: p.name,
    slug: p.slug,
    description: p.description,
    price: p.price,
    quantity: stock.quantity,
    sizes: stock.sizes,
    shipping: Boolean(p.shipping),
    category: { _id: String(p.category), name: categoryName ?? '' },
    photo: p.photo?.url ?? '',
    photos: (p.photo?.widths ?? []).map((w) => ({ width: w.width, url: w.url })),
    createdAt: p.createdAt.toISOString(),
    updatedAt: stock.updatedAt,
  };
}

/** Rows → API products, with `category: { _id, name }` from one query for the whole list. */
export async function withCategories(rows: ProductRow[]): Promise<ProductJson[]> {
  const names = await categoryNames(rows.map((r) => String(r.category)));
  return rows.map((r) => toJson(r, names.get(String(r.category))));
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
}

/**
 * Products in any of the checked categories, inside the price range and with stock left in
 * the size; any of them may be empty.
 */
export async function filterProducts(
  f: CatalogFilter,
): Promise<{ filterProduct: ProductJson[]; total: number }> {
  const filter: ProductFilter = {};
  if (f.checked.length)
    filter.category = { $in: f.checked.map((id) => new mongoose.Types.ObjectId(id)) };
  if (f.radio.length === 2) filter.price = { $gte: f.radio[0], $lte: f.radio[1] };
  if (f.size) filter.sizes = { $elemMatch: { size: f.size, quantity: { $gt: 0 } } };
  const [filterProduct, total] = await Promise.all([
    findPage(filter, pageOf(f.page)),
    Product.countDocuments(filter),
  ]);
  return { filterProduct, total };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Name or description contains the keyword, literally and without regard to case. A substring
 * match cannot use a B-tree index; the scan walks the newest-first index and stops at
 * SEARCH_LIMIT matches. A blank keyword matches nothing.
 */
export async function searchProducts(keyword: string): Promise<ProductJson[]> {
  const word = keyword.trim();
  if (!word) return [];
  const pattern = new RegExp(escapeRegExp(word), 'i');
  return findPage({ $or: [{ name: pattern }, { description: pattern }] }, { limit: SEARCH_LIMIT });
}

export async function allProducts(
  page: number,
): Promise<{ AllProducts: ProductJson[]; total: number }> {
  const [AllProducts, total] = await Promise.all([
    findPage({}, pageOf(page, ADMIN_PAGE_SIZE)),
    countProducts(),
  ]);
  return { AllProducts, total };
}

export async function productBySlug(slug: string): Promise<ProductJson | undefined> {
  const row = await Product.findOne({ slug }, FIELDS).lean<ProductRow>();
  return row ? (await withCategories([row]))[0] : undefined;
}

export async function productById(id: string): Promise<ProductJson | undefined> {
  const row = await Product.findById(id, FIELDS).lean<ProductRow>();
  return row ? (await withCategories([row]))[0] : undefined;
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

/** What a checkout prices a product by: its name, price (rupees), photo URL and stock per size. */
export interface ProductForSale {
  name: string;
  price: number;
  photo: string;
  /** Its category's id (a code or an offer may be for some categories only). */
  category: string;
  stock: ProductStock;
}

/** The products a cart names, by id, in one query (unknown ids are absent). */
export async function productsForSale(ids: string[]): Promise<Map<string, ProductForSale>> {
  const rows = await Product.find(
    { _id: { $in: ids } },
    { name: 1, price: 1, 'photo.url': 1, quantity: 1, sizes: 1, category: 1 },
  ).lean<
    Array<Pick<ProductRow, '_id' | 'name' | 'price' | 'photo' | 'quantity' | 'sizes' | 'category'>>
  >();
  return new Map(
    rows.map((r) => [
      String(r._id),
      {
        name: r.name,
        price: r.price,
        photo: r.photo?.url ?? '',
        category: String(r.category),
        stock: {
          quantity: r.quantity,
          sizes: sizesOf({
            quantity: r.quantity,
            sizes: r.sizes ?? undefined,
          }) as ProductStock['sizes'],
        },
      },
    ]),
  );
}

/** Each product's photo URL now ('' without one), by id; deleted products are absent. */
export async function currentPhotoUrls(ids: string[]): Promise<Map<string, string>> {
  const rows = await Product.find({ _id: { $in: ids } }, { 'photo.url': 1 }).lean<
    Array<Pick<ProductRow, '_id' | 'photo'>>
  >();
  return new Map(rows.map((row) => [String(row._id), row.photo?.url ?? '']));
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
