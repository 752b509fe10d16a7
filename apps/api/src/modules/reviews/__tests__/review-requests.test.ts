/**
 * The review-request mail: due the settings' days after delivery (an injected clock), once per
 * order however many passes run at once, not for what the buyer already reviewed, with a link
 * to each product's review form.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_REQUEST_DAYS } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { recordingMailer } from '../../payments/__tests__/helpers.js';
import { Order } from '../../orders/order.model.js';
import { REVIEW_FORM_ANCHOR, sendReviewRequests } from '../index.js';
import { makeProducts, orderOf } from './helpers.js';

const mailer = recordingMailer();
const t = await setupTestApp({
  overrides: () => ({ mailer }),
  env: { PUBLIC_URL: 'https://shop.example.com' },
});
const DAY = 24 * 60 * 60 * 1000;
const delivered = new Date('2026-03-01T10:00:00Z');
const after = (days: number) => new Date(delivered.getTime() + days * DAY);

describe('the review-request mail', () => {
  it('goes the settings’ days after delivery, once per order, with a link to each product’s form', async () => {
    const [tee, cap] = await makeProducts('Mail Tee', 'Mail Cap Tee');
    const asha = await t.createUser({ name: 'Asha', email: 'asha-reviews@example.com' });
    const order = await orderOf(asha.id, [tee!, cap!], { size: 'L', deliveredAt: delivered });

    expect(await sendReviewRequests(t.deps, after(DEFAULT_REVIEW_REQUEST_DAYS - 1))).toEqual({
      mailed: 0,
      skipped: 0,
    });
    expect(mailer.sent).toEqual([]);

    // Three processes run the pass at once: one mail.
    const passes = await Promise.all(
      [1, 2, 3].map(() => sendReviewRequests(t.deps, after(DEFAULT_REVIEW_REQUEST_DAYS))),
    );
    expect(passes.reduce((n, p) => n + p.mailed, 0)).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    const mail = mailer.sent[0]!;
    expect(mail).toMatchObject({
      to: 'asha-reviews@example.com',
      subject: 'How are your new T-shirts?',
    });
    expect(mail.text).toContain(
      `Mail Tee (Size L): https://shop.example.com/product-detail/${tee!.slug}#${REVIEW_FORM_ANCHOR}`,
    );
    expect(mail.text).toContain(`/product-detail/${cap!.slug}#${REVIEW_FORM_ANCHOR}`);
    expect(mail.html).toContain(
      `href="https://shop.example.com/product-detail/${tee!.slug}#${REVIEW_FORM_ANCHOR}"`,
    );

    await sendReviewRequests(t.deps, after(DEFAULT_REVIEW_REQUEST_DAYS + 3));
    expect(mailer.sent).toHaveLength(1);
    expect((await Order.findById(order).lean())!.mailed).toContain('review-request');
  });

  it('is not sent for what the buyer has already reviewed, nor for orders delivered long ago or not at all', async () => {
    mailer.sent.length = 0;
    const [tee, other] = await makeProducts('Reviewed Tee', 'Unreviewed Tee');
    const ravi = await t.createUser({ name: 'Ravi' });
    await orderOf(ravi.id, [tee!], { deliveredAt: delivered });
    await t
      .request()
      .post(`/api/product/${tee!.id}/reviews`)
      .set('Authorization', ravi.auth)
      .send({ stars: 4, fit: 'true' })
      .expect(201);
    // Delivered 40 days before the mail was due: never asked. Shipped only: not yet.
    await orderOf(ravi.id, [other!], { deliveredAt: after(-40) });
    await orderOf(ravi.id, [other!], { status: 'shipped' });

    const pass = await sendReviewRequests(t.deps, after(DEFAULT_REVIEW_REQUEST_DAYS));
    expect(pass).toEqual({ mailed: 0, skipped: 1 });
    expect(mailer.sent).toEqual([]);
  });

  it('names the one product and its size in the subject when the order holds one', async () => {
    mailer.sent.length = 0;
    const [tee] = await makeProducts('Solo Tee');
    const meera = await t.createUser({ name: 'Meera <b>' });
    await orderOf(meera.id, [tee!], { size: 'S', deliveredAt: after(1) });
    await sendReviewRequests(t.deps, after(1 + DEFAULT_REVIEW_REQUEST_DAYS));
    expect(mailer.sent.map((m) => m.subject)).toEqual(['How is your Solo Tee?']);
    expect(mailer.sent[0]!.html).toContain('Hello Meera &lt;b&gt;,');
  });

  it('goes after the days the admin sets', async () => {
    mailer.sent.length = 0;
    const admin = await t.createAdmin();
    await t
      .request()
      .put('/api/admin/settings/reviews')
      .set('Authorization', admin.auth)
      .send({ requestDays: 3 })
      .expect(200);
    const [tee] = await makeProducts('Quick Tee');
    const dev = await t.createUser({ name: 'Dev' });
    await orderOf(dev.id, [tee!], { deliveredAt: after(10) });
    await sendReviewRequests(t.deps, after(12));
    expect(mailer.sent).toEqual([]);
    await sendReviewRequests(t.deps, after(13));
    expect(mailer.sent.map((m) => m.subject)).toEqual(['How is your Quick Tee?']);
  });
});
