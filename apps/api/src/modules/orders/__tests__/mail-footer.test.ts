/**
 * Every mail a shopper gets about an order (confirmed, shipped, delivered, cancelled, refund
 * processed, return steps) ends with the order page's address (PUBLIC_URL's) and the support
 * contact the admin saved in the shop details settings, as sent through the mailer.
 */
import { describe, expect, it } from 'vitest';
import { orderNumber } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { recordingMailer } from '../../payments/__tests__/helpers.js';
import { statusMailsSent } from '../index.js';
import { seedOrder } from './seed-orders.js';

const mailer = recordingMailer();
const t = await setupTestApp({
  env: { PUBLIC_URL: 'https://shop.example' },
  overrides: () => ({ mailer }),
});
const admin = await t.createAdmin();
const asha = await t.createUser({ name: 'Asha', email: 'asha.footer@example.com' });

describe('the order mails', () => {
  it('each link to the order page and give the support contact from the shop settings', async () => {
    await t
      .request()
      .put('/api/admin/settings/shop')
      .set('Authorization', admin.auth)
      .send({
        email: 'care@shop.example',
        phone: '080 4567 8910',
        supportHours: 'Mon to Sat, 10 to 7',
      })
      .expect(200);
    const orderId = await seedOrder({ user: asha.id });
    for (const status of ['shipped', 'delivered'])
      await t
        .request()
        .put(`/api/orders/update-status/${orderId}`)
        .set('Authorization', admin.auth)
        .send(
          status === 'shipped'
            ? { status, shipment: { courier: 'delhivery', awb: '1234' } }
            : { status },
        )
        .expect(200);
    const other = await seedOrder({ user: asha.id });
    await t
      .request()
      .put(`/api/orders/update-status/${other}`)
      .set('Authorization', admin.auth)
      .send({ status: 'cancelled' })
      .expect(200);
    await statusMailsSent();

    const about = (id: string) =>
      mailer.sent.filter((m) => m.subject.includes(`#${orderNumber(id)}`));
    const mails = [...about(orderId), ...about(other)];
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        `Your order #${orderNumber(orderId)} has shipped`,
        `Your order #${orderNumber(orderId)} has been delivered`,
        `Your order #${orderNumber(other)} is cancelled`,
      ]),
    );
    for (const mail of mails) {
      const id = mail.subject.includes(orderNumber(orderId)) ? orderId : other;
      expect(mail.text).toContain(
        `See your order: https://shop.example/dashboard/user/orders/${id}`,
      );
      expect(mail.text).toContain(
        'Questions? Write to care@shop.example or call 080 4567 8910 (Mon to Sat, 10 to 7).',
      );
      expect(mail.html).toContain(`href="https://shop.example/dashboard/user/orders/${id}"`);
    }
  });
});
