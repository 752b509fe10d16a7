/**
 * Coupons and offers through the API: the admin's codes and offers, the cart's "Apply code"
 * (per line and in all, or the reason it gives nothing), checkout priced with them (GST on the
 * discounted lines, the order keeping its discount), uses counted atomically (the race on the
 * last use, a customer's limit across two sessions) and given back on cancel. The shop's clock
 * is the test's.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { Category } from '../../categories/category.model.js';
import { Order } from '../../orders/order.model.js';
import {
  couponMaker,
  makeProduct,
  recordingMailer,
  sandboxCheckout,
} from '../../payments/__tests__/helpers.js';
import { Coupon, Redemption } from '../coupon.model.js';
import { HOLD_MS, releaseRunOutHolds } from '../uses.js';

const now = new Date('2026-12-01T10:00:00+05:30');
const mailer = recordingMailer();
const t = await setupTestApp({ overrides: () => ({ now: () => now, mailer }) });
const admin = await t.createAdmin();

const BENGALURU = '12 MG Road, Bengaluru, Karnataka 560001';
type Item = { _id: string; cartQuantity: number };
const line = (product: { _id: unknown }, cartQuantity = 1): Item => ({
  _id: String(product._id),
  cartQuantity,
});

/** Codes TEST1, TEST2, … with these terms (percent 10 by default), created by the admin. */
const { makeCode } = couponMaker(t, admin, 'TEST');

function apply(auth: string | null, code: string | undefined, items: Item[], extra = {}) {
  const req = t.request().post('/api/coupons/apply');
  if (auth) req.set('Authorization', auth);
  return req.send({ ...(code !== undefined ? { code } : {}), items, ...extra });
}

function createOrder(auth: string, amount: number, items: Item[], coupon?: string) {
  return t
    .request()
    .post('/api/payment/create-order')
    .set('Authorization', auth)
    .send({ amount, items, shippingAddress: BENGALURU, ...(coupon ? { coupon } : {}) });
}

/** create-order → sandbox pay → verify (the shopper's profile address): the order's id. */
const checkout = (
  shopper: { auth: string; id: string },
  amount: number,
  items: Item[],
  coupon?: string,
) => sandboxCheckout(t, shopper, items, { amount, ...(coupon ? { coupon } : {}) });

const SELLER = {
  legalName: 'Bright Threads Private Limited',
  address: '80 Feet Road, Koramangala, Bengaluru 560034',
  state: 'Karnataka',
  gstin: '29AAGCB7383J1Z4',
};

/** supertest's parser for a binary answer (a PDF): the body as one Buffer. */
const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

const usesOf = async (code: string) => (await Coupon.findOne({ code }).lean())!.uses;

describe('the admin’s codes and offers', () => {
  it('creates, refuses bad terms beside the field, a taken code, a stale edit, and pauses', async () => {
    const shopper = await t.createUser();
    await t
      .request()
      .post('/api/admin/coupons')
      .set('Authorization', shopper.auth)
      .send({ code: 'NOPE10', kind: 'percent', percentOff: 10 })
      .expect(403);

    const bad = await t
      .request()
      .post('/api/admin/coupons')
      .set('Authorization', admin.auth)
      .send({ code: 'HALF', kind: 'percent' })
      .expect(400);
    expect(bad.body.issues).toContainEqual(
      expect.objectContaining({ path: 'percentOff', message: 'Enter the percent off' }),
    );

    const made = await t
      .request()
      .post('/api/admin/coupons')
      .set('Authorization', admin.auth)
      .send({ code: 'welcome10', kind: 'percent', percentOff: 10, maxDiscountPaise: 30000 })
      .expect(201);
    expect(made.body).toMatchObject({
      success: true,
      message: 'Coupon WELCOME10 created',
      coupon: { code: 'WELCOME10', uses: 0, orders: 0, givenAway: 0, version: 0 },
    });
    const id = made.body.coupon._id as string;

    const taken = await t
      .request()
      .post('/api/admin/coupons')
      .set('Authorization', admin.auth)
      .send({ code: 'WELCOME10', kind: 'flat', amountOffPaise: 10000 })
      .expect(409);
    expect(taken.body.message).toBe('A coupon with the code WELCOME10 already exists');

    const edit = { code: 'WELCOME10', kind: 'percent', percentOff: 15, version: 0 };
    const saved = await t
      .request()
      .put(`/api/admin/coupons/${id}`)
      .set('Authorization', admin.auth)
      .send(edit)
      .expect(200);
    expect(saved.body.coupon).toMatchObject({ percentOff: 15, version: 1 });
    const stale = await t
      .request()
      .put(`/api/admin/coupons/${id}`)
      .set('Authorization', admin.auth)
      .send({ ...edit, percentOff: 20 })
      .expect(409);
    expect(stale.body.message).toMatch(/changed by someone else/);

    const paused = await t
      .request()
      .patch(`/api/admin/coupons/${id}`)
      .set('Authorization', admin.auth)
      .send({ paused: true })
      .expect(200);
    expect(paused.body).toMatchObject({
      message: 'Coupon WELCOME10 paused',
      coupon: { paused: true },
    });
    await Coupon.deleteOne({ _id: id });
  });

  it('refuses an offer whose bundle has no price', async () => {
    const res = await t
      .request()
      .post('/api/admin/offers')
      .set('Authorization', admin.auth)
      .send({ name: 'Broken', kind: 'bundle', bundlePieces: 3 })
      .expect(400);
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path: 'bundlePricePaise' }));
  });
});

describe('Apply code in the cart', () => {
  it('takes a percentage off per line by value, adding up to the paisa', async () => {
    const a = await makeProduct({ price: 799 });
    const b = await makeProduct({ price: 499 });
    const code = await makeCode({ percentOff: 10 });
    const shopper = await t.createUser();
    const res = await apply(shopper.auth, code.code.toLowerCase(), [line(a), line(b)]).expect(200);
    expect(res.body).toMatchObject({
      success: true,
      discount: 130,
      message: `${code.code} applied: you save ₹130.`,
      subtotal: 1298,
      total: 1168,
      offer: null,
      code: { code: code.code, amount: 130 },
    });
    expect(res.body.lines).toEqual([
      { _id: String(a._id), offer: 0, code: 80.02, discount: 80.02 },
      { _id: String(b._id), offer: 0, code: 49.98, discount: 49.98 },
    ]);
  });

  it('gives each refusal its reason', async () => {
    const tee = await makeProduct({ price: 1298 });
    const other = await makeProduct({ price: 300 });
    const items = [line(tee)];
    const shopper = await t.createUser();
    const refusal = async (auth: string | null, code: string, extra = {}) => {
      const res = await apply(auth, code, items, extra).expect(200);
      expect(res.body).toMatchObject({ success: false, discount: 0, total: 1298 });
      return { reason: res.body.reason, message: res.body.message };
    };

    const plain = await makeCode();
    expect(await refusal(null, plain.code)).toEqual({
      reason: 'sign-in',
      message: 'Please log in to use a coupon code.',
    });
    expect(await refusal(shopper.auth, 'NOSUCHCODE')).toEqual({
      reason: 'unknown',
      message: "This code isn't valid. Please check it and try again.",
    });
    const expired = await makeCode({ endsOn: '2026-11-30' });
    expect(await refusal(shopper.auth, expired.code)).toEqual({
      reason: 'expired',
      message: 'This code expired on 30 November 2026.',
    });
    const later = await makeCode({ startsOn: '2026-12-02' });
    expect((await refusal(shopper.auth, later.code)).reason).toBe('not-started');
    const minimum = await makeCode({ minCartPaise: 200000 });
    expect(await refusal(shopper.auth, minimum.code)).toEqual({
      reason: 'minimum',
      message: 'Add ₹702 more to use this code (minimum cart value ₹2,000).',
    });
    const prepaid = await makeCode({ prepaidOnly: true });
    expect(await refusal(shopper.auth, prepaid.code, { payment: 'cod' })).toEqual({
      reason: 'cod',
      message: "This code can't be used with cash on delivery. Pay online to use it.",
    });
    const forOther = await makeCode({ products: [String(other._id)] });
    expect(await refusal(shopper.auth, forOther.code)).toEqual({
      reason: 'items',
      message: "This code isn't for the items in your cart.",
    });
    const paused = await makeCode({ paused: true });
    expect((await refusal(shopper.auth, paused.code)).reason).toBe('paused');

    // A first-order code, for a shopper who has ordered before.
    const first = await makeCode({ firstOrderOnly: true });
    const buyer = await t.createUser({ address: BENGALURU });
    // ₹300 is below free delivery: ₹49 is added.
    await checkout(buyer, 349, [line(other)]);
    expect(await refusal(buyer.auth, first.code)).toEqual({
      reason: 'first-order',
      message: 'This code is only for your first order.',
    });
    // The same code for someone who has not ordered yet applies.
    const fresh = await apply(shopper.auth, first.code, items).expect(200);
    expect(fresh.body).toMatchObject({ success: true, discount: 130 });
  });

  it('refuses a code it cannot parse with 400 beside the field', async () => {
    const tee = await makeProduct();
    const res = await apply(null, 'no spaces!', [line(tee)]).expect(400);
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path: 'code' }));
  });
});

describe('the bundle offer, 3 for ₹999', () => {
  it('sells the dearest pieces in threes, repeats per 3, and nudges at one short', async () => {
    const category = await Category.create({
      name: 'Bundle Tees',
      nameKey: 'bundle tees',
      slug: 'bundle-tees',
    });
    const made = await t
      .request()
      .post('/api/admin/offers')
      .set('Authorization', admin.auth)
      .send({
        name: 'Any 3',
        kind: 'bundle',
        bundlePieces: 3,
        bundlePricePaise: 99900,
        categories: [String(category._id)],
      })
      .expect(201);
    expect(made.body.offer).toMatchObject({ headline: '3 for ₹999', paused: false });
    const tee = async (price: number) => {
      const p = await makeProduct({ price });
      await p.updateOne({ category: category._id });
      return p;
    };
    const [a, b, c, d] = [await tee(649), await tee(549), await tee(449), await tee(399)];

    const two = await apply(null, undefined, [line(a), line(b)]).expect(200);
    expect(two.body).toMatchObject({
      success: true,
      discount: 0,
      offer: null,
      nudge: 'Add 1 more tee from Bundle Tees to get 3 for ₹999',
    });

    const four = await apply(null, undefined, [line(d), line(a), line(b), line(c)]).expect(200);
    expect(four.body).toMatchObject({
      discount: 648,
      offer: { headline: '3 for ₹999', label: 'Offer: 3 for ₹999 – you save ₹648', amount: 648 },
      nudge: null,
      total: 2046 - 648,
    });
    expect(four.body.lines.map((l: { offer: number }) => l.offer)).toEqual([
      0, 255.34, 216, 176.66,
    ]);

    // Six of one tee: two bundles; five: one, and one more would complete another.
    const six = await apply(null, undefined, [line(b, 6)]).expect(200);
    expect(six.body).toMatchObject({ discount: 1296, total: 1998 });
    const five = await apply(null, undefined, [line(b, 5)]).expect(200);
    expect(five.body).toMatchObject({
      discount: 648,
      nudge: 'Add 1 more tee from Bundle Tees to get another 3 for ₹999',
    });

    await t
      .request()
      .patch(`/api/admin/offers/${made.body.offer._id}`)
      .set('Authorization', admin.auth)
      .send({ paused: true })
      .expect(200);
    const off = await apply(null, undefined, [line(b, 3)]).expect(200);
    expect(off.body).toMatchObject({ discount: 0, offer: null });
  });
});

describe('checkout with a code', () => {
  it('charges the discounted total, taxes each line on what it paid, and the order keeps the discount', async () => {
    const a = await makeProduct({ name: 'Indigo Tee', price: 799 });
    const b = await makeProduct({ name: 'Ochre Tee', price: 499 });
    const code = await makeCode({ percentOff: 10 });
    const shopper = await t.createUser({ address: BENGALURU });
    await t
      .request()
      .put('/api/admin/settings/gst')
      .set('Authorization', admin.auth)
      .send(SELLER)
      .expect(200);

    const listPrice = await createOrder(shopper.auth, 1298, [line(a), line(b)], code.code).expect(
      409,
    );
    expect(listPrice.body).toMatchObject({
      message: 'Prices changed: the total is now ₹1,168. Please review your cart.',
      total: 1168,
      discount: 130,
    });

    const orderId = await checkout(shopper, 1168, [line(a), line(b)], code.code);
    const row = await Order.findById(orderId).lean();
    expect(row).toMatchObject({
      amountPaise: 116800,
      shippingFeePaise: 0,
      discount: {
        code: code.code,
        offer: null,
        amountPaise: 13000,
        codePaise: 13000,
        lines: [
          { amountPaise: 8002, codePaise: 8002, offerPaise: 0 },
          { amountPaise: 4998, codePaise: 4998, offerPaise: 0 },
        ],
      },
    });
    const taxed = row!.tax!.lines.map((l) => l.taxablePaise + l.taxPaise);
    expect(taxed).toEqual([79900 - 8002, 49900 - 4998]);
    expect(taxed.reduce((s, p) => s + p, 0)).toBe(row!.amountPaise);

    const page = await t
      .request()
      .get(`/api/orders/${orderId}`)
      .set('Authorization', shopper.auth)
      .expect(200);
    expect(page.body.order.discount).toEqual({
      code: code.code,
      offer: null,
      amount: 130,
      codeAmount: 130,
      offerAmount: 0,
      lines: [80.02, 49.98],
    });
    expect(await usesOf(code.code)).toBe(1);
    expect(await Redemption.countDocuments({ order: orderId, status: 'redeemed' })).toBe(1);

    const mail = mailer.sent.find((m) => m.to === shopper.user.email)!;
    expect(mail.text).toContain(`Code ${code.code}: −₹130`);
    expect(mail.text).toContain('Total: ₹1,168');
    expect(mail.html).toContain(`Code ${code.code}`);

    const invoice = await t
      .request()
      .get(`/api/orders/${orderId}/invoice`)
      .set('Authorization', shopper.auth)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    const text = await pdfText(invoice.body as Buffer);
    expect(text).toContain('Indigo Tee, less discount 80.02 6109 1 684.74');
    expect(text).toContain('Ochre Tee, less discount 49.98 6109 1 427.64');

    const list = await t
      .request()
      .get('/api/admin/coupons')
      .set('Authorization', admin.auth)
      .expect(200);
    expect(list.body.coupons.find((c: { code: string }) => c.code === code.code)).toMatchObject({
      uses: 1,
      orders: 1,
      givenAway: 130,
    });
  });

  it('refuses a code paused since the cart, with its reason, and holds nothing', async () => {
    const tee = await makeProduct({ price: 999 });
    const code = await makeCode({ paused: true });
    const shopper = await t.createUser({ address: BENGALURU });
    const res = await createOrder(shopper.auth, 899, [line(tee)], code.code).expect(409);
    expect(res.body).toMatchObject({
      success: false,
      reason: 'paused',
      message: "This code isn't active right now.",
    });
    expect(await usesOf(code.code)).toBe(0);
  });

  it('redeems a code with one use left once when twenty shoppers pay at once', async () => {
    const tee = await makeProduct({ price: 1000, quantity: 100 });
    const code = await makeCode({
      kind: 'flat',
      percentOff: null,
      amountOffPaise: 10000,
      maxUses: 1,
    });
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, () => t.createUser({ address: BENGALURU })),
    );
    const answers = await Promise.all(
      shoppers.map((s) => createOrder(s.auth, 900, [line(tee)], code.code)),
    );
    const won = answers.filter((r) => r.status === 200);
    const lost = answers.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) expect(r.body.reason).toBe('used-up');
    expect(await usesOf(code.code)).toBe(1);
  });

  it('holds a customer’s limit across two sessions, and a cancel gives the use back', async () => {
    const tee = await makeProduct({ price: 999, quantity: 10 });
    const code = await makeCode({ maxUsesPerCustomer: 1 });
    const shopper = await t.createUser({ address: BENGALURU });
    const login = await t
      .request()
      .post('/api/auth/login')
      .send({ email: shopper.user.email, password: shopper.password })
      .expect(200);
    const phone = `Bearer ${login.body.token as string}`;

    const orderId = await checkout(shopper, 899, [line(tee)], code.code);
    const used = await apply(phone, code.code, [line(tee)]).expect(200);
    expect(used.body).toMatchObject({
      success: false,
      reason: 'used',
      message: 'You have already used this code.',
    });
    const again = await createOrder(phone, 899, [line(tee)], code.code).expect(409);
    expect(again.body.reason).toBe('used');
    expect(await usesOf(code.code)).toBe(1);

    await t.request().put(`/api/orders/cancel/${orderId}`).set('Authorization', phone).expect(200);
    expect(await usesOf(code.code)).toBe(0);
    const back = await apply(phone, code.code, [line(tee)]).expect(200);
    expect(back.body).toMatchObject({ success: true, discount: 100 });
    await createOrder(phone, 899, [line(tee)], code.code).expect(200);
    expect(await usesOf(code.code)).toBe(1);
  });

  it('gives back the use of a checkout not paid within the hold', async () => {
    const tee = await makeProduct({ price: 999 });
    const code = await makeCode({ maxUses: 5 });
    const shopper = await t.createUser({ address: BENGALURU });
    await createOrder(shopper.auth, 899, [line(tee)], code.code).expect(200);
    expect(await usesOf(code.code)).toBe(1);
    await releaseRunOutHolds(new Date(now.getTime() + HOLD_MS - 1));
    expect(await usesOf(code.code)).toBe(1);
    expect(await releaseRunOutHolds(new Date(now.getTime() + HOLD_MS))).toBeGreaterThanOrEqual(1);
    expect(await usesOf(code.code)).toBe(0);
  });
});
