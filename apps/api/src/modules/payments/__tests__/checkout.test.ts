/** POST /api/payment/create-order and GET /api/payment/config (sandbox provider). */
import { describe, expect, it } from 'vitest';
import { SHIPPING_ADDRESS_NEEDED } from '@repo/shared';
import { loadConfig } from '../../../config/index.js';
import { setupTestApp } from '../../../test/harness.js';
import { Checkout } from '../checkout.model.js';
import { makeProduct, onlineTotal } from './helpers.js';

const t = await setupTestApp();
const GUEST_ADDRESS = '4 Beach Road, Chennai 600001';

describe('GET /api/payment/config', () => {
  it('names the sandbox provider and its script when no Razorpay keys are set', async () => {
    const res = await t.request().get('/api/payment/config').expect(200);
    expect(res.body).toEqual({
      provider: 'sandbox',
      keyId: 'rzp_sandbox',
      checkoutScript: '/api/payment/sandbox/checkout.js',
    });
  });

  it('serves the sandbox checkout script as uncached JavaScript defining window.Razorpay', async () => {
    const res = await t.request().get('/api/payment/sandbox/checkout.js').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('window.Razorpay = Razorpay');
    expect(() => new Function(res.text)).not.toThrow();
  });
});

describe('POST /api/payment/create-order', () => {
  it('prices the cart on the server and records a pending checkout with the items as they are now', async () => {
    const a = await makeProduct({ name: 'Retro Sunset Tee', price: 499.5, quantity: 5 });
    const b = await makeProduct({ price: 799, quantity: 3 });
    const shopper = await t.createUser();
    const res = await t
      .request()
      .post('/api/payment/create-order')
      .set('Authorization', shopper.auth)
      .send({
        amount: 499.5 * 2 + 799,
        items: [
          { _id: String(a._id), cartQuantity: 2 },
          { _id: String(b._id), cartQuantity: 1 },
        ],
      })
      .expect(200);
    expect(res.body.order).toEqual({
      id: expect.stringMatching(/^order_sandbox_[a-f0-9]+$/),
      amount: 179_800,
      currency: 'INR',
    });

    const checkout = await Checkout.findOne({ providerOrderId: res.body.order.id }).lean();
    expect(checkout).toMatchObject({
      status: 'pending',
      amount: 1798,
      amountPaise: 179_800,
      provider: 'sandbox',
    });
    expect(String(checkout!.user)).toBe(shopper.id);
    expect(checkout!.items).toEqual([
      {
        product: a._id,
        name: 'Retro Sunset Tee',
        photo: a.colours![0]!.images[0]!.url,
        price: 499.5,
        cartQuantity: 2,
        size: 'One size',
        colour: 'Default',
      },
      {
        product: b._id,
        name: b.name,
        photo: b.colours![0]!.images[0]!.url,
        price: 799,
        cartQuantity: 1,
        size: 'One size',
        colour: 'Default',
      },
    ]);
  });

  it('refuses a checkout with no usable shipping address before the provider is asked (400)', async () => {
    const p = await makeProduct({ price: 300 });
    const before = await Checkout.countDocuments();
    const body = { amount: 300, items: [{ _id: String(p._id), cartQuantity: 1 }] };
    for (const address of ['', 'x']) {
      const shopper = await t.createUser({ address });
      const res = await t
        .request()
        .post('/api/payment/create-order')
        .set('Authorization', shopper.auth)
        .send(body)
        .expect(400);
      expect(res.body).toMatchObject({ success: false, message: SHIPPING_ADDRESS_NEEDED });
    }
    // A guest has no profile: without an address in the body there is nothing to ship to.
    const guest = await t.request().post('/api/payment/create-order').send(body).expect(400);
    expect(guest.body.message).toBe(SHIPPING_ADDRESS_NEEDED);
    const bad = await t
      .request()
      .post('/api/payment/create-order')
      .send({ ...body, shippingAddress: 'Pune' })
      .expect(400);
    expect(bad.body.issues).toEqual([
      { path: 'shippingAddress', message: 'Enter your full address with its 6-digit PIN code' },
    ]);
    expect(await Checkout.countDocuments()).toBe(before);
  });

  it("records where to ship: the address sent, else the shopper's profile address", async () => {
    const p = await makeProduct({ price: 300 });
    const shopper = await t.createUser({ address: '9 Lake Road, Pune 411001' });
    const send = (extra: object) =>
      t
        .request()
        .post('/api/payment/create-order')
        .set('Authorization', shopper.auth)
        .send({
          amount: onlineTotal(300),
          items: [{ _id: String(p._id), cartQuantity: 1 }],
          ...extra,
        })
        .expect(200);
    const fromProfile = await send({});
    const sent = await send({ shippingAddress: GUEST_ADDRESS });
    const addressOf = async (res: { body: { order: { id: string } } }) =>
      (await Checkout.findOne({ providerOrderId: res.body.order.id }).lean())!.shippingAddress;
    expect(await addressOf(fromProfile)).toBe('9 Lake Road, Pune 411001');
    expect(await addressOf(sent)).toBe(GUEST_ADDRESS);
  });

  it('works without a token (the checkout then has no user)', async () => {
    const p = await makeProduct({ price: 300 });
    const res = await t
      .request()
      .post('/api/payment/create-order')
      .send({
        shippingAddress: GUEST_ADDRESS,
        amount: onlineTotal(300),
        items: [{ _id: String(p._id), cartQuantity: 1 }],
      })
      .expect(200);
    const checkout = await Checkout.findOne({ providerOrderId: res.body.order.id }).lean();
    expect(checkout!.user).toBeNull();
  });

  it('merges duplicate ids into one line and checks the merged quantity against stock', async () => {
    const p = await makeProduct({ price: 100, quantity: 3 });
    const id = String(p._id);
    const ok = await t
      .request()
      .post('/api/payment/create-order')
      .send({
        shippingAddress: GUEST_ADDRESS,
        amount: onlineTotal(300),
        items: [
          { _id: id, cartQuantity: 1 },
          { _id: id, cartQuantity: 2 },
        ],
      })
      .expect(200);
    const checkout = await Checkout.findOne({ providerOrderId: ok.body.order.id }).lean();
    expect(checkout!.items).toHaveLength(1);
    expect(checkout!.items[0]!.cartQuantity).toBe(3);

    const res = await t
      .request()
      .post('/api/payment/create-order')
      .send({
        shippingAddress: GUEST_ADDRESS,
        amount: 400,
        items: [
          { _id: id, cartQuantity: 2 },
          { _id: id, cartQuantity: 2 },
        ],
      })
      .expect(409);
    expect(res.body.message).toBe(`Only 3 left of ${p.name}`);
  });

  it('refuses a client amount that differs from the server total, telling the real total', async () => {
    const p = await makeProduct({ price: 1299 });
    const before = await Checkout.countDocuments();
    const res = await t
      .request()
      .post('/api/payment/create-order')
      .send({
        shippingAddress: GUEST_ADDRESS,
        amount: 1,
        items: [{ _id: String(p._id), cartQuantity: 2 }],
      })
      .expect(409);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Prices changed: the total is now ₹2,598. Please review your cart.',
      total: 2598,
    });
    expect(await Checkout.countDocuments()).toBe(before);
  });

  it('refuses a quantity above stock, naming the product', async () => {
    const p = await makeProduct({ name: 'Retro Sunset Tee', price: 500, quantity: 2 });
    const res = await t
      .request()
      .post('/api/payment/create-order')
      .send({
        shippingAddress: GUEST_ADDRESS,
        amount: 1500,
        items: [{ _id: String(p._id), cartQuantity: 3 }],
      })
      .expect(409);
    expect(res.body).toMatchObject({ success: false, message: 'Only 2 left of Retro Sunset Tee' });
    const sold = await makeProduct({ name: 'Sold Out Tee', quantity: 0 });
    const res2 = await t
      .request()
      .post('/api/payment/create-order')
      .send({
        shippingAddress: GUEST_ADDRESS,
        amount: 499,
        items: [{ _id: String(sold._id), cartQuantity: 1 }],
      })
      .expect(409);
    expect(res2.body.message).toBe('Sold Out Tee is out of stock');
  });

  it('refuses an unknown product', async () => {
    const res = await t
      .request()
      .post('/api/payment/create-order')
      .send({
        shippingAddress: GUEST_ADDRESS,
        amount: 100,
        items: [{ _id: '0123456789abcdef01234567', cartQuantity: 1 }],
      })
      .expect(409);
    expect(res.body).toMatchObject({ success: false, productId: '0123456789abcdef01234567' });
  });

  it('refuses quantities below 1, fractions, an empty cart and a malformed id with a 400', async () => {
    const p = await makeProduct();
    for (const items of [
      [{ _id: String(p._id), cartQuantity: 0 }],
      [{ _id: String(p._id), cartQuantity: 1.5 }],
      [],
      [{ _id: { $ne: null }, cartQuantity: 1 }],
    ]) {
      const res = await t
        .request()
        .post('/api/payment/create-order')
        .send({ shippingAddress: GUEST_ADDRESS, amount: 499, items })
        .expect(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('payment configuration', () => {
  it('treats empty variables as their defaults and names bad ones', () => {
    const c = loadConfig({
      DATA_DIR: t.config.dataDir,
      RAZORPAY_API_URL: '',
      RECONCILE_INTERVAL_MS: '',
      SANDBOX_KEY_SECRET: '',
    });
    expect(c.payments.razorpayApiUrl).toBe('https://api.razorpay.com');
    expect(c.payments.reconcileIntervalMs).toBe(30_000);
    expect(c.payments.sandbox.keySecret).toMatch(/^[a-f0-9]{64}$/);
    expect(
      loadConfig({ DATA_DIR: t.config.dataDir, SANDBOX_KEY_SECRET: 'mine' }).payments.sandbox
        .keySecret,
    ).toBe('mine');
    expect(t.config.payments.reconcileIntervalMs).toBe(0);
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, RAZORPAY_API_URL: 'not a url' })).toThrow(
      /RAZORPAY_API_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, RECONCILE_INTERVAL_MS: '-5' })).toThrow(
      /RECONCILE_INTERVAL_MS/,
    );
  });
});
