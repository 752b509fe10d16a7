/**
 * The sandbox provider end to end: create-order → sandbox pay → verify-payment → the order
 * in the shopper's list, stock taken once, the confirmation mailed. And every way a client
 * can try to cheat or race it.
 */
import { describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../../../test/harness.js';
import { Order } from '../../orders/order.model.js';
import { User } from '../../users/user.model.js';
import { Checkout } from '../checkout.model.js';
import { makeProduct, onlineTotal, payInSandbox, recordingMailer, stockOf } from './helpers.js';

const mailer = recordingMailer();
const t = await setupTestApp({ overrides: () => ({ mailer }) });

type Shopper = Awaited<ReturnType<typeof t.createUser>>;
type Line = [product: { _id: unknown; price: number }, quantity: number];

async function createOrder(shopper: Shopper | undefined, lines: Line[]) {
  const amount = onlineTotal(lines.reduce((sum, [p, q]) => sum + p.price * q, 0));
  const req = t.request().post('/api/payment/create-order');
  if (shopper) req.set('Authorization', shopper.auth);
  else req.send({ shippingAddress: '4 Beach Road, Chennai 600001' });
  const res = await req
    .send({ amount, items: lines.map(([p, q]) => ({ _id: String(p._id), cartQuantity: q })) })
    .expect(200);
  return res.body.order as { id: string; amount: number; currency: string };
}

const sandboxPay = (orderId: string) => payInSandbox(t, orderId);

function verify(
  shopper: Shopper,
  paid: Awaited<ReturnType<typeof sandboxPay>>,
  extra: Record<string, unknown> = {},
) {
  return t
    .request()
    .post('/api/payment/verify-payment')
    .set('Authorization', shopper.auth)
    .send({
      ...paid,
      amount: 0,
      items: [],
      userId: shopper.id,
      shippingAddress: '221B Baker Street, Mumbai',
      ...extra,
    });
}

describe('a sandbox payment, end to end', () => {
  it('becomes one order in the shopper list, takes the stock and mails a confirmation', async () => {
    const tee = await makeProduct({ name: 'Retro <Sunset> Tee', price: 599, quantity: 5 });
    const cap = await makeProduct({ name: 'Plain Tee', price: 399.5, quantity: 2 });
    const shopper = await t.createUser({ name: 'Asha', email: 'asha@example.com' });

    const checkoutFrom = Date.now();
    const order = await createOrder(shopper, [
      [tee, 2],
      [cap, 1],
    ]);
    expect(order.amount).toBe(159_750);
    const paid = await sandboxPay(order.id);
    expect(paid.razorpay_order_id).toBe(order.id);
    expect(paid.razorpay_payment_id).toMatch(/^pay_sandbox_[a-f0-9]+$/);
    expect(paid.razorpay_signature).toMatch(/^[a-f0-9]{64}$/);

    const res = await verify(shopper, paid).expect(200);
    const verifiedBy = Date.now();
    expect(res.body).toEqual({ success: true, orderId: expect.stringMatching(/^[a-f0-9]{24}$/) });

    expect(await stockOf(tee._id)).toBe(3);
    expect(await stockOf(cap._id)).toBe(1);

    const list = await t
      .request()
      .get('/api/orders/user-orders')
      .set('Authorization', shopper.auth)
      .expect(200);
    expect(list.body.orders).toHaveLength(1);
    expect(list.body.orders[0]).toMatchObject({
      _id: res.body.orderId,
      status: 'pending',
      amount: 1597.5,
      shippingAddress: '221B Baker Street, Mumbai',
      stockShortage: false,
      paymentId: paid.razorpay_payment_id,
      items: [
        {
          _id: String(tee._id),
          name: 'Retro <Sunset> Tee',
          photo: tee.colours![0]!.images[0]!.url,
          price: 599,
          cartQuantity: 2,
          stock: 'taken',
        },
        {
          _id: String(cap._id),
          name: 'Plain Tee',
          photo: cap.colours![0]!.images[0]!.url,
          price: 399.5,
          cartQuantity: 1,
          stock: 'taken',
        },
      ],
    });
    // Dated during the checkout, however long it took.
    const createdAt = new Date(list.body.orders[0].createdAt).getTime();
    expect(createdAt).toBeGreaterThanOrEqual(checkoutFrom);
    expect(createdAt).toBeLessThanOrEqual(verifiedBy);

    const checkout = await Checkout.findOne({ providerOrderId: order.id }).lean();
    expect(checkout).toMatchObject({ status: 'paid', paymentId: paid.razorpay_payment_id });

    const mail = await vi.waitFor(
      () => {
        const m = mailer.sent.find((x) => x.to === 'asha@example.com');
        if (!m) throw new Error('no mail yet');
        return m;
      },
      { timeout: 20_000 },
    );
    expect(mail.subject).toMatch(/^Your order #[A-F0-9]{8} is confirmed$/);
    expect(mail.text).toContain('2 × Retro <Sunset> Tee — ₹1,198');
    expect(mail.text).toContain('Total: ₹1,597.50');
    expect(mail.text).toContain('221B Baker Street, Mumbai');
    expect(mail.html).toContain('Retro &lt;Sunset&gt; Tee');
    expect(mail.html).not.toContain('<Sunset>');
  });

  it('refuses a forged signature with a 400 and saves nothing', async () => {
    const p = await makeProduct({ quantity: 4 });
    const shopper = await t.createUser();
    const order = await createOrder(shopper, [[p, 1]]);
    const paid = await sandboxPay(order.id);
    const forged = {
      ...paid,
      razorpay_signature: paid.razorpay_signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    };
    await verify(shopper, forged).expect(400);
    await verify(shopper, { ...paid, razorpay_signature: 'short' }).expect(400);
    await verify(shopper, { ...paid, razorpay_payment_id: 'pay_sandbox_other' }).expect(400);
    expect(await Order.countDocuments({ providerOrderId: order.id })).toBe(0);
    expect(await stockOf(p._id)).toBe(4);
    expect((await Checkout.findOne({ providerOrderId: order.id }).lean())!.status).toBe('pending');
  });

  it('makes exactly one order when the same payment is verified twice, and twice at once', async () => {
    const p = await makeProduct({ quantity: 10 });
    const shopper = await t.createUser();

    const first = await createOrder(shopper, [[p, 2]]);
    const paid = await sandboxPay(first.id);
    const a = await verify(shopper, paid).expect(200);
    const b = await verify(shopper, paid).expect(200);
    expect(b.body.orderId).toBe(a.body.orderId);
    expect(await Order.countDocuments({ providerOrderId: first.id })).toBe(1);
    expect(await stockOf(p._id)).toBe(8);

    const second = await createOrder(shopper, [[p, 3]]);
    const paid2 = await sandboxPay(second.id);
    const results = await Promise.all([
      verify(shopper, paid2),
      verify(shopper, paid2),
      verify(shopper, paid2),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.body.orderId)).size).toBe(1);
    expect(await Order.countDocuments({ providerOrderId: second.id })).toBe(1);
    expect(await stockOf(p._id)).toBe(5);
  });

  it('keeps a second payment for the same checkout aside for a refund, still one order', async () => {
    const p = await makeProduct({ quantity: 10 });
    const shopper = await t.createUser();
    const order = await createOrder(shopper, [[p, 1]]);
    const [first, second] = [await sandboxPay(order.id), await sandboxPay(order.id)];
    const a = await verify(shopper, first).expect(200);
    const b = await verify(shopper, second).expect(200);
    expect(b.body.orderId).toBe(a.body.orderId);
    expect(await Order.countDocuments({ providerOrderId: order.id })).toBe(1);
    expect(await stockOf(p._id)).toBe(9);
    const checkout = await Checkout.findOne({ providerOrderId: order.id }).lean();
    expect(checkout).toMatchObject({
      status: 'paid',
      paymentId: first.razorpay_payment_id,
      extraPayments: [second.razorpay_payment_id],
    });
  });

  it('builds the order from the recorded checkout, not from the items and amount sent at verify', async () => {
    const cheap = await makeProduct({ price: 100, quantity: 5 });
    const dear = await makeProduct({ price: 2000, quantity: 5 });
    const shopper = await t.createUser();
    const order = await createOrder(shopper, [[cheap, 1]]);
    const paid = await sandboxPay(order.id);
    const res = await verify(shopper, paid, {
      amount: 999_999,
      items: [{ _id: String(dear._id), cartQuantity: 5, price: 1 }],
    }).expect(200);
    const saved = await Order.findById(res.body.orderId).lean();
    // ₹100 of T-shirts and ₹49 delivery.
    expect(saved).toMatchObject({ amount: 149, amountPaise: 14_900, shippingFeePaise: 4900 });
    expect(saved!.items.map((i) => [String(i.product), i.cartQuantity, i.price])).toEqual([
      [String(cheap._id), 1, 100],
    ]);
    expect(await stockOf(dear._id)).toBe(5);
  });

  it("refuses another user's id (403) and a checkout recorded for another user (403)", async () => {
    const p = await makeProduct({ quantity: 5 });
    const owner = await t.createUser();
    const thief = await t.createUser();
    const order = await createOrder(owner, [[p, 1]]);
    const paid = await sandboxPay(order.id);

    await verify(thief, paid, { userId: owner.id }).expect(403);
    const res = await verify(thief, paid).expect(403);
    expect(res.body.success).toBe(false);
    expect(await Order.countDocuments({ providerOrderId: order.id })).toBe(0);
    await verify(owner, paid).expect(200);
  });

  it('requires a token at verify', async () => {
    const res = await t.request().post('/api/payment/verify-payment').send({}).expect(401);
    expect(res.body.success).toBe(false);
  });

  it("takes the checkout's address when none is sent, even if the profile changed since", async () => {
    const p = await makeProduct({ quantity: 5 });
    const shopper = await t.createUser({ address: '5 Park Street, Kolkata 700016' });
    const o1 = await createOrder(shopper, [[p, 1]]);
    await User.updateOne({ _id: shopper.id }, { $set: { address: '' } });
    const r1 = await verify(shopper, await sandboxPay(o1.id), { shippingAddress: '' }).expect(200);
    expect(await Order.findById(r1.body.orderId).lean()).toMatchObject({
      shippingAddress: '5 Park Street, Kolkata 700016',
      addressNeeded: false,
    });
  });

  it('never loses a captured payment for want of an address: the order is recorded and flagged', async () => {
    const p = await makeProduct({ quantity: 5 });
    const shopper = await t.createUser({ name: 'Noor', address: '5 Park Street, Kolkata 700016' });
    const o = await createOrder(shopper, [[p, 1]]);
    // A checkout from before addresses were checked, and a profile emptied since.
    await Checkout.updateOne({ providerOrderId: o.id }, { $set: { shippingAddress: '' } });
    await User.updateOne({ _id: shopper.id }, { $set: { address: '' } });

    const res = await verify(shopper, await sandboxPay(o.id), { shippingAddress: '   ' }).expect(
      200,
    );
    expect(res.body).toEqual({ success: true, orderId: expect.any(String) });
    expect(await Order.findById(res.body.orderId).lean()).toMatchObject({
      shippingAddress: '',
      addressNeeded: true,
      paymentStatus: 'paid',
    });
    expect(await stockOf(p._id)).toBe(4);
    const admin = await t.createAdmin();
    const list = await t
      .request()
      .get('/api/orders/adminorders')
      .set('Authorization', admin.auth)
      .expect(200);
    const row = list.body.orders.find((r: { _id: string }) => r._id === res.body.orderId);
    expect(row).toMatchObject({ addressNeeded: true, user: { name: 'Noor' } });
  });

  it('gives a guest checkout to the shopper who verifies it', async () => {
    const p = await makeProduct({ quantity: 5 });
    const order = await createOrder(undefined, [[p, 1]]);
    const shopper = await t.createUser();
    const paid = await sandboxPay(order.id);
    const res = await verify(shopper, paid).expect(200);
    expect(String((await Order.findById(res.body.orderId).lean())!.user)).toBe(shopper.id);
    // Once it is that shopper's order, another account verifying the same payment is refused.
    const other = await t.createUser();
    await verify(other, paid).expect(403);
    expect(await Order.countDocuments({ providerOrderId: order.id })).toBe(1);
  });

  it('lets two shoppers pay for the last unit at once: one normal order, one flagged short, stock 0', async () => {
    const last = await makeProduct({ name: 'Last One Tee', quantity: 1 });
    const a = await t.createUser();
    const b = await t.createUser();
    const orderA = await createOrder(a, [[last, 1]]);
    const orderB = await createOrder(b, [[last, 1]]);
    const [paidA, paidB] = await Promise.all([sandboxPay(orderA.id), sandboxPay(orderB.id)]);
    const [ra, rb] = await Promise.all([verify(a, paidA), verify(b, paidB)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);

    const orders = await Order.find({ providerOrderId: { $in: [orderA.id, orderB.id] } }).lean();
    expect(orders).toHaveLength(2);
    expect(orders.map((o) => o.stockShortage).sort()).toEqual([false, true]);
    const short = orders.find((o) => o.stockShortage)!;
    expect(short.items[0]!.stock).toBe('short');
    expect(orders.find((o) => !o.stockShortage)!.items[0]!.stock).toBe('taken');
    expect(await stockOf(last._id)).toBe(0);
  });

  it('does not fail the payment when the confirmation mail cannot be sent', async () => {
    const p = await makeProduct({ quantity: 5 });
    const shopper = await t.createUser();
    const order = await createOrder(shopper, [[p, 1]]);
    mailer.failNext = true;
    const res = await verify(shopper, await sandboxPay(order.id)).expect(200);
    expect(await Order.exists({ _id: res.body.orderId })).toBeTruthy();
  });
});

describe('POST /api/payment/sandbox/pay', () => {
  it('refuses an unknown order and an order already paid', async () => {
    await t
      .request()
      .post('/api/payment/sandbox/pay')
      .send({ order_id: 'order_sandbox_nope' })
      .expect(404);
    await t.request().post('/api/payment/sandbox/pay').send({}).expect(400);
    const p = await makeProduct({ quantity: 5 });
    const shopper = await t.createUser();
    const order = await createOrder(shopper, [[p, 1]]);
    await verify(shopper, await sandboxPay(order.id)).expect(200);
    await t.request().post('/api/payment/sandbox/pay').send({ order_id: order.id }).expect(409);
  });
});
