/** GET /api/orders/user-orders, GET /api/orders/adminorders, PUT /api/orders/update-status/{orderId}. */
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { orderNumber } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { recordingMailer } from '../../payments/__tests__/helpers.js';
import { backfillOrderNumbers, statusMailsSent } from '../index.js';
import { Order } from '../order.model.js';
import { seedOrder } from './seed-orders.js';

const mailer = recordingMailer();
const t = await setupTestApp({ overrides: () => ({ mailer }) });
const admin = await t.createAdmin();
const asha = await t.createUser({ name: 'Asha', email: 'asha@example.com', phone: '9000000001' });
const ravi = await t.createUser({ name: 'Ravi', email: 'ravi@example.com', phone: '9000000002' });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const ashaOld = await seedOrder({ user: asha.id, createdAt: minutesAgo(30), name: 'Old Tee' });
const ashaNew = await seedOrder({ user: asha.id, createdAt: minutesAgo(10), name: 'New Tee' });
const raviOrder = await seedOrder({ user: ravi.id, createdAt: minutesAgo(20) });

describe('GET /api/orders/user-orders', () => {
  it("lists only the shopper's own orders, newest first, in the shared order shape", async () => {
    const res = await t
      .request()
      .get('/api/orders/user-orders')
      .set('Authorization', asha.auth)
      .expect(200);
    expect(res.body.orders.map((o: { _id: string }) => o._id)).toEqual([ashaNew, ashaOld]);
    expect(res.body.total).toBe(2);
    expect(res.body.orders[0]).toEqual({
      _id: ashaNew,
      status: 'pending',
      amount: 500,
      shippingFee: 0,
      codFee: 0,
      discount: null,
      deliveryBy: null,
      shippingAddress: '7 Seed Street, Pune 411001',
      items: [
        {
          _id: expect.any(String),
          itemId: expect.stringMatching(/^[a-f\d]{24}$/),
          name: 'New Tee',
          photo: '/p.webp',
          price: 500,
          cartQuantity: 1,
          // Seeded without a size, as orders placed before sizes existed.
          size: 'One size',
          stock: 'pending',
        },
      ],
      createdAt: expect.any(String),
      payment: { method: 'online', status: 'paid' },
      paymentId: expect.stringMatching(/^pay_seed_/),
      stockShortage: false,
      refund: null,
      timeline: [{ event: 'paid', at: res.body.orders[0].createdAt }],
      addressNeeded: false,
      shipment: null,
      invoice: null,
      creditNotes: [],
      returns: [],
      exchangeFor: null,
      extraPaymentRefunds: [],
    });
    const other = await t
      .request()
      .get('/api/orders/user-orders')
      .set('Authorization', ravi.auth)
      .expect(200);
    expect(other.body.orders.map((o: { _id: string }) => o._id)).toEqual([raviOrder]);
  });

  it('pages with ?page and ?limit, and requires a token', async () => {
    const res = await t
      .request()
      .get('/api/orders/user-orders?page=2&limit=1')
      .set('Authorization', asha.auth)
      .expect(200);
    expect(res.body.orders.map((o: { _id: string }) => o._id)).toEqual([ashaOld]);
    await t
      .request()
      .get('/api/orders/user-orders?page=0')
      .set('Authorization', asha.auth)
      .expect(400);
    await t.request().get('/api/orders/user-orders').expect(401);
  });
});

describe('GET /api/orders/adminorders', () => {
  it('lists every order newest first with the buyer name, email and phone, paged with a total', async () => {
    const res = await t
      .request()
      .get('/api/orders/adminorders')
      .set('Authorization', admin.auth)
      .expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.total).toBe(3);
    expect(res.body.orders.map((o: { _id: string }) => o._id)).toEqual([
      ashaNew,
      raviOrder,
      ashaOld,
    ]);
    expect(res.body.orders[1].user).toEqual({
      _id: ravi.id,
      name: 'Ravi',
      email: 'ravi@example.com',
      phone: '9000000002',
    });

    const page = await t
      .request()
      .get('/api/orders/adminorders?page=2&limit=2')
      .set('Authorization', admin.auth)
      .expect(200);
    expect(page.body.orders.map((o: { _id: string }) => o._id)).toEqual([ashaOld]);
    expect(page.body.total).toBe(3);
    await t
      .request()
      .get('/api/orders/adminorders?limit=1000')
      .set('Authorization', admin.auth)
      .expect(400);
  });

  it('finds an order by the number people quote (#08D68A95, any case) or its id', async () => {
    const number = orderNumber(raviOrder);
    for (const q of [`#${number}`, number.toLowerCase(), raviOrder]) {
      const res = await t
        .request()
        .get(`/api/orders/adminorders?q=${encodeURIComponent(q)}`)
        .set('Authorization', admin.auth)
        .expect(200);
      expect(res.body.orders.map((o: { _id: string }) => o._id)).toEqual([raviOrder]);
      expect(res.body.total).toBe(1);
    }
    const none = await t
      .request()
      .get('/api/orders/adminorders?q=%2300000000')
      .set('Authorization', admin.auth)
      .expect(200);
    expect(none.body).toMatchObject({ orders: [], total: 0 });
  });

  it("finds orders by any part of the buyer's name, email or phone, and keeps one status", async () => {
    const found = async (query: string) =>
      (
        await t
          .request()
          .get(`/api/orders/adminorders?${query}`)
          .set('Authorization', admin.auth)
          .expect(200)
      ).body.orders.map((o: { _id: string }) => o._id);
    for (const q of ['RAVI', 'ravi@exa', '90000 00002', '+91 9000000002'])
      expect(await found(`q=${encodeURIComponent(q)}`), q).toEqual([raviOrder]);
    expect(await found('q=asha')).toEqual([ashaNew, ashaOld]);
    expect(await found('q=(')).toEqual([]);
    await Order.updateOne({ _id: ashaOld }, { $set: { status: 'shipped' } });
    expect(await found('status=pending&q=asha')).toEqual([ashaNew]);
    expect(await found('status=shipped')).toEqual([ashaOld]);
    await Order.updateOne({ _id: ashaOld }, { $set: { status: 'pending' } });
    const bad = await t
      .request()
      .get('/api/orders/adminorders?status=lost')
      .set('Authorization', admin.auth)
      .expect(400);
    expect(bad.body.issues[0].path).toBe('status');
  });

  it('gives orders recorded before numbers were stored their number (start-up backfill)', async () => {
    await Order.collection.updateOne(
      { _id: new Types.ObjectId(ashaOld) },
      { $unset: { number: '' } },
    );
    expect(await backfillOrderNumbers()).toBe(1);
    expect((await Order.findById(ashaOld).lean())!.number).toBe(orderNumber(ashaOld));
    expect(await backfillOrderNumbers()).toBe(0);
  });

  it('is for admins only', async () => {
    await t.request().get('/api/orders/adminorders').set('Authorization', asha.auth).expect(403);
    await t.request().get('/api/orders/adminorders').expect(401);
  });
});

describe('PUT /api/orders/update-status/{orderId}', () => {
  it('lets an admin set a status from the shared list and answers the updated order', async () => {
    const res = await t
      .request()
      .put(`/api/orders/update-status/${raviOrder}`)
      .set('Authorization', admin.auth)
      .send({ status: 'delivered' })
      .expect(200);
    expect(res.body).toMatchObject({
      success: true,
      order: { _id: raviOrder, status: 'delivered', user: { name: 'Ravi' } },
    });
    expect((await Order.findById(raviOrder).lean())!.status).toBe('delivered');
  });

  it('mails the shopper once when the order is marked shipped', async () => {
    await t
      .request()
      .put(`/api/orders/update-status/${ashaNew}`)
      .set('Authorization', admin.auth)
      .send({ status: 'shipped' })
      .expect(200);
    await t
      .request()
      .put(`/api/orders/update-status/${ashaNew}`)
      .set('Authorization', admin.auth)
      .send({ status: 'shipped' })
      .expect(200);
    await statusMailsSent();
    const shipped = mailer.sent.filter((x) => /shipped/.test(x.subject));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.to).toBe('asha@example.com');
    expect(shipped[0]!.text).toContain('has shipped to 7 Seed Street');
    expect(shipped[0]!.subject).toBe(`Your order #${orderNumber(ashaNew)} has shipped`);
  });

  it('mails only real shipments: delivered → shipped, or shipped again after pending, sends nothing', async () => {
    const order = await seedOrder({ user: ravi.id });
    const shippedMails = () =>
      mailer.sent.filter((x) => x.subject === `Your order #${orderNumber(order)} has shipped`);
    for (const status of ['shipped', 'delivered', 'shipped', 'pending', 'shipped'])
      await t
        .request()
        .put(`/api/orders/update-status/${order}`)
        .set('Authorization', admin.auth)
        .send({ status, reason: 'Marked by mistake' })
        .expect(200);
    await statusMailsSent();
    expect(shippedMails()).toHaveLength(1);
    // Reopened from cancelled and shipped for the first time: a real shipment.
    const reopened = await seedOrder({ user: ravi.id, status: 'cancelled' });
    await t
      .request()
      .put(`/api/orders/update-status/${reopened}`)
      .set('Authorization', admin.auth)
      .send({ status: 'shipped', reason: 'The buyer asked again' })
      .expect(200);
    await statusMailsSent();
    expect(mailer.sent.filter((x) => x.subject.includes(orderNumber(reopened)))).toHaveLength(1);
  });

  it('refuses an unknown status (400), an unknown order (404), a bad id (400) and a customer (403)', async () => {
    const bad = await t
      .request()
      .put(`/api/orders/update-status/${ashaOld}`)
      .set('Authorization', admin.auth)
      .send({ status: 'lost' })
      .expect(400);
    expect(bad.body.message).toMatch(/pending, shipped, delivered, cancelled/);
    await t
      .request()
      .put(`/api/orders/update-status/${ashaOld}`)
      .set('Authorization', admin.auth)
      .send({ status: { $ne: 'x' } })
      .expect(400);
    await t
      .request()
      .put('/api/orders/update-status/0123456789abcdef01234567')
      .set('Authorization', admin.auth)
      .send({ status: 'shipped' })
      .expect(404);
    await t
      .request()
      .put('/api/orders/update-status/nope')
      .set('Authorization', admin.auth)
      .send({ status: 'shipped' })
      .expect(400);
    await t
      .request()
      .put(`/api/orders/update-status/${ashaOld}`)
      .set('Authorization', asha.auth)
      .send({ status: 'delivered' })
      .expect(403);
    expect((await Order.findById(ashaOld).lean())!.status).toBe('pending');
  });
});
