/**
 * The public product reads, each a cache key and how to compute its answer
 * (lib/cached-read.ts). The routes answer them, and the web page inlines some of them
 * (modules/web): one definition, so both always carry the same JSON.
 */
import type { CatalogRead } from '../../lib/cached-read.js';
import { notFound } from '../../lib/errors.js';
import * as queries from './products.queries.js';

export const productReads = {
  count: (): CatalogRead => ({
    key: 'count',
    compute: async () => ({ total: await queries.countProducts() }),
  }),

  listPage: (page: number): CatalogRead => ({
    key: `list:${page}`,
    compute: async () => ({ prod: await queries.listPage(page) }),
  }),

  /** Category ids lower-cased, de-duplicated and sorted: equal filters share one answer. */
  filter: (body: Omit<queries.CatalogFilter, 'checked'> & { checked: string[] }): CatalogRead => {
    const filter: queries.CatalogFilter = {
      checked: [...new Set(body.checked.map((id) => id.toLowerCase()))].sort(),
      radio: body.radio,
      page: body.page,
      ...(body.size ? { size: body.size } : {}),
    };
    return {
      key: `filter:${JSON.stringify(filter)}`,
      compute: () => queries.filterProducts(filter),
    };
  },

  search: (keyword: string): CatalogRead => ({
    key: `search:${keyword.trim().toLowerCase()}`,
    compute: async () => ({ data: await queries.searchProducts(keyword) }),
  }),

  adminPage: (page: number): CatalogRead => ({
    key: `all:${page}`,
    compute: async () => ({ success: true, ...(await queries.allProducts(page)) }),
  }),

  bySlug: (slug: string): CatalogRead => ({
    key: `slug:${slug}`,
    compute: async () => {
      const Aproduct = await queries.productBySlug(slug);
      if (!Aproduct) throw notFound('Product not found');
      return { Aproduct };
    },
  }),

  related: (productId: string, categoryId: string): CatalogRead => ({
    key: `related:${productId}:${categoryId}`.toLowerCase(),
    compute: async () => ({ products: await queries.relatedProducts(productId, categoryId) }),
  }),
};
