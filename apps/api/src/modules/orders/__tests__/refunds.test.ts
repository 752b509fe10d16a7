/**
 * Cancellations that return the money, with the sandbox provider: an admin's cancel and the
 * shopper's own (PUT /api/orders/cancel/{orderId}) restock and refund the payment in full,
 * exactly once however often or concurrently it is cancelled; a refunded order cannot be
 * reopened; GET /api/orders/{orderId} is the order page's data. (Razorpay's refund API and
 * the refund webhooks: payments/__tests__/razorpay-refunds.test.ts.)
 */
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/harness.js';
import {
  makeProduct,
  recordingMailer,
  sandboxCheckout,
  stockOf,
} from '../../payments/__tests__/helpers.js';
import { Order } from '../order.model.js';
import { seedOrder } from './seed-orders.js';

const mailer = recordingMailer();
const t = await setupTestApp({ overrides: () => ({ mailer }) });
const admin = await t.createAdmin();
const asha = await t.createUser({ name: 'Asha', email: 'asha@example.com' });
const ravi = await t.createUser({ name: 'Ravi', email: 'ravi@example.com' });

/** The sandbox's own record of refunds (what "the provider" did). */
const sandboxRefunds = () => mongoose.connection.collection('sandbox_refunds');

async function paidOrder(shopper = asha, price = 649, quantity = 2) {
  const tee = await makeProduct({ name: 'Sunset Tee', price, quantity: 5 });
  const orderId = await sandboxCheckout(
    t,
    shopper,
    [{ _id: String(tee._id), cartQuantity: quantity }],
    { amount: price * quantity, shippingAddress: '7 Lake Road, Pune 411001' },
  );
  return { orderId, tee };
}

/** The admin's change; a move back carries its reason, as the admin's page asks for one. */
const setStatus = (orderId: string, status: string) =>
  t
    .request()
    .put(`/api/orders/update-status/${orderId}`)
    .set('Authorization', admin.auth)
    .send({ status, reason: 'Corrected by the admin' });
const cancelAs = (shopper: { auth: string }, orderId: string) =>
  t.request().put(`/api/orders/cancel/${orderId}`).set('Authorization', shopper.auth);
const mailsTo = (email: string, subject: RegExp) =>
  mailer.sent.filter((m) => m.to === email && subject.test(m.subject));

describe('an admin cancels a paid order', () => {
  it('refunds the whole payment through the provider that took it, and mails the shopper', async () => {
    const { orderId, tee } = await paidOrder();
    const order = await Order.findById(orderId).lean();

    const res = await setStatus(orderId, 'cancelled').expect(200);
    expect(res.body.order).toMatchObject({
      status: 'cancelled',
      refund: {
        id: expect.stringMatching(/^rfnd_sandbox_/),
        amount: 129_800,
        status: 'processed',
        createdAt: expect.any(String),
      },
    });
    expect(res.body.order.timeline.map((e: { event: string }) => e.event)).toEqual([
      'paid',
      'cancelled',
      'refund_processed',
    ]);
    expect(res.body.order.timeline[1]).toMatchObject({ by: 'admin' });
    expect(await stockOf(tee._id)).toBe(5);
    const refunds = await sandboxRefunds().find({ paymentId: order!.paymentId }).toArray();
    expect(refunds).toMatchObject([{ amount: 129_800, status: 'processed' }]);

    await expect
      .poll(() => mailsTo('asha@example.com', /is cancelled$/).length, { timeout: 10_000 })
      .toBe(1);
    const cancelled = mailsTo('asha@example.com', /is cancelled$/)[0]!;
    expect(cancelled.text).toContain('we had to cancel your order');
    expect(cancelled.text).toContain('We are refunding the full ₹1,298');
    expect(cancelled.text).toContain('usually arrive within 5–7 working days');
    const processed = mailsTo('asha@example.com', /refund for order #\w+ is processed$/);
    expect(processed).toHaveLength(1);
    expect(processed[0]!.text).toContain(`Your refund of ₹1,298`);
    expect(processed[0]!.text).toContain(refunds[0]!._id as unknown as string);
  });

  it('refunds once when it is cancelled twice, or by four admins at the same time', async () => {
    const { orderId } = await paidOrder();
    const { paymentId } = (await Order.findById(orderId).lean())!;
    const answers = await Promise.all([1, 2, 3, 4].map(() => setStatus(orderId, 'cancelled')));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await setStatus(orderId, 'cancelled').expect(200);
    expect(await sandboxRefunds().countDocuments({ paymentId })).toBe(1);
    const stored = (await Order.findById(orderId).lean())!;
    expect(stored.refund).toMatchObject({ status: 'processed', amount: 129_800 });
    expect(stored.history.filter((h) => h.event === 'cancelled')).toHaveLength(1);
  });

  it('refunds once when the shopper and an admin cancel at the same time', async () => {
    const { orderId } = await paidOrder();
    const { paymentId } = (await Order.findById(orderId).lean())!;
    const answers = await Promise.all([
      cancelAs(asha, orderId),
      setStatus(orderId, 'cancelled'),
      cancelAs(asha, orderId),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await sandboxRefunds().countDocuments({ paymentId })).toBe(1);
  });

  it('refuses to reopen a refunded order (409 saying the money was returned), changing nothing', async () => {
    const { orderId, tee } = await paidOrder();
    await setStatus(orderId, 'cancelled').expect(200);
    for (const status of ['pending', 'shipped', 'delivered']) {
      const res = await setStatus(orderId, status).expect(409);
      expect(res.body.message).toBe(
        'The money for this order was returned to the shopper (a refund of ₹1,298), so it cannot be reopened. Ask them to place a new order.',
      );
    }
    expect((await Order.findById(orderId).lean())!.status).toBe('cancelled');
    expect(await stockOf(tee._id)).toBe(5);
  });

  it('flags a refund the provider refuses, with its reason, and asks again when cancelled again', async () => {
    // Recorded as paid, but the sandbox never took this payment: it refuses to refund it.
    const orderId = await seedOrder({ user: asha.id, amountPaise: 79_900 });
    const res = await setStatus(orderId, 'cancelled').expect(200);
    expect(res.body.order.refund).toEqual({
      id: '',
      amount: 79_900,
      status: 'failed',
      createdAt: expect.any(String),
      failureReason: 'The payment was not found or is not captured',
    });
    expect(res.body.order.timeline.at(-1)).toMatchObject({ event: 'refund_failed' });
    const heldUp = () =>
      mailsTo('asha@example.com', /is cancelled$/).filter((m) => m.text.includes('₹799'));
    await expect.poll(() => heldUp().length, { timeout: 10_000 }).toBe(1);
    const [mail] = heldUp();
    expect(mail!.text).toContain('our team is arranging it');

    // The admin fixes the cause (here: the sandbox now holds the payment) and cancels again.
    const { paymentId } = (await Order.findById(orderId).lean())!;
    await mongoose.connection
      .collection('sandbox_payments')
      .insertOne({ _id: paymentId as never, orderId: 'x', amount: 79_900, status: 'captured' });
    const again = await setStatus(orderId, 'cancelled').expect(200);
    expect(again.body.order.refund).toMatchObject({ status: 'processed', amount: 79_900 });
    expect(again.body.order.refund.failureReason).toBeUndefined();
  });

  it('lets an order whose refund failed be reopened (no money went back)', async () => {
    const orderId = await seedOrder({ user: asha.id });
    await setStatus(orderId, 'cancelled').expect(200);
    const res = await setStatus(orderId, 'shipped').expect(200);
    expect(res.body.order).toMatchObject({ status: 'shipped', refund: null });
  });

  it('mails the shopper once when the order is delivered', async () => {
    const { orderId } = await paidOrder(ravi);
    await setStatus(orderId, 'shipped').expect(200);
    await setStatus(orderId, 'delivered').expect(200);
    await setStatus(orderId, 'delivered').expect(200);
    await expect
      .poll(() => mailsTo('ravi@example.com', /has been delivered$/).length, { timeout: 10_000 })
      .toBe(1);
    expect(mailsTo('ravi@example.com', /has been delivered$/)[0]!.text).toContain(
      'has been delivered to 7 Lake Road, Pune',
    );
    const order = await t
      .request()
      .get(`/api/orders/${orderId}`)
      .set('Authorization', ravi.auth)
      .expect(200);
    expect(order.body.order.timeline.map((e: { event: string }) => e.event)).toEqual([
      'paid',
      'shipped',
      'delivered',
    ]);
  });
});

describe("the sandbox provider's refunds", () => {
  it('honours idempotency keys as Razorpay does: one refund per key, however often or concurrently asked', async () => {
    const { orderId } = await paidOrder();
    const { paymentId, amountPaise } = (await Order.findById(orderId).lean())!;
    const refund = (idempotencyKey: string, amount = amountPaise) =>
      t.deps.payments.refundPayment({
        paymentId,
        amountPaise: amount,
        receipt: `order_${orderId}`,
        idempotencyKey,
      });
    // Two copies of the shop ask at once (a sweep each), then one asks again (an answer lost).
    const [a, b] = await Promise.all([refund('claim-one-key'), refund('claim-one-key')]);
    const again = await refund('claim-one-key');
    expect(a).toMatchObject({ status: 'processed', amount: amountPaise });
    expect([b, again]).toEqual([a, a]);
    expect(await sandboxRefunds().countDocuments({ paymentId })).toBe(1);
    // Another amount under the same key is refused; a new key is a new refund (here: too much).
    await expect(refund('claim-one-key', 100)).rejects.toThrow(/same idempotency key/);
    await expect(refund('claim-two-key')).rejects.toThrow(/greater than the refund payment/);
  });
});

describe('PUT /api/orders/cancel/{orderId}: the shopper cancels', () => {
  it('cancels their pending order: stock back, refund in full, { success, message, order }', async () => {
    const { orderId, tee } = await paidOrder();
    expect(await stockOf(tee._id)).toBe(3);
    const res = await cancelAs(asha, orderId).expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Your order was cancelled. A refund of ₹1,298 is on its way.',
      order: {
        _id: orderId,
        status: 'cancelled',
        refund: { amount: 129_800, status: 'processed' },
      },
    });
    expect(res.body.order.timeline[1]).toMatchObject({ event: 'cancelled', by: 'customer' });
    expect(await stockOf(tee._id)).toBe(5);
    await expect
      .poll(
        () =>
          mailsTo('asha@example.com', /is cancelled$/).filter((m) =>
            m.text.includes('cancelled at your request'),
          ).length,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);

    // Again: nothing more happens.
    const again = await cancelAs(asha, orderId).expect(200);
    expect(again.body.message).toBe('This order was already cancelled.');
    expect(await stockOf(tee._id)).toBe(5);
  });

  it("answers 403 for someone else's order and changes nothing", async () => {
    const { orderId, tee } = await paidOrder();
    const res = await cancelAs(ravi, orderId).expect(403);
    expect(res.body).toMatchObject({
      success: false,
      message: 'This order belongs to another account',
    });
    expect((await Order.findById(orderId).lean())!.status).toBe('pending');
    expect(await stockOf(tee._id)).toBe(3);
  });

  it('answers 409 once the order has shipped or been delivered', async () => {
    const { orderId } = await paidOrder();
    await setStatus(orderId, 'shipped').expect(200);
    const shipped = await cancelAs(asha, orderId).expect(409);
    expect(shipped.body.message).toBe(
      'This order has already shipped, so it can no longer be cancelled.',
    );
    await setStatus(orderId, 'delivered').expect(200);
    const delivered = await cancelAs(asha, orderId).expect(409);
    expect(delivered.body.message).toBe(
      'This order has already been delivered, so it can no longer be cancelled.',
    );
    const stored = (await Order.findById(orderId).lean())!;
    expect(stored.status).toBe('delivered');
    expect(stored.refund).toBeNull();
  });

  it('needs a token, a valid id and an existing order', async () => {
    const { orderId } = await paidOrder();
    await t.request().put(`/api/orders/cancel/${orderId}`).expect(401);
    await cancelAs(asha, 'not-an-id').expect(400);
    await cancelAs(asha, String(new mongoose.Types.ObjectId())).expect(404);
  });
});

describe('GET /api/orders/{orderId}: the order page', () => {
  it('answers the owner with items, amount, address, payment id and timeline, never cached', async () => {
    const { orderId, tee } = await paidOrder();
    const res = await t
      .request()
      .get(`/api/orders/${orderId}`)
      .set('Authorization', asha.auth)
      .expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const stored = (await Order.findById(orderId).lean())!;
    expect(res.body).toEqual({
      success: true,
      order: {
        _id: orderId,
        status: 'pending',
        amount: 1298,
        shippingFee: 0,
        codFee: 0,
        discount: null,
        deliveryBy: stored.deliveryBy,
        shippingAddress: '7 Lake Road, Pune 411001',
        items: [
          {
            _id: String(tee._id),
            itemId: stored.items[0]!.itemId,
            name: 'Sunset Tee',
            photo: tee.colours![0]!.images[0]!.url,
            price: 649,
            cartQuantity: 2,
            size: 'One size',
            colour: 'Default',
            stock: 'taken',
          },
        ],
        createdAt: stored.createdAt.toISOString(),
        payment: { method: 'online', status: 'paid' },
        paymentId: stored.paymentId,
        stockShortage: false,
        addressNeeded: false,
        refund: null,
        shipment: null,
        timeline: [{ event: 'paid', at: stored.createdAt.toISOString() }],
        // No tax invoice: this shop's seller details are not set (tax-invoices.test.ts).
        invoice: null,
        creditNotes: [],
        returns: [],
        exchangeFor: null,
        extraPaymentRefunds: [],
      },
    });
  });

  it('answers an admin too, 403 to another shopper, 404 for an unknown order', async () => {
    const { orderId } = await paidOrder();
    await t.request().get(`/api/orders/${orderId}`).set('Authorization', admin.auth).expect(200);
    const other = await t
      .request()
      .get(`/api/orders/${orderId}`)
      .set('Authorization', ravi.auth)
      .expect(403);
    expect(other.body.message).toBe('This order belongs to another account');
    await t
      .request()
      .get(`/api/orders/${String(new mongoose.Types.ObjectId())}`)
      .set('Authorization', asha.auth)
      .expect(404);
    await t.request().get(`/api/orders/${orderId}`).expect(401);
  });
});
