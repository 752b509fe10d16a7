/**
 * The webhook and reconciliation complete a checkout through the same idempotent path as
 * verify-payment: the shopper whose browser closed after paying still gets exactly one order.
 * (Sandbox provider, with its webhook secret set by SANDBOX_WEBHOOK_SECRET.)
 */
import mongoose from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { hmacHex } from '../../../lib/payment-gateway/index.js';
import { setupTestApp } from '../../../test/harness.js';
import { Order } from '../../orders/order.model.js';
import { Checkout } from '../checkout.model.js';
import { createLogger } from '../../../lib/logger.js';
import { Jobs } from '../../../lib/jobs.js';
import { reconcileJobs, reconcilePendingCheckouts } from '../reconcile.js';
import { deliverWebhook, makeProduct, recordingMailer, stockOf } from './helpers.js';

const WEBHOOK_SECRET = 'sandbox-webhook-secret-for-tests';
const mailer = recordingMailer();
/** The app's clock when a test sets it (else the machine's). */
let clock: Date | undefined;
const t = await setupTestApp({
  env: { SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET },
  overrides: () => ({ mailer, now: () => clock ?? new Date() }),
});

const GUEST_ADDRESS = '4 Beach Road, Chennai 600001';

type Shopper = Awaited<ReturnType<typeof t.createUser>>;

async function checkoutAndPay(
  shopper: Shopper | undefined,
  product: { _id: unknown; price: number },
  quantity = 1,
) {
  const req = t.request().post('/api/payment/create-order');
  // A guest names the address to ship to; a shopper's comes from the profile.
  if (shopper) req.set('Authorization', shopper.auth);
  else req.send({ shippingAddress: GUEST_ADDRESS });
  const created = await req
    .send({
      amount: product.price * quantity,
      items: [{ _id: String(product._id), cartQuantity: quantity }],
    })
    .expect(200);
  const paid = await t
    .request()
    .post('/api/payment/sandbox/pay')
    .send({ order_id: created.body.order.id })
    .expect(200);
  return {
    ...(paid.body as {
      razorpay_payment_id: string;
      razorpay_order_id: string;
      razorpay_signature: string;
    }),
    /** What the checkout charges, as the provider's order says. */
    amountPaise: created.body.order.amount as number,
  };
}

/** Razorpay's event for a capture: of the checkout's amount in INR unless `captured` says else. */
function capturedEvent(
  paid: { razorpay_payment_id: string; razorpay_order_id: string; amountPaise?: number },
  event = 'payment.captured',
  captured: { amount?: number; currency?: string } = {},
) {
  return JSON.stringify({
    entity: 'event',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paid.razorpay_payment_id,
          entity: 'payment',
          amount: captured.amount ?? paid.amountPaise ?? 49900,
          currency: captured.currency ?? 'INR',
          status: 'captured',
          order_id: paid.razorpay_order_id,
          email: 'payer@example.com',
          contact: '+919812345678',
        },
      },
      ...(event === 'order.paid'
        ? { order: { entity: { id: paid.razorpay_order_id, entity: 'order', status: 'paid' } } }
        : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

const deliver = (body: string, opts: { signature?: string; eventId?: string } = {}) =>
  deliverWebhook(t, WEBHOOK_SECRET, body, opts);

describe('POST /api/payment/webhook', () => {
  it('refuses a wrong or missing signature with a 400 and saves nothing', async () => {
    const p = await makeProduct({ quantity: 3 });
    const shopper = await t.createUser();
    const paid = await checkoutAndPay(shopper, p);
    const body = capturedEvent(paid);
    await deliver(body, { signature: hmacHex('another-secret', body) }).expect(400);
    await deliver(body, { signature: 'nothex' }).expect(400);
    await t
      .request()
      .post('/api/payment/webhook')
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(400);
    // The signature covers the raw bytes: the same JSON re-serialised differently is refused.
    await deliver(JSON.stringify(JSON.parse(body), null, 2), {
      signature: hmacHex(WEBHOOK_SECRET, body),
    }).expect(400);
    expect(await Order.countDocuments({ providerOrderId: paid.razorpay_order_id })).toBe(0);
    expect(await stockOf(p._id)).toBe(3);
  });

  it("completes a paid checkout on payment.captured: the checkout's user, the profile's address", async () => {
    const p = await makeProduct({ quantity: 3 });
    const shopper = await t.createUser({
      email: 'closed-browser@example.com',
      address: '9 Lake Road, Pune 411001',
    });
    const paid = await checkoutAndPay(shopper, p, 2);
    const res = await deliver(capturedEvent(paid), { eventId: 'evt_captured_1' }).expect(200);
    expect(res.body).toEqual({ success: true });

    const order = await Order.findOne({ providerOrderId: paid.razorpay_order_id }).lean();
    expect(order).toMatchObject({
      paymentId: paid.razorpay_payment_id,
      shippingAddress: '9 Lake Road, Pune 411001',
      status: 'pending',
      paymentStatus: 'paid',
    });
    expect(String(order!.user)).toBe(shopper.id);
    expect(await stockOf(p._id)).toBe(1);
    expect(
      (await Checkout.findOne({ providerOrderId: paid.razorpay_order_id }).lean())!.status,
    ).toBe('paid');
    const list = await t
      .request()
      .get('/api/orders/user-orders')
      .set('Authorization', shopper.auth)
      .expect(200);
    expect(list.body.orders.map((o: { _id: string }) => o._id)).toEqual([String(order!._id)]);
  });

  it('after a verify, and on order.paid too, still leaves one order and takes the stock once', async () => {
    const p = await makeProduct({ quantity: 5 });
    const shopper = await t.createUser();
    const paid = await checkoutAndPay(shopper, p, 2);
    await t
      .request()
      .post('/api/payment/verify-payment')
      .set('Authorization', shopper.auth)
      .send({ ...paid, userId: shopper.id, shippingAddress: 'Flat 2, Chennai' })
      .expect(200);
    await deliver(capturedEvent(paid), { eventId: 'evt_after_verify_1' }).expect(200);
    await deliver(capturedEvent(paid, 'order.paid'), { eventId: 'evt_after_verify_2' }).expect(200);
    const orders = await Order.find({ providerOrderId: paid.razorpay_order_id }).lean();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.shippingAddress).toBe('Flat 2, Chennai');
    expect(await stockOf(p._id)).toBe(3);
  });

  it('ignores a delivery whose event id was already handled', async () => {
    const p = await makeProduct({ quantity: 5 });
    const shopper = await t.createUser();
    const first = await checkoutAndPay(shopper, p);
    const second = await checkoutAndPay(shopper, p);
    await deliver(capturedEvent(first), { eventId: 'evt_same' }).expect(200);
    // Same event id again (even with another payload): acknowledged, not processed.
    const again = await deliver(capturedEvent(second), { eventId: 'evt_same' }).expect(200);
    expect(again.body).toEqual({ success: true, ignored: 'already handled' });
    expect(await Order.countDocuments({ providerOrderId: first.razorpay_order_id })).toBe(1);
    expect(await Order.countDocuments({ providerOrderId: second.razorpay_order_id })).toBe(0);
  });

  it('records a guest checkout with no user and the payer contact, shown to the admin', async () => {
    const p = await makeProduct({ quantity: 5 });
    const paid = await checkoutAndPay(undefined, p);
    await deliver(capturedEvent(paid), { eventId: 'evt_guest' }).expect(200);
    const order = await Order.findOne({ providerOrderId: paid.razorpay_order_id }).lean();
    expect(order).toMatchObject({
      user: null,
      contact: { email: 'payer@example.com', phone: '+919812345678' },
      shippingAddress: GUEST_ADDRESS,
      addressNeeded: false,
    });

    const admin = await t.createAdmin();
    const list = await t
      .request()
      .get('/api/orders/adminorders')
      .set('Authorization', admin.auth)
      .expect(200);
    const row = list.body.orders.find((o: { _id: string }) => o._id === String(order!._id));
    expect(row.user).toEqual({ name: 'Guest', email: 'payer@example.com', phone: '+919812345678' });
  });

  it('acknowledges events it has nothing to do with and orders of another shop', async () => {
    const p = await makeProduct({ quantity: 5 });
    const shopper = await t.createUser();
    const paid = await checkoutAndPay(shopper, p);
    const failed = await deliver(capturedEvent(paid, 'payment.failed')).expect(200);
    expect(failed.body.ignored).toBe('event payment.failed needs nothing');
    const foreign = await deliver(
      capturedEvent({ razorpay_order_id: 'order_elsewhere', razorpay_payment_id: 'pay_elsewhere' }),
    ).expect(200);
    expect(foreign.body.ignored).toBe('not an order of this shop');
    expect(await Order.countDocuments({ providerOrderId: paid.razorpay_order_id })).toBe(0);
  });
  it('does not complete a capture of another amount or currency: flags the checkout for the admin', async () => {
    const p = await makeProduct({ quantity: 5 });
    const shopper = await t.createUser();
    const paid = await checkoutAndPay(shopper, p, 2);
    const short = await deliver(
      capturedEvent(paid, 'payment.captured', { amount: paid.amountPaise - 100 }),
      { eventId: 'evt_short_amount' },
    ).expect(200);
    expect(short.body).toEqual({
      success: true,
      ignored: 'the amount or currency differs from the checkout: flagged for the admin',
    });
    const dollars = await deliver(capturedEvent(paid, 'payment.captured', { currency: 'USD' }), {
      eventId: 'evt_other_currency',
    }).expect(200);
    expect(dollars.body.ignored).toMatch(/flagged for the admin/);

    expect(await Order.countDocuments({ providerOrderId: paid.razorpay_order_id })).toBe(0);
    expect(await stockOf(p._id)).toBe(5);
    const checkout = await Checkout.findOne({ providerOrderId: paid.razorpay_order_id }).lean();
    expect(checkout!.status).toBe('flagged');
    expect(checkout!.mismatchedPayments).toEqual([
      expect.objectContaining({
        paymentId: paid.razorpay_payment_id,
        amountPaise: paid.amountPaise - 100,
        currency: 'INR',
      }),
    ]);
    // The shopper's own verify does not complete it either.
    const verified = await t
      .request()
      .post('/api/payment/verify-payment')
      .set('Authorization', shopper.auth)
      .send({ ...paid, userId: shopper.id, shippingAddress: 'Flat 2, Chennai' })
      .expect(409);
    expect(verified.body.message).toBe(
      'This payment does not match your order and is being checked by the shop. We will contact you about it.',
    );
    expect(await Order.countDocuments({ providerOrderId: paid.razorpay_order_id })).toBe(0);
  });
});

describe('reconciling pending checkouts', () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  it('completes a paid checkout nobody verified, fails an abandoned one after a day, leaves young ones alone', async () => {
    const p = await makeProduct({ quantity: 10 });
    const shopper = await t.createUser({
      email: 'reconciled@example.com',
      address: '1 Hill Road, Shimla 171001',
    });
    await Checkout.updateMany({ status: 'pending' }, { $set: { status: 'failed' } }); // earlier tests' leftovers

    const paid = await checkoutAndPay(shopper, p, 3);
    const abandoned = await t
      .request()
      .post('/api/payment/create-order')
      .set('Authorization', shopper.auth)
      .send({ amount: p.price, items: [{ _id: String(p._id), cartQuantity: 1 }] })
      .expect(200);

    // Five minutes on: the paid one (the sandbox reported its payment) is completed; the
    // other is too young to ask about.
    expect(await reconcilePendingCheckouts(t.deps, { now: later(5) })).toEqual({
      checked: 1,
      completed: 1,
      failed: 0,
      flagged: 0,
      errors: 0,
    });
    // Twenty minutes on: the other is asked about, and stays pending.
    expect(await reconcilePendingCheckouts(t.deps, { now: later(20) })).toEqual({
      checked: 1,
      completed: 0,
      failed: 0,
      flagged: 0,
      errors: 0,
    });
    const order = await Order.findOne({ providerOrderId: paid.razorpay_order_id }).lean();
    expect(order).toMatchObject({
      shippingAddress: '1 Hill Road, Shimla 171001',
      paymentId: paid.razorpay_payment_id,
    });
    expect(await stockOf(p._id)).toBe(7);
    expect(mailer.sent.some((m) => m.to === 'reconciled@example.com')).toBe(true);
    expect(
      (await Checkout.findOne({ providerOrderId: abandoned.body.order.id }).lean())!.status,
    ).toBe('pending');

    // A day on: the unpaid one is marked failed; nothing else changes.
    expect(await reconcilePendingCheckouts(t.deps, { now: later(25 * 60) })).toEqual({
      checked: 1,
      completed: 0,
      failed: 1,
      flagged: 0,
      errors: 0,
    });
    expect(
      (await Checkout.findOne({ providerOrderId: abandoned.body.order.id }).lean())!.status,
    ).toBe('failed');
    expect(await Order.countDocuments({ providerOrderId: paid.razorpay_order_id })).toBe(1);
  });

  it("counts a checkout's age by the app's clock: dated by it when made, given up a day later by it", async () => {
    const p = await makeProduct({ quantity: 10 });
    const shopper = await t.createUser({ address: '1 Hill Road, Shimla 171001' });
    await Checkout.updateMany({ status: 'pending' }, { $set: { status: 'failed' } }); // earlier tests' leftovers
    const madeAt = new Date('2026-03-02T10:00:00+05:30');
    clock = madeAt;
    try {
      const abandoned = await t
        .request()
        .post('/api/payment/create-order')
        .set('Authorization', shopper.auth)
        .send({ amount: p.price, items: [{ _id: String(p._id), cartQuantity: 1 }] })
        .expect(200);
      const status = async () =>
        (await Checkout.findOne({ providerOrderId: abandoned.body.order.id }).lean())!.status;
      // Ten minutes on by the app's clock: too young to ask about.
      clock = new Date(madeAt.getTime() + 10 * 60_000);
      expect((await reconcilePendingCheckouts(t.deps)).checked).toBe(0);
      // A day and a minute on, still unpaid: given up.
      clock = new Date(madeAt.getTime() + 24 * 3_600_000 + 60_000);
      expect(await reconcilePendingCheckouts(t.deps)).toMatchObject({ checked: 1, failed: 1 });
      expect(await status()).toBe('failed');
    } finally {
      clock = undefined;
    }
  });

  it('still records a payment captured after its checkout was marked failed (never loses a paid order)', async () => {
    const p = await makeProduct({ quantity: 10 });
    const shopper = await t.createUser();
    const paid = await checkoutAndPay(shopper, p);
    await Checkout.updateOne(
      { providerOrderId: paid.razorpay_order_id },
      { $set: { status: 'failed' } },
    );
    await deliver(capturedEvent(paid), { eventId: 'evt_late' }).expect(200);
    expect(await Order.countDocuments({ providerOrderId: paid.razorpay_order_id })).toBe(1);
    expect(
      (await Checkout.findOne({ providerOrderId: paid.razorpay_order_id }).lean())!.status,
    ).toBe('paid');
  });

  it('runs as a job every RECONCILE_INTERVAL_MS when enabled', async () => {
    const p = await makeProduct({ quantity: 10 });
    const shopper = await t.createUser();
    const paid = await checkoutAndPay(shopper, p);
    const deps = {
      ...t.deps,
      config: {
        ...t.deps.config,
        payments: { ...t.deps.config.payments, reconcileIntervalMs: 25 },
      },
    };
    expect(t.deps.config.payments.reconcileIntervalMs).toBe(0); // off in tests unless asked for
    expect(reconcileJobs(t.deps)).toEqual([]);
    // The payment was reported one pass (25 ms) before that pass: the job completes it.
    const jobs = new Jobs({ logger: createLogger('silent'), now: () => Date.now() + 60_000 });
    for (const job of reconcileJobs(deps)) jobs.add(job);
    await jobs.tick();
    expect(await Order.countDocuments({ providerOrderId: paid.razorpay_order_id })).toBe(1);
    await jobs.stop();
  });

  it('completes promptly a payment whose process died before verify-payment: one pass on, not 15 minutes', async () => {
    const p = await makeProduct({ quantity: 10 });
    const shopper = await t.createUser();
    await Checkout.updateMany({ status: 'pending' }, { $set: { status: 'failed' } }); // earlier tests' leftovers
    // Paid in the sandbox; the process that would have answered verify-payment died.
    const paid = await checkoutAndPay(shopper, p);
    const pass = t.deps.config.payments.reconcileIntervalMs || 30_000;
    expect(await reconcilePendingCheckouts(t.deps, { now: new Date(Date.now() + pass) })).toEqual({
      checked: 1,
      completed: 1,
      failed: 0,
      flagged: 0,
      errors: 0,
    });
    expect(await Order.countDocuments({ providerOrderId: paid.razorpay_order_id })).toBe(1);
    expect(await stockOf(p._id)).toBe(9);
  });

  it('asks about an abandoned checkout when its age has doubled, not at every pass', async () => {
    const p = await makeProduct({ quantity: 10 });
    const shopper = await t.createUser();
    await Checkout.updateMany({ status: 'pending' }, { $set: { status: 'failed' } }); // earlier tests' leftovers
    await t
      .request()
      .post('/api/payment/create-order')
      .set('Authorization', shopper.auth)
      .send({ amount: p.price, items: [{ _id: String(p._id), cartQuantity: 1 }] })
      .expect(200);
    const asked = vi.spyOn(t.deps.payments, 'fetchOrderPayments');
    const passAt = async (minutes: number) =>
      (await reconcilePendingCheckouts(t.deps, { now: later(minutes) })).checked;
    const checks = [];
    for (const minutes of [10, 16, 20, 25, 31, 40, 62, 100, 125])
      checks.push(await passAt(minutes));
    // Asked at 16 minutes (next at 32), at 40 (next at 80), at 100 (next at 200).
    expect(checks).toEqual([0, 1, 0, 0, 0, 1, 0, 1, 0]);
    expect(asked).toHaveBeenCalledTimes(3);
    asked.mockRestore();
  });

  it('flags, and does not complete, a checkout whose captured payment differs in amount', async () => {
    const p = await makeProduct({ quantity: 10 });
    const shopper = await t.createUser();
    await Checkout.updateMany({ status: 'pending' }, { $set: { status: 'failed' } }); // earlier tests' leftovers
    const paid = await checkoutAndPay(shopper, p, 2);
    // The provider reports the capture for less than the checkout's amount.
    await mongoose.connection
      .collection('sandbox_payments')
      .updateOne({ _id: paid.razorpay_payment_id as never }, { $set: { amount: 100 } });
    expect(await reconcilePendingCheckouts(t.deps, { now: later(20) })).toEqual({
      checked: 1,
      completed: 0,
      failed: 0,
      flagged: 1,
      errors: 0,
    });
    expect(await Order.countDocuments({ providerOrderId: paid.razorpay_order_id })).toBe(0);
    expect(await stockOf(p._id)).toBe(10);
    const checkout = await Checkout.findOne({ providerOrderId: paid.razorpay_order_id }).lean();
    expect(checkout!.status).toBe('flagged');
    expect(checkout!.mismatchedPayments).toEqual([
      expect.objectContaining({ paymentId: paid.razorpay_payment_id, amountPaise: 100 }),
    ]);
    // Flagged is settled by the admin: reconciliation does not ask again, even after a day.
    expect((await reconcilePendingCheckouts(t.deps, { now: later(25 * 60) })).checked).toBe(0);
  });
});
