/**
 * POST /api/orders/cod: a cash-on-delivery order placed at once to a saved address, priced by
 * the server with the delivery and COD fees, refused with its reason where COD is not offered,
 * never placed twice for one Idempotency-Key, its stock taken atomically (a race for the last
 * unit places one order), cancelled by the shopper with its stock back and nothing to refund.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/harness.js';
import { Order } from '../../orders/order.model.js';
import { couponMaker, makeProduct, recordingMailer, stockOf } from './helpers.js';

const now = new Date('2026-12-01T10:00:00+05:30'); // Tuesday, before the cut-off
const mailer = recordingMailer();
const t = await setupTestApp({ overrides: () => ({ now: () => now, mailer }) });
const admin = await t.createAdmin();

type Shopper = Awaited<ReturnType<typeof t.createUser>>;
let keys = 0;
const newKey = () => `key-${Date.now()}-${(keys += 1)}`;

async function shopperAt(address = '12 MG Road, Bengaluru, Karnataka 560001', email?: string) {
  const shopper = await t.createUser({ address, ...(email ? { email } : {}) });
  const book = await t
    .request()
    .get('/api/user/addresses')
    .set('Authorization', shopper.auth)
    .expect(200);
  return { ...shopper, addressId: book.body.addresses[0]._id as string };
}

function placeCod(
  shopper: Shopper & { addressId: string },
  amount: number,
  lines: Array<[{ _id: unknown }, number]>,
  key: string | null = newKey(),
) {
  const req = t.request().post('/api/orders/cod').set('Authorization', shopper.auth);
  if (key) req.set('Idempotency-Key', key);
  return req.send({
    amount,
    addressId: shopper.addressId,
    items: lines.map(([p, q]) => ({ _id: String(p._id), cartQuantity: q })),
  });
}

const saveCod = (body: object) =>
  t
    .request()
    .put('/api/admin/settings/cod')
    .set('Authorization', admin.auth)
    .send(body)
    .expect(200);

describe('POST /api/orders/cod', () => {
  it('places the order unpaid with the fees in its amount, takes the stock and mails what is due', async () => {
    const tee = await makeProduct({ name: 'Plain Tee', price: 300, quantity: 3 });
    const shopper = await shopperAt(undefined, 'ravi@example.com');
    // ₹300 of T-shirts, ₹49 delivery (below ₹499), ₹40 COD fee.
    const stale = await placeCod(shopper, 349, [[tee, 1]]).expect(409);
    expect(stale.body).toMatchObject({
      message: 'Prices changed: the total is now ₹389. Please review your cart.',
      total: 389,
      shippingFee: 49,
      codFee: 40,
    });

    const res = await placeCod(shopper, 389, [[tee, 1]]).expect(201);
    expect(res.body).toMatchObject({
      success: true,
      order: {
        status: 'pending',
        amount: 389,
        shippingFee: 49,
        codFee: 40,
        deliveryBy: '2026-12-04',
        payment: { method: 'cod', status: 'due' },
        shippingAddress: '12 MG Road, Bengaluru, Karnataka 560001',
        items: [{ name: 'Plain Tee', cartQuantity: 1, stock: 'taken' }],
      },
    });
    expect(await stockOf(tee._id)).toBe(2);
    const row = await Order.findById(res.body.order._id).lean();
    expect(row).toMatchObject({
      amountPaise: 38_900,
      shippingFeePaise: 4900,
      codFeePaise: 4000,
      provider: 'cod',
      payment: { method: 'cod', status: 'due' },
    });
    expect(row!.refund).toBeNull();

    const list = await t
      .request()
      .get('/api/orders/user-orders')
      .set('Authorization', shopper.auth)
      .expect(200);
    expect(list.body.orders.map((o: { _id: string }) => o._id)).toEqual([res.body.order._id]);

    await expect.poll(() => mailer.sent.filter((m) => m.to === 'ravi@example.com').length).toBe(1);
    const mail = mailer.sent.find((m) => m.to === 'ravi@example.com')!;
    expect(mail.text).toContain('Pay ₹389 in cash when it arrives.');
    expect(mail.text).not.toContain('Your payment was received');
    expect(mail.text).toContain('Cash on delivery fee: ₹40');
    expect(mail.text).toContain('Expected by Fri, 4 Dec');
  });

  it('answers the same order for a repeated Idempotency-Key, even sent twice at once', async () => {
    const tee = await makeProduct({ price: 600, quantity: 5 });
    const shopper = await shopperAt();
    const key = newKey();
    const [a, b] = await Promise.all([
      placeCod(shopper, 640, [[tee, 1]], key),
      placeCod(shopper, 640, [[tee, 1]], key),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.order._id).toBe(b.body.order._id);
    const again = await placeCod(shopper, 640, [[tee, 1]], key).expect(201);
    expect(again.body.order._id).toBe(a.body.order._id);
    expect(await Order.countDocuments({ user: shopper.id })).toBe(1);
    expect(await stockOf(tee._id)).toBe(4);
  });

  it('places exactly one order when two shoppers race for the last unit', async () => {
    const tee = await makeProduct({ price: 600, quantity: 1 });
    const [asha, ravi] = [await shopperAt(), await shopperAt()];
    const answers = await Promise.all([
      placeCod(asha, 640, [[tee, 1]]),
      placeCod(ravi, 640, [[tee, 1]]),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toMatch(/out of stock|sold out/);
    expect(await stockOf(tee._id)).toBe(0);
    expect(await Order.countDocuments({ 'items.product': tee._id })).toBe(1);
  });

  it('never lets orders placed at once pass the open-order limit', async () => {
    await saveCod({ maxOpenOrders: 2 });
    const tee = await makeProduct({ price: 600, quantity: 50 });
    const shopper = await shopperAt();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => placeCod(shopper, 640, [[tee, 1]])),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ success: false, reason: 'open_orders' });
    expect(await Order.countDocuments({ user: shopper.id })).toBe(2);
    expect(await stockOf(tee._id)).toBe(48);
  });

  it('refuses each rule with its reason, placing nothing', async () => {
    const tee = await makeProduct({ price: 600, quantity: 50 });
    const shopper = await shopperAt();
    const refusal = async (amount: number, qty = 1, who = shopper) =>
      (await placeCod(who, amount, [[tee, qty]]).expect(409)).body;

    await saveCod({ enabled: false });
    expect(await refusal(640)).toMatchObject({
      message: 'Cash on delivery is not available at the moment.',
      reason: 'disabled',
    });
    await saveCod({ enabled: true, excludedPinPrefixes: ['5600'] });
    expect(await refusal(640)).toMatchObject({
      message: 'Cash on delivery is not available for PIN 560001.',
      reason: 'place',
    });
    await saveCod({ excludedPinPrefixes: [], maxOrderPaise: 100_000 });
    expect(await refusal(1240, 2)).toMatchObject({
      message: 'Cash on delivery is for orders up to ₹1,000.',
      reason: 'above_maximum',
    });
    await saveCod({ maxOrderPaise: 5_000_00, maxOpenOrders: 1 });
    await placeCod(shopper, 640, [[tee, 1]]).expect(201);
    expect(await refusal(640)).toMatchObject({
      message:
        'You already have a cash-on-delivery order to pay for: pay online, or wait until it is delivered.',
      reason: 'open_orders',
    });
    await saveCod({ maxOpenOrders: 2 });

    const islander = await shopperAt(
      '7 Aberdeen Bazaar, Port Blair, Andaman and Nicobar Islands 744101',
    );
    expect(await refusal(640, 1, islander)).toMatchObject({
      message: 'Cash on delivery is not available for PIN 744101.',
    });
    expect(await Order.countDocuments({ user: { $in: [shopper.id, islander.id] } })).toBe(1);
  });

  it('refuses a missing key, another customer’s address and an unknown product', async () => {
    const tee = await makeProduct({ price: 600 });
    const shopper = await shopperAt();
    const other = await shopperAt();
    const noKey = await placeCod(shopper, 640, [[tee, 1]], null).expect(400);
    expect(noKey.body.message).toBe('Send an Idempotency-Key header');
    const theirs = await placeCod({ ...shopper, addressId: other.addressId }, 640, [[tee, 1]]);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('That address is not in your address book');
    await t
      .request()
      .post('/api/orders/cod')
      .set('Idempotency-Key', newKey())
      .send({ amount: 640, addressId: shopper.addressId, items: [] })
      .expect(401);
    expect(await Order.countDocuments({ user: shopper.id })).toBe(0);
  });

  it('cancelled by the shopper before it ships: stock back, no refund, no longer open', async () => {
    const tee = await makeProduct({ price: 600, quantity: 2 });
    const shopper = await shopperAt();
    const placed = await placeCod(shopper, 640, [[tee, 1]]).expect(201);
    expect(await stockOf(tee._id)).toBe(1);
    const res = await t
      .request()
      .put(`/api/orders/cancel/${placed.body.order._id}`)
      .set('Authorization', shopper.auth)
      .expect(200);
    expect(res.body.message).toBe('Your order was cancelled. Nothing was charged.');
    expect(res.body.order).toMatchObject({ status: 'cancelled', refund: null });
    expect(await stockOf(tee._id)).toBe(2);
    const estimate = await t
      .request()
      .get('/api/delivery/estimate?pin=560001&subtotal=600')
      .set('Authorization', shopper.auth)
      .expect(200);
    expect(estimate.body.cod).toBe(true);
  });
});

describe('POST /api/orders/cod with a coupon', () => {
  const { makeCode, usesOf } = couponMaker(t, admin, 'COD');
  const placeWith = (
    shopper: Shopper & { addressId: string },
    amount: number,
    product: { _id: unknown },
    coupon: string,
  ) =>
    t
      .request()
      .post('/api/orders/cod')
      .set('Authorization', shopper.auth)
      .set('Idempotency-Key', newKey())
      .send({
        amount,
        addressId: shopper.addressId,
        items: [{ _id: String(product._id), cartQuantity: 1 }],
        coupon,
      });

  it('prices the code in, records the discount on the order and counts its use once', async () => {
    const code = await makeCode({ maxUses: 1 });
    const tee = await makeProduct({ price: 600, quantity: 5 });
    const shopper = await shopperAt();
    // ₹600 less 10% = ₹540, free delivery (₹499 or more), ₹40 COD fee.
    const res = await placeWith(shopper, 580, tee, code.code).expect(201);
    expect(res.body.order).toMatchObject({
      amount: 580,
      codFee: 40,
      discount: { code: code.code, amount: 60 },
      payment: { method: 'cod', status: 'due' },
    });
    expect(await usesOf(code.code)).toBe(1);

    // Its one use is taken: another shopper is refused with the reason, and nothing is placed.
    const other = await shopperAt();
    const refused = await placeWith(other, 580, tee, code.code).expect(409);
    expect(refused.body.reason).toBe('used-up');
    expect(await Order.countDocuments({ user: other.id })).toBe(0);
    expect(await usesOf(code.code)).toBe(1);
  });

  it('refuses a prepaid-only code with cash on delivery, saying why', async () => {
    const code = await makeCode({ prepaidOnly: true });
    const tee = await makeProduct({ price: 600, quantity: 5 });
    const shopper = await shopperAt();
    const res = await placeWith(shopper, 580, tee, code.code).expect(409);
    expect(res.body).toMatchObject({
      reason: 'cod',
      message: "This code can't be used with cash on delivery. Pay online to use it.",
    });
    expect(await Order.countDocuments({ user: shopper.id })).toBe(0);
    expect(await usesOf(code.code)).toBe(0);
  });

  it('gives the use back when the order cannot be placed (its tee sold out meanwhile)', async () => {
    const code = await makeCode();
    const tee = await makeProduct({ price: 600, quantity: 1 });
    const first = await shopperAt();
    const second = await shopperAt();
    const [a, b] = await Promise.all([
      placeWith(first, 580, tee, code.code),
      placeWith(second, 580, tee, code.code),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await usesOf(code.code)).toBe(1);
  });
});

describe('PUT /api/orders/{orderId}/cod: the admin settles the cash', () => {
  const setStatus = (orderId: string, status: string, reason?: string) =>
    t
      .request()
      .put(`/api/orders/update-status/${orderId}`)
      .set('Authorization', admin.auth)
      .send({ status, ...(reason ? { reason } : {}) })
      .expect(200);
  const settle = (orderId: string, body: object, who = admin.auth) =>
    t.request().put(`/api/orders/${orderId}/cod`).set('Authorization', who).send(body);

  it('marks a delivered order collected with its remittance reference, once', async () => {
    const tee = await makeProduct({ price: 600, quantity: 5 });
    const shopper = await shopperAt();
    const id = (await placeCod(shopper, 640, [[tee, 1]]).expect(201)).body.order._id as string;
    const early = await settle(id, { outcome: 'collected', reference: 'REM-1' }).expect(409);
    expect(early.body.message).toBe('Mark the order delivered before its cash is collected.');
    await setStatus(id, 'shipped');
    await setStatus(id, 'delivered');
    await settle(id, { outcome: 'collected', reference: 'REM-1' }, shopper.auth).expect(403);
    await settle(id, { outcome: 'collected', reference: ' ' }).expect(400);
    const [a, b] = await Promise.all([
      settle(id, { outcome: 'collected', reference: 'REM-1' }),
      settle(id, { outcome: 'collected', reference: 'REM-2' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const stored = (await Order.findById(id).lean())!;
    expect(stored.payment).toMatchObject({ method: 'cod', status: 'collected' });
    expect(['REM-1', 'REM-2']).toContain(stored.payment!.reference);
    expect(stored.status).toBe('delivered');
  });

  it('returned unpaid (RTO): cancelled, stock back, nothing refunded, counted against the customer', async () => {
    await saveCod({ maxReturnedUnpaid: 1 });
    const tee = await makeProduct({ price: 600, quantity: 5 });
    const shopper = await shopperAt();
    const id = (await placeCod(shopper, 640, [[tee, 1]]).expect(201)).body.order._id as string;
    expect(await stockOf(tee._id)).toBe(4);
    const notShipped = await settle(id, { outcome: 'returned' }).expect(409);
    expect(notShipped.body.message).toBe('Only a parcel that was shipped can come back unpaid.');
    await setStatus(id, 'shipped');
    const res = await settle(id, { outcome: 'returned' }).expect(200);
    expect(res.body.order).toMatchObject({ status: 'cancelled', refund: null });
    expect(await stockOf(tee._id)).toBe(5);
    expect((await Order.findById(id).lean())!.payment).toMatchObject({ status: 'returned' });
    await settle(id, { outcome: 'returned' }).expect(409);
    const refused = await placeCod(shopper, 640, [[tee, 1]]).expect(409);
    expect(refused.body.reason).toBe('returns');
  });
});
