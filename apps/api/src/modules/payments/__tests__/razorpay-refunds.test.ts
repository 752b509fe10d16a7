/**
 * Refunds through Razorpay: the real SDK's payments.refund against the loopback stand-in,
 * the signed and deduplicated `refund.processed` / `refund.failed` webhooks, and
 * reconciliation moving refunds that are still pending (or were never answered).
 */
import { describe, expect, it } from 'vitest';
import {
  ProviderUnavailableError,
  refundIdempotencyKey,
} from '../../../lib/payment-gateway/index.js';
import { setupTestApp } from '../../../test/harness.js';
import { reconcileRefunds } from '../../orders/index.js';
import { Order } from '../../orders/order.model.js';
import { Checkout } from '../checkout.model.js';
import { deliverWebhook, makeProduct, recordingMailer } from './helpers.js';
import { startRazorpayStandIn } from './razorpay-stand-in.js';

const keys = { keyId: 'rzp_test_standin', keySecret: 'standin_key_secret' };
const WEBHOOK_SECRET = 'standin_webhook_secret';
const razorpay = await startRazorpayStandIn(keys);
const mailer = recordingMailer();
const t = await setupTestApp({
  env: {
    RAZORPAY_KEY_ID: keys.keyId,
    RAZORPAY_KEY_SECRET: keys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_URL: razorpay.url,
  },
  overrides: () => ({ mailer }),
});
const admin = await t.createAdmin();
const later = () => new Date(Date.now() + 20 * 60_000);

/** A shopper pays ₹price × quantity in Razorpay's dialog and the payment is verified. */
async function paidOrder(price = 750, quantity = 1, email?: string) {
  const shopper = await t.createUser({ name: 'Meera', ...(email ? { email } : {}) });
  const p = await makeProduct({ price, quantity: 3 });
  const created = await t
    .request()
    .post('/api/payment/create-order')
    .set('Authorization', shopper.auth)
    .send({ amount: price * quantity, items: [{ _id: String(p._id), cartQuantity: quantity }] })
    .expect(200);
  const paid = razorpay.capture(created.body.order.id);
  const verified = await t
    .request()
    .post('/api/payment/verify-payment')
    .set('Authorization', shopper.auth)
    .send({ ...paid, userId: shopper.id, shippingAddress: '3 Beach Road, Goa' })
    .expect(200);
  return { orderId: verified.body.orderId as string, paymentId: paid.razorpay_payment_id, shopper };
}

const cancel = (orderId: string) =>
  t
    .request()
    .put(`/api/orders/update-status/${orderId}`)
    .set('Authorization', admin.auth)
    .send({ status: 'cancelled' });
const refundOf = async (orderId: string) => (await Order.findById(orderId).lean())!.refund;

function refundEvent(event: 'refund.processed' | 'refund.failed', refund: object) {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_standin',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: refund },
      payment: { entity: { id: (refund as { payment_id: string }).payment_id, entity: 'payment' } },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}
const deliver = (body: string, eventId: string, secret = WEBHOOK_SECRET) =>
  deliverWebhook(t, secret, body, { eventId });

describe('refunds through Razorpay', () => {
  it('asks Razorpay (payments.refund, Basic auth) for the whole amount and records its pending refund', async () => {
    const { orderId, paymentId } = await paidOrder(750);
    const res = await cancel(orderId).expect(200);
    const [refund] = [...razorpay.refunds.values()].filter((r) => r.payment_id === paymentId);
    expect(refund).toMatchObject({
      amount: 75_000,
      status: 'pending',
      receipt: `order_${orderId}`,
      notes: { order: orderId },
      speed_requested: 'normal',
    });
    expect(razorpay.requests.at(-1)).toEqual({
      method: 'POST',
      path: `/v1/payments/${paymentId}/refund`,
      authorized: true,
    });
    expect(res.body.order.refund).toMatchObject({
      id: refund!.id,
      amount: 75_000,
      status: 'pending',
    });
  });

  it('asks with an idempotency key: the same claim asked again (its answer lost) is the same refund', async () => {
    const { paymentId } = await paidOrder(640);
    const claimedAt = new Date();
    const ask = (at: Date) =>
      t.deps.payments.refundPayment({
        paymentId,
        amountPaise: 64_000,
        receipt: 'rcpt_again',
        idempotencyKey: refundIdempotencyKey(paymentId, at, 64_000),
      });
    const first = await ask(claimedAt);
    // As after an answer lost on the way: not refused as refunded already, and not a second one.
    expect(await ask(claimedAt)).toEqual(first);
    const ofPayment = () =>
      [...razorpay.refunds.values()].filter((r) => r.payment_id === paymentId);
    expect(ofPayment()).toHaveLength(1);
    // That refund failed: a new claim asks anew and gets a refund of its own.
    razorpay.settleRefund(first.id, 'failed');
    const second = await ask(new Date(claimedAt.getTime() + 1));
    expect(second.id).not.toBe(first.id);
    expect(ofPayment().map((r) => r.status)).toEqual(['failed', 'pending']);
  });

  it('takes a 409 (Razorpay still busy with that key) as no answer, not a refusal', async () => {
    const { paymentId } = await paidOrder(660);
    razorpay.answerNextRefund(409, 'A request with the same idempotency key is being processed');
    await expect(
      t.deps.payments.refundPayment({
        paymentId,
        amountPaise: 66_000,
        receipt: 'rcpt_busy',
        idempotencyKey: refundIdempotencyKey(paymentId, new Date(), 66_000),
      }),
    ).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('moves it on a signed refund.processed webhook, once however often it is delivered', async () => {
    const { orderId, paymentId, shopper } = await paidOrder(820);
    await cancel(orderId).expect(200);
    const { id } = (await refundOf(orderId))!;
    const body = refundEvent('refund.processed', razorpay.settleRefund(id, 'processed'));

    await deliver(body, 'evt_refund_1', keys.keySecret).expect(400);
    expect((await refundOf(orderId))!.status).toBe('pending');

    const res = await deliver(body, 'evt_refund_1').expect(200);
    expect(res.body).toEqual({ success: true });
    expect(await refundOf(orderId)).toMatchObject({ id, status: 'processed', amount: 82_000 });
    const again = await deliver(body, 'evt_refund_1').expect(200);
    expect(again.body).toEqual({ success: true, ignored: 'already handled' });
    // A new delivery id for the same news changes nothing either.
    const other = await deliver(body, 'evt_refund_1b').expect(200);
    expect(other.body.ignored).toBe('not a pending refund of this shop');

    const mails = mailer.sent.filter(
      (m) => m.to === shopper.user.email && /refund for order/.test(m.subject),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Your refund of ₹820`);
    const order = (await Order.findById(orderId).lean())!;
    expect(order.history.map((h) => h.event)).toEqual(['cancelled', 'refund_processed']);
    expect(paymentId).toBe(order.paymentId);
  });

  it('flags a refund.failed for the admin; an unknown refund is ignored', async () => {
    const { orderId } = await paidOrder(640);
    await cancel(orderId).expect(200);
    const { id } = (await refundOf(orderId))!;
    await deliver(
      refundEvent('refund.failed', razorpay.settleRefund(id, 'failed')),
      'evt_f1',
    ).expect(200);
    expect(await refundOf(orderId)).toMatchObject({
      id,
      status: 'failed',
      failureReason: 'The payment provider could not process the refund',
    });
    const list = await t
      .request()
      .get('/api/orders/adminorders')
      .set('Authorization', admin.auth)
      .expect(200);
    const listed = list.body.orders.find((o: { _id: string }) => o._id === orderId);
    expect(listed.refund).toMatchObject({ status: 'failed', amount: 64_000 });

    const stray = refundEvent('refund.processed', {
      id: 'rfnd_elsewhere',
      payment_id: 'pay_elsewhere',
      amount: 100,
      status: 'processed',
    });
    const res = await deliver(stray, 'evt_stray').expect(200);
    expect(res.body.ignored).toBe('not a pending refund of this shop');
  });

  it('refuses a refund webhook without the refund entity it needs', async () => {
    const body = JSON.stringify({ event: 'refund.processed', payload: { refund: { entity: {} } } });
    await deliver(body, 'evt_bad').expect(400);
  });

  it('reconciliation records what Razorpay says about a pending refund', async () => {
    const { orderId } = await paidOrder(560);
    await cancel(orderId).expect(200);
    const { id } = (await refundOf(orderId))!;

    const early = await reconcileRefunds(t.deps);
    expect(early.checked).toBe(0); // younger than 15 minutes: its webhook may still come
    let summary = await reconcileRefunds(t.deps, { now: later() });
    expect(summary).toMatchObject({ moved: 0, errors: 0 });
    expect((await refundOf(orderId))!.status).toBe('pending');

    razorpay.settleRefund(id, 'processed');
    summary = await reconcileRefunds(t.deps, { now: later() });
    expect(summary).toMatchObject({ moved: 1, errors: 0 });
    expect(await refundOf(orderId)).toMatchObject({ id, status: 'processed' });
  });

  it('keeps a refund Razorpay did not answer pending, and reconciliation asks again (one refund)', async () => {
    const { orderId, paymentId } = await paidOrder(910);
    await razorpay.stop();
    try {
      const res = await cancel(orderId).expect(200);
      expect(res.body.order).toMatchObject({
        status: 'cancelled',
        refund: { id: '', status: 'pending', amount: 91_000 },
      });
    } finally {
      await razorpay.start();
    }
    const summary = await reconcileRefunds(t.deps, { now: later() });
    expect(summary).toMatchObject({ requested: 1, errors: 0 });
    const refunds = [...razorpay.refunds.values()].filter((r) => r.payment_id === paymentId);
    expect(refunds).toHaveLength(1);
    expect(await refundOf(orderId)).toMatchObject({ id: refunds[0]!.id, status: 'pending' });

    // Another pass finds it by id and asks for nothing new.
    await reconcileRefunds(t.deps, { now: later() });
    expect([...razorpay.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(
      1,
    );
  });

  it("marks the refund failed with Razorpay's reason when it refuses (already refunded in its dashboard)", async () => {
    const { orderId, paymentId } = await paidOrder(530);
    // Someone refunded it by hand in Razorpay's dashboard first.
    razorpay.refunds.set('rfnd_by_hand', {
      id: 'rfnd_by_hand',
      entity: 'refund',
      amount: 53_000,
      currency: 'INR',
      payment_id: paymentId,
      notes: {},
      receipt: null,
      acquirer_data: { arn: null },
      created_at: 0,
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    });
    const res = await cancel(orderId).expect(200);
    expect(res.body.order.refund).toMatchObject({
      id: '',
      status: 'failed',
      failureReason: 'The payment has been fully refunded already',
    });
  });

  it('gives back a second payment for a paid order through Razorpay, and follows its webhook', async () => {
    const shopper = await t.createUser({ name: 'Ravi' });
    const p = await makeProduct({ price: 560, quantity: 3 });
    const created = await t
      .request()
      .post('/api/payment/create-order')
      .set('Authorization', shopper.auth)
      .send({ amount: 560, items: [{ _id: String(p._id), cartQuantity: 1 }] })
      .expect(200);
    const [first, second] = [
      razorpay.capture(created.body.order.id),
      razorpay.capture(created.body.order.id),
    ];
    for (const paid of [first, second])
      await t
        .request()
        .post('/api/payment/verify-payment')
        .set('Authorization', shopper.auth)
        .send({ ...paid, userId: shopper.id, shippingAddress: '3 Beach Road, Goa' })
        .expect(200);
    const list = async () =>
      (await t.request().get('/api/payment/unsettled').set('Authorization', admin.auth).expect(200))
        .body.checkouts as Array<{ _id: string; payments: Array<{ paymentId: string }> }>;
    const listed = (await list()).find(
      (c) => c.payments[0]?.paymentId === second.razorpay_payment_id,
    );
    expect(listed).toBeDefined();

    const res = await t
      .request()
      .post(`/api/payment/unsettled/${listed!._id}/refund`)
      .set('Authorization', admin.auth)
      .send({ paymentId: second.razorpay_payment_id })
      .expect(200);
    expect(res.body).toMatchObject({
      message: 'Refund of ₹560 requested',
      refund: { status: 'pending' },
    });
    const asked = [...razorpay.refunds.values()].filter(
      (r) => r.payment_id === second.razorpay_payment_id,
    );
    expect(asked).toEqual([
      expect.objectContaining({
        amount: 56_000,
        receipt: `checkout_${listed!._id}`,
        status: 'pending',
      }),
    ]);
    expect(
      [...razorpay.refunds.values()].filter((r) => r.payment_id === first.razorpay_payment_id),
    ).toEqual([]);
    // On its way: off the list; Razorpay's refund.processed settles it.
    expect((await list()).map((c) => c._id)).not.toContain(listed!._id);
    const body = refundEvent('refund.processed', razorpay.settleRefund(asked[0]!.id, 'processed'));
    expect((await deliver(body, 'evt_settle_1').expect(200)).body).toEqual({ success: true });
    const checkout = await Checkout.findById(listed!._id).lean();
    expect(checkout!.paymentRefunds).toEqual([
      expect.objectContaining({ id: asked[0]!.id, status: 'processed', amountPaise: 56_000 }),
    ]);
  });
});

describe('a return refunded through Razorpay', () => {
  it('asks for part of the payment, keeps it pending, and moves it on the refund.processed webhook', async () => {
    const email = 'kavya.return@example.com';
    const { orderId, paymentId, shopper } = await paidOrder(600, 2, email);
    for (const status of ['shipped', 'delivered'])
      await t
        .request()
        .put(`/api/orders/update-status/${orderId}`)
        .set('Authorization', admin.auth)
        .send({ status })
        .expect(200);
    const itemId = (await Order.findById(orderId).lean())!.items[0]!.itemId!;
    const asked = await t
      .request()
      .post(`/api/orders/${orderId}/returns`)
      .set('Authorization', shopper.auth)
      .send({ items: [{ itemId, quantity: 1, kind: 'return', reason: 'too_big' }] })
      .expect(200);
    const returnId = asked.body.order.returns[0]._id as string;
    let res;
    for (const status of ['approved', 'picked_up', 'received', 'check_passed'])
      res = await t
        .request()
        .put(`/api/orders/returns/${returnId}`)
        .set('Authorization', admin.auth)
        .send({ status })
        .expect(200);

    const [refund] = [...razorpay.refunds.values()].filter((r) => r.payment_id === paymentId);
    expect(refund).toMatchObject({
      amount: 60_000,
      status: 'pending',
      receipt: `return_${returnId}`,
    });
    expect(res!.body.order.returns[0]).toMatchObject({
      status: 'refunded',
      refund: { method: 'provider', id: refund!.id, amount: 60_000, status: 'pending' },
    });

    const body = refundEvent('refund.processed', razorpay.settleRefund(refund!.id, 'processed'));
    await deliver(body, 'evt_return_refund_1').expect(200);
    const order = (await Order.findById(orderId).lean())!;
    expect(order.returns[0]!.refund).toMatchObject({ id: refund!.id, status: 'processed' });
    expect(order.refund).toBeNull();
    const mails = mailer.sent.filter(
      (m) => m.to === email && m.subject.includes('refund for the return'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Your refund of ₹600');
  });
});
