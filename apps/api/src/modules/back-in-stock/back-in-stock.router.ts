/** /api/product/{id}/back-in-stock: "Notify me" for a sold-out colour and size. */
import { Router } from 'express';
import type { z } from 'zod';
import { backInStockBody, idParams, type BackInStockBody } from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import { noStore } from '../../lib/no-store.js';
import { clientAddress } from '../../lib/rate-limit.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import { askBackInStock } from './subscribe.js';

/** Mounted at /api/product: it answers only `/{id}/back-in-stock`. */
export function backInStockRouter(deps: AppDeps, auth: Auth): Router {
  const router = Router();
  router.post(
    '/:id/back-in-stock',
    noStore,
    auth.optionalAuth,
    validate({ params: idParams, body: backInStockBody }),
    async (req, res) => {
      const { id } = res.locals.params as z.output<typeof idParams>;
      const answer = await askBackInStock(deps, id, req.body as BackInStockBody, {
        address: clientAddress(req),
        accountEmail: req.user?.email,
      });
      res.status(201).json(answer);
    },
  );
  return router;
}
