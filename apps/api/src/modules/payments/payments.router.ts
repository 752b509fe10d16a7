import express, { Router } from 'express';
import {
  checkoutIdParams,
  createOrderBody,
  refundUnsettledBody,
  sandboxPayBody,
  unsettledQuery,
  verifyPaymentBody,
  type OrdersPageQuery,
  type PaymentConfigResponse,
} from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import { notFound } from '../../lib/errors.js';
import { noStore } from '../../lib/no-store.js';
import { SANDBOX_CHECKOUT_JS } from '../../lib/payment-gateway/sandbox-checkout.js';
import { clientAddress } from '../../lib/rate-limit.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import { createCheckout } from './checkout.service.js';
import { limitedCreateOrder } from './limits.js';
import { sandboxPay, verifyPayment } from './payments.service.js';
import { listUnsettled, refundUnsettled } from './unsettled.js';
import { handleWebhook } from './webhook.js';

/**
 * Mounted behind requireDatabase but before the app's JSON parser: the webhook needs its raw
 * body for the signature.
 */
export function paymentsRouter(deps: AppDeps, auth: Auth): Router {
  const router = Router();
  const gateway = deps.payments;

  router.post('/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await handleWebhook(deps, { rawBody, headers: req.headers }));
  });

  router.use(express.json({ limit: '100kb' }));

  router.get('/config', (_req, res) => {
    const body: PaymentConfigResponse = {
      provider: gateway.provider,
      keyId: gateway.keyId,
      checkoutScript: gateway.checkoutScript,
    };
    res.json(body);
  });

  router.post(
    '/create-order',
    noStore,
    auth.optionalAuth,
    validate({ body: createOrderBody }),
    async (req, res) => {
      const who = { address: clientAddress(req), userId: req.user?.id };
      res.json(
        await limitedCreateOrder(deps.limits, who, () => createCheckout(deps, req.body, req.user)),
      );
    },
  );

  router.post(
    '/verify-payment',
    noStore,
    auth.requireAuth,
    validate({ body: verifyPaymentBody }),
    async (req, res) => {
      res.json(await verifyPayment(deps, req.body, req.user!));
    },
  );

  // Captured payments that made no order of their own, for the admin to give back.
  router.get(
    '/unsettled',
    noStore,
    auth.requireAdmin,
    validate({ query: unsettledQuery }),
    async (_req, res) => {
      const { page, limit } = res.locals.query as OrdersPageQuery;
      res.json(await listUnsettled(page, limit));
    },
  );

  router.post(
    '/unsettled/:checkoutId/refund',
    noStore,
    auth.requireAdmin,
    validate({ params: checkoutIdParams, body: refundUnsettledBody }),
    async (req, res) => {
      const { checkoutId } = res.locals.params as { checkoutId: string };
      res.json(await refundUnsettled(deps, checkoutId, req.body.paymentId));
    },
  );

  // The sandbox provider: its checkout script and its "Pay" button. Refused when Razorpay is in use.
  router.get('/sandbox/checkout.js', (_req, res) => {
    if (!gateway.sandbox) throw notFound('The sandbox provider is not in use');
    res
      .type('application/javascript; charset=utf-8')
      .set('Cache-Control', 'no-cache')
      .send(SANDBOX_CHECKOUT_JS);
  });

  router.post('/sandbox/pay', validate({ body: sandboxPayBody }), async (req, res) => {
    res.json(await sandboxPay(deps, req.body.order_id));
  });

  return router;
}
