/**
 * A loopback stand-in for Razorpay's orders, payments and refunds API, so the real `razorpay`
 * SDK runs in tests: POST /v1/orders, GET /v1/orders/:id/payments, POST /v1/payments/:id/refund
 * (the SDK's payments.refund, idempotent with X-Refund-Idempotency as Razorpay's) and
 * GET /v1/payments/:id/refunds (payments.fetchMultipleRefund)
 * with Razorpay's response shapes and refusals, behind Basic auth with the key id and secret.
 * Payments are added by the test (`capture`); refunds start `pending` like Razorpay's normal
 * refunds, and the test moves them (`settleRefund`).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signPayment } from '../../../lib/payment-gateway/index.js';

interface StandInOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

const rid = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
const error = (description: string) => ({
  error: {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'NA',
    step: 'NA',
    reason: 'NA',
    metadata: {},
  },
});

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

interface StandInRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: string;
}

export async function startRazorpayStandIn(keys: { keyId: string; keySecret: string }) {
  const orders = new Map<string, StandInOrder>();
  const payments = new Map<string, Array<Record<string, unknown>>>();
  const refunds = new Map<string, StandInRefund>();
  const idempotent = new Map<string, { body: string; refund: StandInRefund }>();
  /** Answers the next refund requests get instead of a refund (`answerNextRefund`). */
  const nextRefundAnswers: Array<{ status: number; description: string }> = [];
  const paymentById = (id: string) =>
    [...payments.values()].flat().find((p) => p.id === id) as Record<string, unknown> | undefined;
  const requests: Array<{ method: string; path: string; authorized: boolean }> = [];
  const expectedAuth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const authorized = req.headers.authorization === expectedAuth;
      requests.push({ method: req.method ?? '', path, authorized });
      if (!authorized) return send(res, 401, error('Authentication failed'));

      if (req.method === 'POST' && path === '/v1/orders') {
        const body = await readJson(req);
        const amount = body.amount;
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
          return send(res, 400, error('The amount must be atleast INR 1.00'));
        }
        const order: StandInOrder = {
          id: rid('order'),
          entity: 'order',
          amount,
          amount_paid: 0,
          amount_due: amount,
          currency: String(body.currency ?? 'INR'),
          receipt: String(body.receipt ?? ''),
          offer_id: null,
          status: 'created',
          attempts: 0,
          notes: (body.notes as Record<string, string>) ?? {},
          created_at: Math.floor(Date.now() / 1000),
        };
        orders.set(order.id, order);
        return send(res, 200, order);
      }
      const match = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
      if (req.method === 'GET' && match) {
        const orderId = decodeURIComponent(match[1] ?? '');
        if (!orders.has(orderId)) return send(res, 400, error('The id provided does not exist'));
        const items = payments.get(orderId) ?? [];
        return send(res, 200, { entity: 'collection', count: items.length, items });
      }
      const refundMatch = /^\/v1\/payments\/([^/]+)\/refunds?$/.exec(path);
      if (refundMatch) {
        const paymentId = decodeURIComponent(refundMatch[1] ?? '');
        const payment = paymentById(paymentId);
        if (!payment) return send(res, 400, error('The id provided does not exist'));
        const ofPayment = [...refunds.values()].filter((r) => r.payment_id === paymentId);
        if (req.method === 'GET' && path.endsWith('/refunds')) {
          return send(res, 200, {
            entity: 'collection',
            count: ofPayment.length,
            items: ofPayment,
          });
        }
        if (req.method === 'POST' && path.endsWith('/refund')) {
          const body = await readJson(req);
          const answer = nextRefundAnswers.shift();
          if (answer) return send(res, answer.status, error(answer.description));
          // Razorpay's idempotent refunds: the same key and body answer the same refund; the
          // same key with another body is refused.
          const key = req.headers['x-refund-idempotency'];
          if (typeof key === 'string') {
            if (!/^[\w-]{10,}$/.test(key))
              return send(res, 400, error('The idempotency key is invalid'));
            const earlier = idempotent.get(key);
            if (earlier && earlier.body !== JSON.stringify(body))
              return send(
                res,
                400,
                error(
                  'Different request with the same idempotency key has already been processed.',
                ),
              );
            if (earlier) return send(res, 200, earlier.refund);
          }
          const paid = Number(payment.amount);
          const amount = body.amount === undefined ? paid : body.amount;
          if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
            return send(res, 400, error('The amount must be atleast INR 1.00'));
          const refunded = ofPayment
            .filter((r) => r.status !== 'failed')
            .reduce((sum, r) => sum + r.amount, 0);
          if (refunded >= paid)
            return send(res, 400, error('The payment has been fully refunded already'));
          if (refunded + amount > paid)
            return send(
              res,
              400,
              error('The total refund amount is greater than the refund payment amount'),
            );
          const refund: StandInRefund = {
            id: rid('rfnd'),
            entity: 'refund',
            amount,
            currency: String(payment.currency ?? 'INR'),
            payment_id: paymentId,
            notes: (body.notes as Record<string, string>) ?? {},
            receipt: typeof body.receipt === 'string' ? body.receipt : null,
            acquirer_data: { arn: null },
            created_at: Math.floor(Date.now() / 1000),
            batch_id: null,
            status: 'pending',
            speed_processed: 'normal',
            speed_requested: String(body.speed ?? 'normal'),
          };
          refunds.set(refund.id, refund);
          if (typeof key === 'string') idempotent.set(key, { body: JSON.stringify(body), refund });
          return send(res, 200, refund);
        }
      }
      send(res, 404, error('The requested URL was not found on the server.'));
    })().catch((err: unknown) => send(res, 500, error(String(err))));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    requests,
    /** The shopper pays in Razorpay's dialog: a captured payment on the order; returns the handler's fields. */
    capture(orderId: string, payer: { email?: string; contact?: string } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`unknown order ${orderId}`);
      const id = rid('pay');
      const list = payments.get(orderId) ?? [];
      list.push({
        id,
        entity: 'payment',
        amount: order.amount,
        currency: order.currency,
        status: 'captured',
        order_id: orderId,
        method: 'card',
        captured: true,
        email: payer.email ?? 'payer@example.com',
        contact: payer.contact ?? '+919876543210',
        created_at: Math.floor(Date.now() / 1000),
      });
      payments.set(orderId, list);
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
      return {
        razorpay_payment_id: id,
        razorpay_order_id: orderId,
        razorpay_signature: signPayment(keys.keySecret, orderId, id),
      };
    },
    refunds,
    /** Razorpay finishes (or gives up on) a refund; returns the refund entity as now. */
    /** The next refund request is answered with this error instead (e.g. 409 while busy). */
    answerNextRefund(status: number, description: string) {
      nextRefundAnswers.push({ status, description });
    },
    settleRefund(refundId: string, status: 'processed' | 'failed') {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`unknown refund ${refundId}`);
      refund.status = status;
      return { ...refund };
    },
    /** Like a provider outage: refuse connections until start() again. */
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
  };
}
