import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import {
  codSettlementBody,
  type CodSettlementBody,
  adminOrdersQuery,
  ROLES,
  creditNoteParams,
  orderIdParams,
  type CreditNoteParams,
  updateStatusBody,
  userOrdersQuery,
  adminReturnsQuery,
  returnIdParams,
  returnMoveBody,
  returnRequestForm,
  type AdminOrdersQuery,
  type AdminReturnsQuery,
  type ReturnMoveBody,
  type ReturnRequestBody,
  type OrdersPageQuery,
} from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import { receivePhotos } from '../../lib/photo-upload.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import { getOrder, listAllOrders, listReturns, listUserOrders } from './order-reads.js';
import { moveReturn } from './return-moves.js';
import { requestReturns } from './returns.js';
import { returnOptions } from './return-options.js';
import { cancelOwnOrder, setOrderStatus } from './order-status.js';
import { orderOverview } from './overview.js';
import { settleCodOrder } from './cod-settlement.js';
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

  // An admin settles a COD order: cash collected (with its reference) or returned unpaid.
  router.put(
    '/:orderId/cod',
    auth.requireAdmin,
    validate({ params: orderIdParams, body: codSettlementBody }),
    async (req, res) => {
      const { orderId } = res.locals.params as { orderId: string };
      res.json(await settleCodOrder(deps, orderId, req.body as CodSettlementBody));
    },
  );

  router.get('/overview', auth.requireAdmin, async (_req, res) => {
    res.json(await orderOverview(deps.now()));
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

  // Returns and size exchanges (docs/behaviour/returns.md): the admin's list, a move (the admin's,
  // or the shopper's cancel), and the shopper's request on a delivered order.
  router.get(
    '/returns',
    auth.requireAdmin,
    validate({ query: adminReturnsQuery }),
    async (_req, res) => {
      const { status, page, limit } = res.locals.query as AdminReturnsQuery;
      res.json(await listReturns(status, page, limit));
    },
  );
  router.put(
    '/returns/:returnId',
    auth.requireAuth,
    validate({ params: returnIdParams, body: returnMoveBody }),
    async (req, res) => {
      const { returnId } = res.locals.params as { returnId: string };
      const actor = { id: req.user!.id, isAdmin: req.user!.role === ROLES.admin };
      res.json(await moveReturn(deps, returnId, actor, req.body as ReturnMoveBody));
    },
  );
  router.get(
    '/:orderId/returns/options',
    auth.requireAuth,
    validate({ params: orderIdParams }),
    async (req, res) => {
      const { orderId } = res.locals.params as { orderId: string };
      res.json(await returnOptions(deps, orderId, req.user!.id));
    },
  );
  // JSON, or multipart with `items` as JSON text and one optional `photo` file.
  router.post(
    '/:orderId/returns',
    auth.requireAuth,
    validate({ params: orderIdParams }),
    receivePhotos('photo', 1),
    validate({ body: returnRequestForm }),
    async (req, res) => {
      const { orderId } = res.locals.params as { orderId: string };
      res.json(
        await requestReturns(
          deps,
          orderId,
          req.user!.id,
          req.body as ReturnRequestBody,
          req.file?.buffer,
        ),
      );
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
