/** The categories module's public API (its model stays inside). */
export {
  allCategoriesRead,
  anyCategory,
  categoryExists,
  categoryNames,
  deleteAllCategories,
  insertCategories,
  listCategories,
  type CategoryJson,
  type ProductsInCategory,
} from './categories.service.js';
export { categoriesRouter } from './categories.router.js';
