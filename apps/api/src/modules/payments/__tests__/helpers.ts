/** Test helpers for the payments and orders suites. */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { codSettings, deliverySettings, orderCharges, paiseToRupees, toPaise } from '@repo/shared';
import { hmacHex } from '../../../lib/payment-gateway/index.js';
import type { Mailer, MailMessage } from '../../../lib/mailer/index.js';
import { Product } from '../../products/product.model.js';
import type { setupTestApp } from '../../../test/harness.js';

let counter = 0;
export async function makeProduct(
  fields: {
    name?: string;
    price?: number;
    quantity?: number;
    sizes?: Array<{ size: string; quantity: number }>;
    /** Without colours: one colour ("Default") holding the sizes (or One size), with a photo. */
    colours?: Array<{ name: string; sizes: Array<{ size: string; quantity: number }> }>;
  } = {},
) {
  counter += 1;
  const name = fields.name ?? `Test Tee ${counter}`;
  const photo = (n: string) => ({ key: `k${n}`, url: `/uploads/products/k${n}.webp`, widths: [] });
  return Product.create({
    name,
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(3).toString('hex')}`,
    description: 'A soft cotton tee.',
    price: fields.price ?? 499,
    quantity: fields.quantity ?? 10,
    ...(fields.sizes ? { sizes: fields.sizes } : {}),
    colours: fields.colours?.map((c, i) => ({
      ...c,
      hex: '#111111',
      images: [{ ...photo(`${counter}-${i}`), alt: c.name }],
    })) ?? [
      {
        name: 'Default',
        hex: '#9CA3AF',
        sizes: fields.sizes ?? [{ size: 'One size', quantity: fields.quantity ?? 10 }],
        images: [{ ...photo(String(counter)), alt: name }],
      },
    ],
    shipping: true,
    category: new mongoose.Types.ObjectId(),
  });
}

export async function stockOf(id: unknown): Promise<number | undefined> {
  return (await Product.findById(id, { quantity: 1 }).lean())?.quantity;
}

/** The stock of each size and the product's total, e.g. `{ S: 2, M: 0, total: 2 }`. */
export async function sizeStockOf(id: unknown): Promise<Record<string, number>> {
  const p = await Product.findById(id, { quantity: 1, sizes: 1 }).lean();
  if (!p) throw new Error(`no product ${String(id)}`);
  return {
    ...Object.fromEntries((p.sizes ?? []).map((s) => [s.size, s.quantity])),
    total: p.quantity,
  };
}

/** The stock of each colour and size and the product's total, e.g. `{ 'Black M': 2, total: 2 }`. */
export async function colourStockOf(id: unknown): Promise<Record<string, number>> {
  const p = await Product.findById(id, { quantity: 1, colours: 1 }).lean();
  if (!p) throw new Error(`no product ${String(id)}`);
  return {
    ...Object.fromEntries(
      (p.colours ?? []).flatMap((c) => c.sizes.map((s) => [`${c.name} ${s.size}`, s.quantity])),
    ),
    total: p.quantity,
  };
}

/** A mailer that keeps what it was asked to send (at once: no queue between). */
export function recordingMailer(): Mailer & { sent: MailMessage[]; failNext: boolean } {
  const mailer = {
    kind: 'outbox' as const,
    sent: [] as MailMessage[],
    failNext: false,
    async send(message: MailMessage) {
      if (mailer.failNext) {
        mailer.failNext = false;
        throw new Error('SMTP is down');
      }
      mailer.sent.push(message);
    },
    async runDue() {},
    async idle() {},
    async close() {},
  };
  return mailer;
}

type TestApp = Awaited<ReturnType<typeof setupTestApp>>;

/**
 * Coupon codes made by an admin through the API, named PREFIX1, PREFIX2, … (percent 10 by
 * default, the rest of the terms as given), and a code's uses as the admin's list shows them.
 */
export function couponMaker(t: TestApp, admin: { auth: string }, prefix: string) {
  let made = 0;
  return {
    async makeCode(terms: Record<string, unknown> = {}) {
      made += 1;
      const res = await t
        .request()
        .post('/api/admin/coupons')
        .set('Authorization', admin.auth)
        .send({ code: `${prefix}${made}`, kind: 'percent', percentOff: 10, ...terms })
        .expect(201);
      return res.body.coupon as { _id: string; code: string; version: number };
    },
    async usesOf(code: string): Promise<number | undefined> {
      const res = await t
        .request()
        .get('/api/admin/coupons')
        .set('Authorization', admin.auth)
        .expect(200);
      const coupons = res.body.coupons as Array<{ code: string; uses: number }>;
      return coupons.find((c) => c.code === code)?.uses;
    },
  };
}

/** The sandbox's Pay button for a provider order: Razorpay's three handler fields. */
export async function payInSandbox(t: TestApp, orderId: string) {
  const paid = await t
    .request()
    .post('/api/payment/sandbox/pay')
    .send({ order_id: orderId })
    .expect(200);
  return paid.body as {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  };
}

/**
 * A shopper's whole checkout with the sandbox provider: create-order → pay → verify-payment;
 * answers the new order's id. `beforePay` runs between the checkout and the payment.
 */
export async function sandboxCheckout(
  t: TestApp,
  shopper: { auth: string; id: string },
  items: Array<{ _id: string; cartQuantity: number; size?: string; colour?: string }>,
  options: {
    amount: number;
    shippingAddress?: string;
    beforePay?: () => Promise<unknown>;
    coupon?: string;
  },
): Promise<string> {
  const created = await t
    .request()
    .post('/api/payment/create-order')
    .set('Authorization', shopper.auth)
    .send({
      amount: options.amount,
      items,
      ...(options.coupon ? { coupon: options.coupon } : {}),
    })
    .expect(200);
  await options.beforePay?.();
  const paid = await payInSandbox(t, created.body.order.id);
  const verified = await t
    .request()
    .post('/api/payment/verify-payment')
    .set('Authorization', shopper.auth)
    .send({
      ...paid,
      amount: 0,
      items: [],
      userId: shopper.id,
      ...(options.shippingAddress ? { shippingAddress: options.shippingAddress } : {}),
    })
    .expect(200);
  return verified.body.orderId as string;
}

/**
 * A webhook delivery as Razorpay sends it: the raw body signed with `secret` (or the
 * `signature` given), and its event id when one is given.
 */
export function deliverWebhook(
  t: TestApp,
  secret: string,
  body: string,
  opts: { eventId?: string; signature?: string } = {},
) {
  const req = t
    .request()
    .post('/api/payment/webhook')
    .set('Content-Type', 'application/json')
    .set('X-Razorpay-Signature', opts.signature ?? hmacHex(secret, body));
  if (opts.eventId) req.set('X-Razorpay-Event-Id', opts.eventId);
  return req.send(body);
}

/**
 * What a shopper pays online for T-shirts worth `itemsRupees` with the default settings: the
 * delivery fee is added below the free-delivery threshold (delivery-charges.test.ts checks
 * the sums themselves).
 */
export function onlineTotal(itemsRupees: number): number {
  const fees = { delivery: deliverySettings.parse({}), cod: codSettings.parse({}) };
  return paiseToRupees(orderCharges(fees, toPaise(itemsRupees), 'online').totalPaise);
}
