/** /api/category: the list is public and cached; writes are for admins. */
import { Router } from 'express';
import { categoryBody, idParams } from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import type { CatalogReader } from '../../lib/cached-read.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import * as categories from './categories.service.js';

export function categoriesRouter(
  _deps: AppDeps,
  auth: Auth,
  catalog: CatalogReader,
  productsIn: categories.ProductsInCategory,
): Router {
  const router = Router();

  router.get('/all-category', async (req, res) => {
    await catalog.send(req, res, categories.allCategoriesRead);
  });

  router.post(
    '/create-category',
    auth.requireAdmin,
    validate({ body: categoryBody }),
    async (req, res) => {
      const category = await categories.createCategory(req.body.name);
      res.status(201).json({ success: true, message: 'Category created', category });
    },
  );

  router.put(
    '/update-category/:id',
    auth.requireAdmin,
    validate({ params: idParams, body: categoryBody }),
    async (req, res) => {
      const category = await categories.updateCategory(res.locals.params.id, req.body.name);
      res.json({ success: true, message: 'Category updated', category });
    },
  );

  router.delete(
    '/delete-category/:id',
    auth.requireAdmin,
    validate({ params: idParams }),
    async (_req, res) => {
      await categories.deleteCategory(res.locals.params.id, productsIn);
      res.json({ success: true, message: 'Category deleted' });
    },
  );

  return router;
}
