/**
 * The admin's status changes that cannot slip: a move back needs a reason (kept on the
 * timeline), marking an order shipped records the courier and AWB (on the order page and in
 * the shipped mail, with a tracking link where the courier has one), and the shopper's mails
 * go out in the order things happened.
 */
import { describe, expect, it } from 'vitest';
import { orderDetailResponse, orderNumber } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { makeProduct, recordingMailer, sandboxCheckout } from '../../payments/__tests__/helpers.js';
import { Order } from '../order.model.js';
import { seedOrder } from './seed-orders.js';

const mailer = recordingMailer();
const t = await setupTestApp({ overrides: () => ({ mailer }) });
const admin = await t.createAdmin();
const asha = await t.createUser({ name: 'Asha', email: 'asha@example.com' });

const change = (orderId: string, body: Record<string, unknown>) =>
  t
    .request()
    .put(`/api/orders/update-status/${orderId}`)
    .set('Authorization', admin.auth)
    .send(body);
const mailsAbout = (orderId: string) =>
  mailer.sent.filter((m) => m.subject.includes(`#${orderNumber(orderId)}`)).map((m) => m.subject);

describe('a move back', () => {
  it('is refused without a reason (400 beside the field), changing nothing and mailing nobody', async () => {
    const orderId = await seedOrder({ user: asha.id, status: 'delivered' });
    for (const [status, reason] of [
      ['pending', undefined],
      ['shipped', '   '],
    ] as const) {
      const res = await change(orderId, { status, reason }).expect(400);
      expect(res.body.message).toMatch(/^Say why this order goes back from Delivered to /);
      expect(res.body.issues).toEqual([{ path: 'reason', message: res.body.message }]);
    }
    const order = await Order.findById(orderId).lean();
    expect(order!.status).toBe('delivered');
    expect(order!.history).toEqual([]);
    expect(mailsAbout(orderId)).toEqual([]);
  });

  it('is refused when reopening a cancelled order without a reason', async () => {
    const orderId = await seedOrder({ user: asha.id, status: 'cancelled' });
    const res = await change(orderId, { status: 'pending' }).expect(400);
    expect(res.body.message).toBe('Say why this cancelled order is reopened');
    expect((await Order.findById(orderId).lean())!.status).toBe('cancelled');
  });

  it('goes through with a reason, which the order page shows on its timeline', async () => {
    const orderId = await seedOrder({ user: asha.id, status: 'shipped' });
    await change(orderId, { status: 'pending', reason: 'Parcel came back: wrong PIN' }).expect(200);
    const page = orderDetailResponse.parse(
      (await t.request().get(`/api/orders/${orderId}`).set('Authorization', asha.auth).expect(200))
        .body,
    );
    expect(page.order.status).toBe('pending');
    expect(page.order.timeline!.at(-1)).toMatchObject({
      event: 'pending',
      by: 'admin',
      reason: 'Parcel came back: wrong PIN',
    });
  });

  it('needs no reason for a move forward', async () => {
    const orderId = await seedOrder({ user: asha.id });
    await change(orderId, { status: 'delivered' }).expect(200);
    await change(orderId, { status: 'cancelled' }).expect(200);
  });
});

describe('marking an order shipped', () => {
  it('records the courier and AWB, shown on the order page and in the mail with a tracking link', async () => {
    const orderId = await seedOrder({ user: asha.id });
    const res = await change(orderId, {
      status: 'shipped',
      shipment: { courier: 'delhivery', awb: ' 1234-5678 ' },
    }).expect(200);
    expect(res.body.order.shipment).toEqual({ courier: 'delhivery', awb: '1234-5678' });
    const page = orderDetailResponse.parse(
      (await t.request().get(`/api/orders/${orderId}`).set('Authorization', asha.auth).expect(200))
        .body,
    );
    expect(page.order.shipment).toEqual({ courier: 'delhivery', awb: '1234-5678' });
    const mail = mailer.sent.find(
      (m) => m.subject === `Your order #${orderNumber(orderId)} has shipped`,
    )!;
    expect(mail.text).toContain('Courier: Delhivery, tracking number (AWB) 1234-5678.');
    expect(mail.text).toContain('Track it: https://www.delhivery.com/track/package/1234-5678');
    expect(mail.html).toContain('href="https://www.delhivery.com/track/package/1234-5678"');
  });

  it('gives no tracking link for a courier the shop has no tracking page for', async () => {
    const orderId = await seedOrder({ user: asha.id });
    await change(orderId, {
      status: 'shipped',
      shipment: { courier: 'other', awb: 'HAND1' },
    }).expect(200);
    const mail = mailer.sent.find(
      (m) => m.subject === `Your order #${orderNumber(orderId)} has shipped`,
    )!;
    expect(mail.text).toContain('Courier: Other courier, tracking number (AWB) HAND1.');
    expect(mail.text).not.toContain('Track it');
  });

  it('refuses a courier it does not know, a bad AWB, or a shipment with another status', async () => {
    const orderId = await seedOrder({ user: asha.id });
    const cases = [
      [{ status: 'shipped', shipment: { courier: 'pigeon', awb: 'A1' } }, 'shipment.courier'],
      [{ status: 'shipped', shipment: { courier: 'dtdc', awb: '' } }, 'shipment.awb'],
      [{ status: 'shipped', shipment: { courier: 'dtdc', awb: 'A1 <b>' } }, 'shipment.awb'],
      [{ status: 'delivered', shipment: { courier: 'dtdc', awb: 'A1' } }, 'shipment'],
    ] as const;
    for (const [body, path] of cases) {
      const res = await change(orderId, body).expect(400);
      expect(res.body.issues[0].path).toBe(path);
    }
    const order = await Order.findById(orderId).lean();
    expect(order!.status).toBe('pending');
    expect(order!.shipment).toBeNull();
  });
});

describe('a change from the status the admin saw (`from`)', () => {
  it('goes through while the order is still in it', async () => {
    const orderId = await seedOrder({ user: asha.id });
    const res = await change(orderId, {
      status: 'shipped',
      from: 'pending',
      shipment: { courier: 'dtdc', awb: 'D-100' },
    }).expect(200);
    expect(res.body.order).toMatchObject({ status: 'shipped', shipment: { awb: 'D-100' } });
  });

  it('is refused (409) once the order moved on: cancelled by the shopper, or shipped by another admin', async () => {
    const cancelled = await seedOrder({ user: asha.id, status: 'cancelled' });
    const shipped = await seedOrder({ user: asha.id });
    await change(shipped, { status: 'shipped', shipment: { courier: 'dtdc', awb: 'FIRST-1' } });
    for (const [orderId, now] of [
      [cancelled, 'cancelled'],
      [shipped, 'shipped'],
    ] as const) {
      const res = await change(orderId, {
        status: 'shipped',
        from: 'pending',
        shipment: { courier: 'bluedart', awb: 'SECOND-2' },
      }).expect(409);
      expect(res.body.message).toBe(
        `This order is ${now} now (it changed since the page loaded), so nothing was changed.`,
      );
      expect(res.body.status).toBe(now);
    }
    expect((await Order.findById(cancelled).lean())!.status).toBe('cancelled');
    // The first admin's AWB stays: the second did not overwrite it.
    expect((await Order.findById(shipped).lean())!.shipment).toMatchObject({ awb: 'FIRST-1' });
    expect(mailsAbout(cancelled)).toEqual([]);
  });
});

describe("the shopper's mails", () => {
  it('come in the order things happened: cancelled, then the refund processed', async () => {
    const tee = await makeProduct({ name: 'Order Tee', price: 499, quantity: 5 });
    const orderId = await sandboxCheckout(t, asha, [{ _id: String(tee._id), cartQuantity: 1 }], {
      amount: 499,
      shippingAddress: '7 Lake Road, Pune 411001',
    });
    await change(orderId, { status: 'cancelled' }).expect(200);
    const no = orderNumber(orderId);
    expect(mailsAbout(orderId)).toEqual([
      `Your order #${no} is confirmed`,
      `Your order #${no} is cancelled`,
      `Your refund for order #${no} is processed`,
    ]);
  });

  it('are queued before the change answers, so consecutive changes mail in their order', async () => {
    const orderId = await seedOrder({ user: asha.id });
    await change(orderId, { status: 'shipped', shipment: { courier: 'dtdc', awb: 'D1' } }).expect(
      200,
    );
    await change(orderId, { status: 'delivered' }).expect(200);
    const no = orderNumber(orderId);
    expect(mailsAbout(orderId)).toEqual([
      `Your order #${no} has shipped`,
      `Your order #${no} has been delivered`,
    ]);
  });
});
