/** /api/product: public reads (cached, see lib/cached-read.ts) and admin writes (multipart). */
import { Router } from 'express';
import type { z } from 'zod';
import {
  adminProductsQuery,
  colourParams,
  filterProductsBody,
  idParams,
  imageChangeBody,
  imageOrderBody,
  imageParams,
  imageUploadFields,
  MAX_IMAGES_PER_COLOUR,
  pageParams,
  productBody,
  relatedParams,
  searchParams,
  slugParams,
  stockQuery,
  type StockResponse,
} from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import type { CatalogReader } from '../../lib/cached-read.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import { receivePhotos } from '../../lib/photo-upload.js';
import * as images from './product-images.js';
import { productReads } from './products.reads.js';
import { readStock } from './stock.js';
import * as products from './products.service.js';

/** `photoShownByOrders`: the orders module's answer, passed in (orders sit above products). */
export function productsRouter(
  deps: AppDeps,
  auth: Auth,
  catalog: CatalogReader,
  photoShownByOrders: products.ProductWriteDeps['photoShownByOrders'],
): Router {
  const router = Router();
  const receivePhoto = receivePhotos('photo', 1);
  const writeDeps: products.ProductWriteDeps = { ...deps, photoShownByOrders };

  router.get('/get-product-count', async (req, res) => {
    await catalog.send(req, res, productReads.count());
  });

  router.get('/productList/:page', validate({ params: pageParams }), async (req, res) => {
    const { page } = res.locals.params as z.output<typeof pageParams>;
    await catalog.send(req, res, productReads.listPage(page));
  });

  router.post('/getFilter-product', validate({ body: filterProductsBody }), async (req, res) => {
    await catalog.send(
      req,
      res,
      productReads.filter(req.body as z.output<typeof filterProductsBody>),
    );
  });

  router.get('/colours', async (req, res) => {
    await catalog.send(req, res, productReads.colours());
  });

  // A blank keyword has no segment to match: it answers no products rather than a 404.
  router.get('/search{/}', (_req, res) => {
    res.json({ data: [] });
  });
  router.get('/search/:keyword', validate({ params: searchParams }), async (req, res) => {
    const { keyword } = res.locals.params as z.output<typeof searchParams>;
    await catalog.send(req, res, productReads.search(keyword));
  });

  router.get('/get-product', validate({ query: adminProductsQuery }), async (req, res) => {
    const { page, q, ids } = res.locals.query as z.output<typeof adminProductsQuery>;
    await catalog.send(req, res, ids ? productReads.byIds(ids) : productReads.adminPage(page, q));
  });

  // The cart's stock check: current, never cached (every sale changes it).
  router.get('/stock', validate({ query: stockQuery }), async (_req, res) => {
    const { ids } = res.locals.query as z.output<typeof stockQuery>;
    const stock = await readStock(ids);
    const body: StockResponse = {
      products: [...stock].map(([_id, s]) => ({ _id, ...s })),
    };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.get('/get-product/:slug', validate({ params: slugParams }), async (req, res) => {
    const { slug } = res.locals.params as z.output<typeof slugParams>;
    await catalog.send(req, res, productReads.bySlug(slug));
  });

  router.get(
    '/related-product/:productId/:categoryId',
    validate({ params: relatedParams }),
    async (req, res) => {
      const { productId, categoryId } = res.locals.params as z.output<typeof relatedParams>;
      await catalog.send(req, res, productReads.related(productId, categoryId));
    },
  );

  router.post(
    '/create-product',
    auth.requireAdmin,
    receivePhoto,
    validate({ body: productBody }),
    async (req, res) => {
      const product = await products.createProduct(writeDeps, req.body, req.file?.buffer);
      res.status(201).json({ success: true, message: 'Product created successfully', product });
    },
  );

  router.put(
    '/update-product/:id',
    auth.requireAdmin,
    validate({ params: idParams }),
    receivePhoto,
    validate({ body: productBody }),
    async (req, res) => {
      const product = await products.updateProduct(
        writeDeps,
        res.locals.params.id,
        req.body,
        req.file?.buffer,
      );
      res.json({ success: true, message: 'Product updated successfully', product });
    },
  );

  router.delete(
    '/delete-product/:id',
    auth.requireAdmin,
    validate({ params: idParams }),
    async (_req, res) => {
      await products.deleteProduct(writeDeps, res.locals.params.id);
      res.json({ success: true, message: 'Product deleted successfully' });
    },
  );

  // A colour's photos (admin): add several, describe or move one, order them, delete one.
  router.post(
    '/:id/colours/:colour/images',
    auth.requireAdmin,
    validate({ params: colourParams }),
    receivePhotos('images', MAX_IMAGES_PER_COLOUR),
    validate({ body: imageUploadFields }),
    async (req, res) => {
      const { id, colour } = res.locals.params as z.output<typeof colourParams>;
      const { alts } = req.body as z.output<typeof imageUploadFields>;
      const files = ((req.files ?? []) as Express.Multer.File[]).map((f) => f.buffer);
      const product = await images.addImages(writeDeps, id, colour, files, alts);
      const added = files.length === 1 ? 'A photo was' : `${files.length} photos were`;
      res.status(201).json({ success: true, message: `${added} added`, product });
    },
  );

  router.patch(
    '/:id/colours/:colour/images/:imageId',
    auth.requireAdmin,
    validate({ params: imageParams, body: imageChangeBody }),
    async (req, res) => {
      const { id, colour, imageId } = res.locals.params as z.output<typeof imageParams>;
      const product = await images.changeImage(id, colour, imageId, req.body);
      res.json({ success: true, message: 'The photo was changed', product });
    },
  );

  router.put(
    '/:id/colours/:colour/images',
    auth.requireAdmin,
    validate({ params: colourParams, body: imageOrderBody }),
    async (req, res) => {
      const { id, colour } = res.locals.params as z.output<typeof colourParams>;
      const { order } = req.body as z.output<typeof imageOrderBody>;
      const product = await images.orderImages(id, colour, order);
      res.json({ success: true, message: 'The photos are in their new order', product });
    },
  );

  router.delete(
    '/:id/colours/:colour/images/:imageId',
    auth.requireAdmin,
    validate({ params: imageParams }),
    async (_req, res) => {
      const { id, colour, imageId } = res.locals.params as z.output<typeof imageParams>;
      const product = await images.deleteImage(writeDeps, id, colour, imageId);
      res.json({ success: true, message: 'The photo was deleted', product });
    },
  );

  return router;
}
