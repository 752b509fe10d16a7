/**
 * Sizes through checkout: create-order prices and checks each product's size, the paid order
 * carries it and takes the stock of that size only (also when shoppers race for the last
 * one), cancelling puts it back in its size, and the shopper's list and mail show it.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/harness.js';
import { Order } from '../../orders/order.model.js';
import { makeProduct, recordingMailer, sandboxCheckout, sizeStockOf } from './helpers.js';

const mailer = recordingMailer();
const t = await setupTestApp({ overrides: () => ({ mailer }) });
const admin = await t.createAdmin();

type Item = { _id: string; cartQuantity: number; size?: string };
/** A guest's checkout: the address to ship to comes with the cart. */
const createOrder = (items: Item[], amount: number) =>
  t
    .request()
    .post('/api/payment/create-order')
    .send({ amount, items, shippingAddress: '1 Race Road, Pune 411001' });

const sizedTee = (sizes: Array<{ size: string; quantity: number }>, name = 'Sized Tee') =>
  makeProduct({ name, price: 600, sizes });

describe('create-order with sizes', () => {
  it('prices two sizes of one T-shirt as two lines and merges a size sent twice', async () => {
    const tee = await sizedTee([
      { size: 'S', quantity: 2 },
      { size: 'M', quantity: 3 },
    ]);
    const id = String(tee._id);
    await createOrder(
      [
        { _id: id, cartQuantity: 1, size: 'S' },
        { _id: id, cartQuantity: 2, size: 'M' },
        { _id: id, cartQuantity: 1, size: 'M' },
      ],
      600 * 4,
    ).expect(200);
    // Merged, M is 3 of 3: one more is short, naming the product and the size.
    const short = await createOrder(
      [
        { _id: id, cartQuantity: 2, size: 'M' },
        { _id: id, cartQuantity: 2, size: 'M' },
      ],
      600 * 4,
    ).expect(409);
    expect(short.body).toMatchObject({
      success: false,
      message: 'Only 3 left of Sized Tee in size M',
      productId: id,
      size: 'M',
      available: 3,
    });
  });

  it('names a sold-out size with 409, refuses a size it is not made in and a missing size with 400', async () => {
    const tee = await sizedTee(
      [
        { size: 'M', quantity: 0 },
        { size: 'L', quantity: 4 },
      ],
      'Night Owl Tee',
    );
    const id = String(tee._id);
    const sold = await createOrder([{ _id: id, cartQuantity: 1, size: 'M' }], 600).expect(409);
    expect(sold.body.message).toBe('Night Owl Tee in size M is out of stock');
    const notMade = await createOrder([{ _id: id, cartQuantity: 1, size: 'XS' }], 600).expect(400);
    expect(notMade.body.message).toBe('Night Owl Tee is not made in size XS');
    const none = await createOrder([{ _id: id, cartQuantity: 1 }], 600).expect(400);
    expect(none.body.message).toBe('Please choose a size of Night Owl Tee');
    const unknown = await createOrder([{ _id: id, cartQuantity: 1, size: 'XXXL' }], 600).expect(
      400,
    );
    expect(unknown.body.message).toMatch(/Size must be one of/);
  });

  it('takes a One size product without a size (an older client)', async () => {
    const plain = await makeProduct({ price: 450, quantity: 2 });
    await createOrder([{ _id: String(plain._id), cartQuantity: 2 }], 900).expect(200);
    const res = await createOrder(
      [{ _id: String(plain._id), cartQuantity: 3, size: 'One size' }],
      1350,
    ).expect(409);
    expect(res.body.message).toBe(`Only 2 left of ${plain.name}`);
  });
});

describe('a paid order with sizes', () => {
  it('carries each size, takes stock from those sizes only, and shows them in the list and the mail', async () => {
    const tee = await sizedTee(
      [
        { size: 'S', quantity: 3 },
        { size: 'M', quantity: 5 },
        { size: 'XL', quantity: 1 },
      ],
      'Sakura Drift Tee',
    );
    const shopper = await t.createUser({ name: 'Asha', email: 'asha-sizes@example.com' });
    const id = String(tee._id);
    const orderId = await sandboxCheckout(
      t,
      shopper,
      [
        { _id: id, cartQuantity: 2, size: 'M' },
        { _id: id, cartQuantity: 1, size: 'S' },
      ],
      { amount: 1800, shippingAddress: '7 Seed Street, Pune 411001' },
    );
    expect(await sizeStockOf(tee._id)).toEqual({ S: 2, M: 3, XL: 1, total: 6 });

    const list = await t
      .request()
      .get('/api/orders/user-orders')
      .set('Authorization', shopper.auth)
      .expect(200);
    const order = list.body.orders.find((o: { _id: string }) => o._id === orderId);
    expect(
      order.items.map((i: { size: string; cartQuantity: number }) => [i.size, i.cartQuantity]),
    ).toEqual([
      ['M', 2],
      ['S', 1],
    ]);
    const mail = mailer.sent.find((m) => m.to === 'asha-sizes@example.com')!;
    expect(mail.text).toContain('2 × Sakura Drift Tee (Size M) — ₹1,200');
    expect(mail.html).toContain('Sakura Drift Tee (Size S)');

    // Cancelling puts each size back (and refunds it, so it cannot be reopened).
    const cancel = (status: string) =>
      t
        .request()
        .put(`/api/orders/update-status/${orderId}`)
        .set('Authorization', admin.auth)
        .send({ status });
    await cancel('cancelled').expect(200);
    expect(await sizeStockOf(tee._id)).toEqual({ S: 3, M: 5, XL: 1, total: 9 });
    const admins = await t
      .request()
      .get('/api/orders/adminorders')
      .set('Authorization', admin.auth)
      .expect(200);
    const seen = admins.body.orders.find((o: { _id: string }) => o._id === orderId);
    expect(seen.items.map((i: { size: string }) => i.size)).toEqual(['M', 'S']);
  });

  it('lets two shoppers pay for the last one of a size at once: one takes it, one is flagged short', async () => {
    const tee = await sizedTee([
      { size: 'M', quantity: 1 },
      { size: 'L', quantity: 5 },
    ]);
    const id = String(tee._id);
    const a = await t.createUser();
    const b = await t.createUser();
    const created = await Promise.all(
      [a, b].map(() => createOrder([{ _id: id, cartQuantity: 1, size: 'M' }], 600).expect(200)),
    );
    const paid = await Promise.all(
      created.map((c) =>
        t
          .request()
          .post('/api/payment/sandbox/pay')
          .send({ order_id: c.body.order.id })
          .expect(200),
      ),
    );
    const verified = await Promise.all(
      [a, b].map((s, k) =>
        t
          .request()
          .post('/api/payment/verify-payment')
          .set('Authorization', s.auth)
          .send({ ...paid[k]!.body, userId: s.id, shippingAddress: '1 Race Road, Pune 411001' }),
      ),
    );
    expect(verified.map((r) => r.status)).toEqual([200, 200]);
    const orders = await Order.find({
      providerOrderId: { $in: created.map((c) => c.body.order.id as string) },
    }).lean();
    expect(orders.map((o) => o.items[0]!.stock).sort()).toEqual(['short', 'taken']);
    expect(await sizeStockOf(tee._id)).toEqual({ M: 0, L: 5, total: 5 });
  });
});
