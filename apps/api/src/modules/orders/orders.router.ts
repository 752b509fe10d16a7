import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import {
  adminOrdersQuery,
  ROLES,
  creditNoteParams,
  orderIdParams,
  type CreditNoteParams,
  updateStatusBody,
  userOrdersQuery,
  type AdminOrdersQuery,
  type OrdersPageQuery,
} from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import { getOrder, listAllOrders, listUserOrders } from './order-reads.js';
import { cancelOwnOrder, setOrderStatus } from './order-status.js';
import { orderOverview } from './overview.js';
import { orderDocumentPdf } from './invoices.js';

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
    validate({ query: adminOrdersQuery }),
    async (_req, res) => {
      const { page, limit, q, status } = res.locals.query as AdminOrdersQuery;
      res.json(await listAllOrders(page, limit, q, status));
    },
  );

  router.put(
    '/update-status/:orderId',
    auth.requireAdmin,
    validate({ params: orderIdParams, body: updateStatusBody }),
    async (req, res) => {
      res.json(
        await setOrderStatus(
          deps,
          (res.locals.params as { orderId: string }).orderId,
          req.body as z.output<typeof updateStatusBody>,
        ),
      );
    },
  );

  router.get('/overview', auth.requireAdmin, async (_req, res) => {
    res.json(await orderOverview());
  });

  // The shopper cancels an order that has not shipped: restocked and refunded in full.
  router.put(
    '/cancel/:orderId',
    auth.requireAuth,
    validate({ params: orderIdParams }),
    async (req, res) => {
      const { orderId } = res.locals.params as { orderId: string };
      res.json(await cancelOwnOrder(deps, orderId, req.user!.id));
    },
  );

  // The order's tax invoice and its credit notes as PDFs, for the owner or an admin.
  const sendPdf = async (
    req: Request,
    res: Response,
    which: Parameters<typeof orderDocumentPdf>[3],
  ) => {
    const { orderId } = res.locals.params as { orderId: string };
    const actor = { id: req.user!.id, isAdmin: req.user!.role === ROLES.admin };
    const { filename, pdf } = await orderDocumentPdf(deps, orderId, actor, which);
    res.type('application/pdf').attachment(filename).send(pdf);
  };
  router.get(
    '/:orderId/invoice',
    auth.requireAuth,
    validate({ params: orderIdParams }),
    (req, res) => sendPdf(req, res, { kind: 'invoice' }),
  );
  router.get(
    '/:orderId/credit-notes/:index',
    auth.requireAuth,
    validate({ params: creditNoteParams }),
    (req, res) =>
      sendPdf(req, res, {
        kind: 'credit-note',
        index: (res.locals.params as CreditNoteParams).index,
      }),
  );

  // Last: the order page's read, for the order's owner or an admin (no-store: app.ts).
  router.get(
    '/:orderId',
    auth.requireAuth,
    validate({ params: orderIdParams }),
    async (req, res) => {
      const { orderId } = res.locals.params as { orderId: string };
      res.json(
        await getOrder(orderId, { id: req.user!.id, isAdmin: req.user!.role === ROLES.admin }),
      );
    },
  );

  return router;
}
