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
import { createRateLimit, rateLimitOptions, type RateLimitRule } from '../../lib/rate-limit.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import { createCheckout } from './checkout.service.js';
import { sandboxPay, verifyPayment } from './payments.service.js';
import { listUnsettled, refundUnsettled } from './unsettled.js';
import { handleWebhook } from './webhook.js';

const MINUTE = 60_000;

/**
 * Each create-order writes a checkout and asks the provider for an order, signed in or not:
 * limited per address and, for a signed-in shopper, per account (docs/behaviour/accounts.md, rate limits).
 */
export const PAYMENT_RATE_LIMITS = {
  createOrderPerIp: {
    name: 'create-order-ip',
    per: 'ip',
    windowMs: 15 * MINUTE,
    limit: 30,
    message: 'Too many checkouts from this network. Please try again in 15 minutes.',
  },
  createOrderPerUser: {
    name: 'create-order-user',
    per: 'user',
    windowMs: 15 * MINUTE,
    limit: 10,
    message: 'Too many checkouts from this account. Please try again in 15 minutes.',
  },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Mounted behind requireDatabase but before the app's JSON parser: the webhook needs its raw
 * body for the signature.
 */
export function paymentsRouter(deps: AppDeps, auth: Auth): Router {
  const router = Router();
  const gateway = deps.payments;
  const limits = rateLimitOptions(deps);

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
    createRateLimit(PAYMENT_RATE_LIMITS.createOrderPerIp, limits),
    auth.optionalAuth,
    createRateLimit(PAYMENT_RATE_LIMITS.createOrderPerUser, limits),
    validate({ body: createOrderBody }),
    async (req, res) => {
      res.json(await createCheckout(deps, req.body, req.user));
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
