/**
 * The products module's public API (its model stays inside).
 *
 * For orders and payments: read products with `findProductsByIds` (price in rupees, quantity
 * in stock, name, colours…) or `productsForSale` (what a checkout prices), each colour's photo
 * now with `currentPhotos`, read stock per colour and size with `readStock`, and change it only
 * with `decrementStock` / `restoreStock` (atomic per product, colour and size, never below
 * zero, all-or-nothing across lines). Every write moves a catalog version on
 * (lib/catalog-version.ts: the stock version when only stock changed), so caches follow.
 */
export {
  findProductsByIds,
  productsForSale,
  currentPhotos,
  countProductsInCategory,
  countProducts,
  sitemapProducts,
  currentStock,
  layStock,
  type CurrentPhotos,
  type ProductForSale,
  type ProductJson,
} from './products.queries.js';
export {
  decrementStock,
  restoreStock,
  takeOnce,
  takeEachOnce,
  giveOnce,
  forgetTakes,
  readStock,
  migrateToColours,
  type KnownColour,
  type ProductStock,
  type StockLine,
  type StockResult,
} from './stock.js';
export {
  anyProduct,
  deleteAllProducts,
  insertProducts,
  type NewProduct,
} from './products.service.js';
export { refreshSearchTerms } from './product-search.js';
export { productsRouter } from './products.router.js';
export { setProductRating } from './rating.js';
export { productReads } from './products.reads.js';
