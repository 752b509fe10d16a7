/** The categories module's public API. */
export { Category, categoryKey } from './category.model.js';
export {
  allCategoriesRead,
  categoryExists,
  listCategories,
  type CategoryJson,
} from './categories.service.js';
export { categoriesRouter } from './categories.router.js';
