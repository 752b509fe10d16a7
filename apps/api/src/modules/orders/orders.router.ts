import { Router } from 'express';
import {
  orderIdParams,
  ordersPageQuery,
  updateStatusBody,
  userOrdersQuery,
  type OrdersPageQuery,
} from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import {
  listAllOrders,
  listUserOrders,
  orderOverview,
  updateOrderStatus,
} from './orders.service.js';

export function ordersRouter(deps: AppDeps, auth: Auth): Router {
  const router = Router();

  router.get(
    '/user-orders',
    auth.requireAuth,
    validate({ query: userOrdersQuery }),
    async (req, res) => {
      const { page, limit } = res.locals.query as OrdersPageQuery;
      res.json(await listUserOrders(req.user!.id, page, limit));
    },
  );

  router.get(
    '/adminorders',
    auth.requireAdmin,
    validate({ query: ordersPageQuery }),
    async (_req, res) => {
      const { page, limit } = res.locals.query as OrdersPageQuery;
      res.json(await listAllOrders(page, limit));
    },
  );

  router.put(
    '/update-status/:orderId',
    auth.requireAdmin,
    validate({ params: orderIdParams, body: updateStatusBody }),
    async (req, res) => {
      res.json(
        await updateOrderStatus(
          deps,
          (res.locals.params as { orderId: string }).orderId,
          req.body.status,
        ),
      );
    },
  );

  router.get('/overview', auth.requireAdmin, async (_req, res) => {
    res.json(await orderOverview());
  });

  return router;
}
