/**
 * The Razorpay path: the real `razorpay` SDK against a loopback stand-in of Razorpay's
 * orders API (RAZORPAY_API_URL), with Basic auth, Razorpay's response shapes and signatures.
 */
import { describe, expect, it } from 'vitest';
import { createRazorpayGateway } from '../../../lib/payment-gateway/razorpay.js';
import { hmacHex, ProviderUnavailableError } from '../../../lib/payment-gateway/index.js';
import { setupTestApp } from '../../../test/harness.js';
import { Order } from '../../orders/order.model.js';
import { Checkout } from '../checkout.model.js';
import { reconcilePendingCheckouts } from '../reconcile.js';
import { makeProduct, onlineTotal, stockOf } from './helpers.js';
import { startRazorpayStandIn } from './razorpay-stand-in.js';

const keys = { keyId: 'rzp_test_standin', keySecret: 'standin_key_secret' };
const WEBHOOK_SECRET = 'standin_webhook_secret';
const razorpay = await startRazorpayStandIn(keys);
const t = await setupTestApp({
  env: {
    RAZORPAY_KEY_ID: keys.keyId,
    RAZORPAY_KEY_SECRET: keys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_URL: razorpay.url,
  },
});

function createOrder(
  shopper: { auth: string },
  product: { _id: unknown; price: number },
  quantity = 1,
) {
  return t
    .request()
    .post('/api/payment/create-order')
    .set('Authorization', shopper.auth)
    .send({
      amount: onlineTotal(product.price * quantity),
      items: [{ _id: String(product._id), cartQuantity: quantity }],
    });
}

describe('with Razorpay keys', () => {
  it("tells the web app to load Razorpay's checkout script with the key id", async () => {
    const res = await t.request().get('/api/payment/config').expect(200);
    expect(res.body).toEqual({
      provider: 'razorpay',
      keyId: keys.keyId,
      checkoutScript: 'https://checkout.razorpay.com/v1/checkout.js',
    });
  });

  it('refuses the sandbox endpoints', async () => {
    await t.request().get('/api/payment/sandbox/checkout.js').expect(404);
    await t.request().post('/api/payment/sandbox/pay').send({ order_id: 'order_x' }).expect(404);
  });

  it('creates the order through the SDK (paise, INR, a receipt, Basic auth) and records the checkout', async () => {
    const p = await makeProduct({ price: 649.99, quantity: 4 });
    const shopper = await t.createUser();
    const res = await createOrder(shopper, p, 3).expect(200);
    const sent = razorpay.orders.get(res.body.order.id);
    expect(sent).toMatchObject({
      amount: 194_997,
      currency: 'INR',
      receipt: expect.stringMatching(/^rcpt_[a-f0-9]{24}$/),
    });
    expect(res.body.order).toEqual({ id: sent!.id, amount: 194_997, currency: 'INR' });
    expect(razorpay.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/orders',
      authorized: true,
    });
    const checkout = await Checkout.findOne({ providerOrderId: sent!.id }).lean();
    expect(checkout).toMatchObject({
      provider: 'razorpay',
      receipt: sent!.receipt,
      amountPaise: 194_997,
      status: 'pending',
    });
  });

  it('verifies the handler fields Razorpay signs with the key secret, and refuses other signatures', async () => {
    const p = await makeProduct({ price: 500, quantity: 4 });
    const shopper = await t.createUser();
    const created = await createOrder(shopper, p, 2).expect(200);
    const paid = razorpay.capture(created.body.order.id);
    const body = { ...paid, userId: shopper.id, shippingAddress: '3 Beach Road, Goa' };

    const forged = {
      ...body,
      razorpay_signature: hmacHex(
        'not-the-secret',
        `${paid.razorpay_order_id}|${paid.razorpay_payment_id}`,
      ),
    };
    await t
      .request()
      .post('/api/payment/verify-payment')
      .set('Authorization', shopper.auth)
      .send(forged)
      .expect(400);
    expect(await Order.countDocuments({ providerOrderId: paid.razorpay_order_id })).toBe(0);

    const res = await t
      .request()
      .post('/api/payment/verify-payment')
      .set('Authorization', shopper.auth)
      .send(body)
      .expect(200);
    expect(res.body.success).toBe(true);
    expect(await Order.findById(res.body.orderId).lean()).toMatchObject({
      provider: 'razorpay',
      amount: 1000,
      paymentId: paid.razorpay_payment_id,
    });
    expect(await stockOf(p._id)).toBe(2);
  });

  it("takes a webhook signed with RAZORPAY_WEBHOOK_SECRET (and refuses the key secret's)", async () => {
    const p = await makeProduct({ price: 300, quantity: 4 });
    const shopper = await t.createUser();
    const created = await createOrder(shopper, p).expect(200);
    const paid = razorpay.capture(created.body.order.id);
    const event = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: paid.razorpay_payment_id,
            order_id: paid.razorpay_order_id,
            amount: created.body.order.amount,
            currency: 'INR',
            status: 'captured',
            email: 'a@b.co',
            contact: 919812345678,
          },
        },
      },
    });
    const post = (secret: string) =>
      t
        .request()
        .post('/api/payment/webhook')
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', hmacHex(secret, event))
        .send(event);
    await post(keys.keySecret).expect(400);
    await post(WEBHOOK_SECRET).expect(200);
    expect(await Order.countDocuments({ providerOrderId: paid.razorpay_order_id })).toBe(1);
  });

  it("reconciles a pending checkout with the SDK's orders.fetchPayments", async () => {
    const p = await makeProduct({ price: 250, quantity: 4 });
    const shopper = await t.createUser();
    await Checkout.updateMany({ status: 'pending' }, { $set: { status: 'failed' } });
    const created = await createOrder(shopper, p).expect(200);
    const unpaid = await createOrder(shopper, p).expect(200);
    const paid = razorpay.capture(created.body.order.id, { email: 'payer@example.com' });

    const summary = await reconcilePendingCheckouts(t.deps, {
      now: new Date(Date.now() + 20 * 60_000),
    });
    expect(summary).toEqual({ checked: 2, completed: 1, failed: 0, flagged: 0, errors: 0 });
    expect(razorpay.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual(
      expect.arrayContaining([
        `/v1/orders/${created.body.order.id}/payments`,
        `/v1/orders/${unpaid.body.order.id}/payments`,
      ]),
    );
    expect(await Order.findOne({ providerOrderId: paid.razorpay_order_id }).lean()).toMatchObject({
      paymentId: paid.razorpay_payment_id,
    });
  });

  it('reports wrong credentials as the provider being unavailable', async () => {
    const gateway = createRazorpayGateway({
      keyId: keys.keyId,
      keySecret: 'wrong',
      webhookSecret: undefined,
      apiUrl: razorpay.url,
    });
    await expect(
      gateway.createOrder({ amountPaise: 10_000, receipt: 'r1' }),
    ).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(razorpay.requests.at(-1)).toMatchObject({ authorized: false });
    expect(gateway.verifyWebhook(Buffer.from('{}'), hmacHex('x', '{}'))).toBe(false);
  });

  it('answers 502 when Razorpay is down, leaving nothing half-done', async () => {
    const p = await makeProduct({ price: 400, quantity: 4 });
    const shopper = await t.createUser();
    const before = await Checkout.countDocuments();
    await razorpay.stop();
    try {
      const res = await createOrder(shopper, p).expect(502);
      expect(res.body).toMatchObject({
        success: false,
        message: 'The payment provider is unavailable. Please try again.',
      });
      expect(await Checkout.countDocuments()).toBe(before);
      expect(await stockOf(p._id)).toBe(4);
    } finally {
      await razorpay.start();
    }
    await createOrder(shopper, p).expect(200);
  });
});
