/**
 * The public product reads, each a cache key and how to compute its answer
 * (lib/cached-read.ts). The routes answer them, and the web page inlines some of them
 * (modules/web): one definition, so both always carry the same JSON. Reads that show products
 * name them (`products`), so their stock is kept current apart from the rest (lib/cached-read.ts).
 */
import { colourKey, type CatalogColour } from '@repo/shared';
import type { CatalogRead } from '../../lib/cached-read.js';
import { notFound } from '../../lib/errors.js';
import { searchProducts, type SearchAnswer } from './product-search.js';
import * as queries from './products.queries.js';
import type { ProductJson } from './products.queries.js';
import { parseSearch } from './search-terms.js';

export const productReads = {
  count: (): CatalogRead => ({
    key: 'count',
    compute: async () => ({ total: await queries.countProducts() }),
  }),

  listPage: (page: number): CatalogRead<{ prod: ProductJson[] }> => ({
    key: `list:${page}`,
    compute: async () => ({ prod: await queries.listPage(page) }),
    products: (answer) => answer.prod,
  }),

  /**
   * Category ids lower-cased, de-duplicated and sorted, the colour as its key: equal filters
   * share one answer.
   */
  filter: (
    body: Omit<queries.CatalogFilter, 'checked'> & { checked: string[] },
  ): CatalogRead<Awaited<ReturnType<typeof queries.filterProducts>>> => {
    const filter: queries.CatalogFilter = {
      checked: [...new Set(body.checked.map((id) => id.toLowerCase()))].sort(),
      radio: body.radio,
      page: body.page,
      ...(body.size ? { size: body.size } : {}),
      ...(body.colour ? { colour: colourKey(body.colour) } : {}),
    };
    return {
      key: `filter:${JSON.stringify(filter)}`,
      compute: () => queries.filterProducts(filter),
      products: (answer) => answer.filterProduct,
      // "In stock in M" or "in Black": a sale can take a product out of the answer.
      stockDecides: filter.size !== undefined || filter.colour !== undefined,
    };
  },

  /** The catalog's colours (the home page's colour filter): changes only with the catalog. */
  colours: (): CatalogRead<{ colours: CatalogColour[] }> => ({
    key: 'colours',
    compute: async () => ({ colours: await queries.catalogColours() }),
  }),

  /** Keyed by the words searched for, so "Sakura tee", "sakura" and "SAKURA" share one answer. */
  search: (keyword: string): CatalogRead<SearchAnswer> => {
    const query = parseSearch(keyword);
    return {
      key: `search:${query.kind === 'words' ? query.words.join(' ') : query.kind}`,
      compute: () => searchProducts(query),
      products: (answer) => answer.data,
    };
  },

  adminPage: (page: number, q = ''): CatalogRead<{ AllProducts: ProductJson[] }> => ({
    key: q ? `all:${page}:${q.toLowerCase()}` : `all:${page}`,
    compute: async () => ({ success: true, ...(await queries.allProducts(page, q)) }),
    products: (answer) => answer.AllProducts,
  }),

  /** These products (those that exist), in the order asked: a picker names the ids it holds. */
  byIds: (ids: string[]): CatalogRead<{ AllProducts: ProductJson[]; total: number }> => ({
    key: `ids:${ids.join(',').toLowerCase()}`,
    compute: async () => {
      const AllProducts = await queries.findProductsByIds(ids);
      return { success: true, AllProducts, total: AllProducts.length };
    },
    products: (answer) => answer.AllProducts,
  }),

  /**
   * By a slug it has or had: a renamed product's old address answers the product, whose `slug`
   * names its address now (the page redirects there; docs/behaviour/storefront-and-seo.md says
   * why the API answers rather than redirects).
   */
  bySlug: (slug: string): CatalogRead<{ Aproduct: ProductJson }> => ({
    key: `slug:${slug}`,
    compute: async () => {
      const Aproduct = await queries.productBySlug(slug);
      if (!Aproduct) throw notFound('Product not found');
      return { Aproduct };
    },
    products: (answer) => [answer.Aproduct],
  }),

  related: (productId: string, categoryId: string): CatalogRead<{ products: ProductJson[] }> => ({
    key: `related:${productId}:${categoryId}`.toLowerCase(),
    compute: async () => ({ products: await queries.relatedProducts(productId, categoryId) }),
    products: (answer) => answer.products,
  }),
};
