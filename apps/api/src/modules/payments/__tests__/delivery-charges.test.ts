/**
 * Paying online with delivery: the server adds the delivery fee below the free-delivery
 * threshold (settings), refuses a total without it (409 naming the fee), refuses a PIN the shop
 * does not serve (400), and the order carries the fee and the day it should arrive, estimated
 * at checkout on the shop's clock.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/harness.js';
import { Order } from '../../orders/order.model.js';
import { Checkout } from '../checkout.model.js';
import { makeProduct, payInSandbox, recordingMailer } from './helpers.js';

let now = new Date('2026-12-01T10:00:00+05:30'); // Tuesday, before the 14:00 cut-off
const mailer = recordingMailer();
const t = await setupTestApp({ overrides: () => ({ now: () => now, mailer }) });
const admin = await t.createAdmin();

const BENGALURU = '12 MG Road, Bengaluru, Karnataka 560001';

function createOrder(auth: string, amount: number, productId: unknown, extra: object = {}) {
  return t
    .request()
    .post('/api/payment/create-order')
    .set('Authorization', auth)
    .send({ amount, items: [{ _id: String(productId), cartQuantity: 1 }], ...extra });
}

describe('delivery charges on an online payment', () => {
  it('charges ₹49 below ₹499, refuses the T-shirts’ price alone, and the order carries fee and date', async () => {
    const tee = await makeProduct({ name: 'Plain Tee', price: 300 });
    const shopper = await t.createUser({ address: BENGALURU, email: 'asha@example.com' });

    const stale = await createOrder(shopper.auth, 300, tee._id).expect(409);
    expect(stale.body).toMatchObject({
      success: false,
      message: 'Prices changed: the total is now ₹349. Please review your cart.',
      total: 349,
      shippingFee: 49,
      codFee: 0,
    });

    const res = await createOrder(shopper.auth, 349, tee._id).expect(200);
    expect(res.body.order.amount).toBe(34_900);
    expect(await Checkout.findOne({ providerOrderId: res.body.order.id }).lean()).toMatchObject({
      amountPaise: 34_900,
      shippingFeePaise: 4900,
      deliveryBy: '2026-12-04',
    });

    const paid = await payInSandbox(t, res.body.order.id);
    const verified = await t
      .request()
      .post('/api/payment/verify-payment')
      .set('Authorization', shopper.auth)
      .send({ ...paid, userId: shopper.id })
      .expect(200);
    const row = await Order.findById(verified.body.orderId).lean();
    expect(row).toMatchObject({
      amountPaise: 34_900,
      shippingFeePaise: 4900,
      codFeePaise: 0,
      deliveryBy: '2026-12-04',
    });

    const page = await t
      .request()
      .get(`/api/orders/${verified.body.orderId}`)
      .set('Authorization', shopper.auth)
      .expect(200);
    expect(page.body.order).toMatchObject({
      amount: 349,
      shippingFee: 49,
      codFee: 0,
      deliveryBy: '2026-12-04',
    });
    const mail = mailer.sent.find((m) => m.to === 'asha@example.com')!;
    expect(mail.text).toContain('Delivery: ₹49');
    expect(mail.text).toContain('Total: ₹349');
    expect(mail.text).toContain('Expected by Fri, 4 Dec');
  });

  it('ships free from the threshold on, and follows the fee the admin sets', async () => {
    const tee = await makeProduct({ price: 499 });
    const shopper = await t.createUser({ address: BENGALURU });
    const free = await createOrder(shopper.auth, 499, tee._id).expect(200);
    expect(await Checkout.findOne({ providerOrderId: free.body.order.id }).lean()).toMatchObject({
      amountPaise: 49_900,
      shippingFeePaise: 0,
    });

    await t
      .request()
      .put('/api/admin/settings/delivery')
      .set('Authorization', admin.auth)
      .send({ feePaise: 5900, freeFromPaise: 99_900 })
      .expect(200);
    try {
      const charged = await createOrder(shopper.auth, 499, tee._id).expect(409);
      expect(charged.body.total).toBe(558);
      await createOrder(shopper.auth, 558, tee._id).expect(200);
    } finally {
      await t
        .request()
        .put('/api/admin/settings/delivery')
        .set('Authorization', admin.auth)
        .send({ feePaise: 4900, freeFromPaise: 49_900 })
        .expect(200);
    }
  });

  it('dates the delivery from the shop’s clock: after the cut-off it leaves the next day', async () => {
    now = new Date('2026-12-01T15:00:00+05:30');
    const tee = await makeProduct({ price: 600 });
    const shopper = await t.createUser({ address: BENGALURU });
    const res = await createOrder(shopper.auth, 600, tee._id).expect(200);
    const checkout = await Checkout.findOne({ providerOrderId: res.body.order.id }).lean();
    expect(checkout!.deliveryBy).toBe('2026-12-05');
  });

  it('refuses a PIN the shop does not deliver to, before the provider is asked (400)', async () => {
    const tee = await makeProduct({ price: 600 });
    const shopper = await t.createUser({ address: BENGALURU });
    const before = await Checkout.countDocuments();
    const islands = '7 Aberdeen Bazaar, Port Blair, Andaman and Nicobar Islands 744101';
    await t
      .request()
      .put('/api/admin/settings/delivery')
      .set('Authorization', admin.auth)
      .send({ elsewhere: { serviceable: false, minDays: 3, maxDays: 6, cod: true } })
      .expect(200);
    try {
      const res = await createOrder(shopper.auth, 600, tee._id, {
        shippingAddress: '3 Race Course Road, Coimbatore 641018',
      }).expect(400);
      expect(res.body).toMatchObject({
        success: false,
        message: 'Sorry, we do not deliver to PIN 641018 yet.',
      });
      // A zone the shop serves still is served.
      await createOrder(shopper.auth, 600, tee._id, { shippingAddress: islands }).expect(200);
    } finally {
      await t
        .request()
        .put('/api/admin/settings/delivery')
        .set('Authorization', admin.auth)
        .send({ elsewhere: { serviceable: true, minDays: 3, maxDays: 6, cod: true } })
        .expect(200);
    }
    expect(await Checkout.countDocuments()).toBe(before + 1);
  });
});
