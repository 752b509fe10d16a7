/**
 * The products module's public API.
 *
 * For orders and payments: read products with `findProductsByIds` (price in rupees, quantity
 * in stock, name, photo URL…), read stock per size with `readStock`, and change it only with
 * `decrementStock` / `restoreStock` (atomic per product and size, never below zero,
 * all-or-nothing across lines). `Product` is exported for
 * reads; any write through it bumps the catalog version (caches follow), but a write inside a
 * transaction must be followed by `bumpCatalogVersion()` after the commit.
 */
export { Product } from './product.model.js';
export {
  findProductsByIds,
  countProductsInCategory,
  withCategories,
  countProducts,
  sitemapProducts,
  currentStock,
  type ProductJson,
} from './products.queries.js';
export {
  decrementStock,
  restoreStock,
  readStock,
  migrateToSizes,
  type ProductStock,
  type StockLine,
  type StockResult,
} from './stock.js';
export { renderPhoto } from './product-photo.js';
export { createProductsService } from './products.service.js';
export { productsRouter } from './products.router.js';
export { productReads } from './products.reads.js';
export { bumpCatalogVersion } from '../../lib/catalog-version.js';
