/**
 * Returns and size exchanges of delivered orders (docs/behaviour/returns.md), through the API
 * with the sandbox provider and an injected clock: the shopper's request (POST
 * /api/orders/{orderId}/returns) with its held stock and each refusal, the admin's moves (PUT
 * /api/orders/returns/{returnId}) through the checked state machine, an exchange's replacement
 * order, a return's partial refund and credit note, a COD return's recorded transfer, the mails
 * of each step, the request's optional photo (multipart), and the races (two staff at once, the
 * shopper cancelling while staff approve, two requests for the same pieces).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTO_BYTES } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import {
  colourStockOf,
  makeProduct,
  recordingMailer,
  sandboxCheckout,
} from '../../payments/__tests__/helpers.js';
import { Jobs } from '../../../lib/jobs.js';
import { createLogger } from '../../../lib/logger.js';
import {
  backfillItemIds,
  recordPaidOrder,
  reconcileRefunds,
  releaseEndedExchangeHolds,
  returnStockJob,
  taxDocumentsJob,
} from '../index.js';
import { Order } from '../order.model.js';
import { sweepDueRestocks, sweepEndedExchangeHolds } from '../return-stock.js';
import { Product } from '../../products/product.model.js';
import { makeImage } from '../../products/__tests__/fixtures.js';

const DAY = 24 * 60 * 60 * 1000;
const mailer = recordingMailer();
/** The app's clock: each test sets it from the order's delivery (never the machine's time). */
let now = new Date('2026-11-20T10:00:00+05:30');
const t = await setupTestApp({
  env: { PUBLIC_URL: 'https://shop.example' },
  overrides: () => ({ mailer, now: () => now }),
});
const admin = await t.createAdmin();
const admin2 = await t.createAdmin();
const asha = await t.createUser({ name: 'Asha', email: 'asha.returns@example.com' });
const ravi = await t.createUser({ name: 'Ravi', email: 'ravi.returns@example.com' });

const sandboxRefunds = () => mongoose.connection.collection('sandbox_refunds');

const SELLER = {
  legalName: 'Bright Threads Private Limited',
  address: '80 Feet Road, Koramangala, Bengaluru 560034',
  state: 'Karnataka',
  gstin: '29AAGCB7383J1Z4',
};

const setStatus = (orderId: string, status: string) =>
  t
    .request()
    .put(`/api/orders/update-status/${orderId}`)
    .set('Authorization', admin.auth)
    .send({ status });

/** A tee in Black and White, M and L; Asha buys `quantity` Black M, and it is delivered. */
async function deliveredOrder(quantity = 2, stock = { M: 5, L: 1 }) {
  const tee = await makeProduct({
    name: 'Sunset Tee',
    price: 649,
    colours: [
      {
        name: 'Black',
        sizes: [
          { size: 'M', quantity: stock.M },
          { size: 'L', quantity: stock.L },
        ],
      },
      {
        name: 'White',
        sizes: [
          { size: 'M', quantity: 3 },
          { size: 'L', quantity: 0 },
        ],
      },
    ],
  });
  const orderId = await sandboxCheckout(
    t,
    asha,
    [{ _id: String(tee._id), cartQuantity: quantity, size: 'M', colour: 'Black' }],
    { amount: onlineAmount(649 * quantity), shippingAddress: '7 Lake Road, Pune 411001' },
  );
  await setStatus(orderId, 'shipped').expect(200);
  await setStatus(orderId, 'delivered').expect(200);
  const order = await orderOf(orderId, asha);
  const delivered = order.timeline.find((e: { event: string }) => e.event === 'delivered');
  // The clock: one day after delivery, well inside the window.
  now = new Date(new Date(delivered.at).getTime() + DAY);
  return {
    orderId,
    tee,
    order,
    itemId: order.items[0].itemId as string,
    deliveredAt: new Date(delivered.at),
  };
}

/** What the checkout charges online for `rupees` of tees (the delivery fee under ₹499). */
function onlineAmount(rupees: number) {
  return rupees >= 499 ? rupees : rupees + 49;
}

async function orderOf(orderId: string, who: { auth: string }) {
  const res = await t
    .request()
    .get(`/api/orders/${orderId}`)
    .set('Authorization', who.auth)
    .expect(200);
  return res.body.order;
}

const ask = (orderId: string, items: unknown[], who: { auth: string } = asha) =>
  t.request().post(`/api/orders/${orderId}/returns`).set('Authorization', who.auth).send({ items });

const move = (
  returnId: string,
  status: string,
  extra: Record<string, unknown> = {},
  who: { auth: string } = admin,
) =>
  t
    .request()
    .put(`/api/orders/returns/${returnId}`)
    .set('Authorization', who.auth)
    .send({ status, ...extra });

const exchangeForL = (itemId: string, quantity = 1) => ({
  itemId,
  quantity,
  kind: 'exchange',
  size: 'L',
  reason: 'too_small',
});
const returnOne = (itemId: string, quantity = 1) => ({
  itemId,
  quantity,
  kind: 'return',
  reason: 'not_as_pictured',
});

const subjectsTo = (email: string) =>
  mailer.sent.filter((m) => m.to === email).map((m) => m.subject);

beforeEach(async () => {
  await t
    .request()
    .put('/api/admin/settings/returns')
    .set('Authorization', admin.auth)
    .send({
      exchangesOffered: true,
      returnsOffered: true,
      nonReturnableProducts: [],
      nonReturnableCategories: [],
    })
    .expect(200);
});

describe('order lines have ids of their own', () => {
  it('a new order names each line; an older order gets its ids from the release step or when first read', async () => {
    const { order } = await deliveredOrder(1);
    expect(order.items[0].itemId).toMatch(/^[a-f\d]{24}$/);

    const older = async () => {
      const { order: o } = await recordPaidOrder(t.deps, {
        user: asha.id,
        items: [
          {
            product: new mongoose.Types.ObjectId(),
            name: 'Old Tee',
            photo: '',
            price: 499,
            cartQuantity: 1,
          },
          {
            product: new mongoose.Types.ObjectId(),
            name: 'Old Tee',
            photo: '',
            price: 499,
            cartQuantity: 1,
          },
        ],
        amountPaise: 99_800,
        currency: 'INR',
        shippingAddress: '7 Lake Road, Pune 411001',
        provider: 'sandbox',
        paymentId: `pay_old_${new mongoose.Types.ObjectId().toHexString()}`,
        providerOrderId: `order_old_${new mongoose.Types.ObjectId().toHexString()}`,
      });
      await Order.collection.updateOne(
        { _id: o._id },
        { $unset: { 'items.0.itemId': '', 'items.1.itemId': '' } },
      );
      return String(o._id);
    };
    const listed = await older();
    const list = await t
      .request()
      .get('/api/orders/user-orders')
      .set('Authorization', asha.auth)
      .expect(200);
    const inList = list.body.orders.find((o: { _id: string }) => o._id === listed);
    expect(inList.items.map((i: { itemId: string }) => i.itemId)).toEqual([
      expect.stringMatching(/^[a-f\d]{24}$/),
      expect.stringMatching(/^[a-f\d]{24}$/),
    ]);
    expect((await orderOf(listed, asha)).items).toEqual(inList.items);

    const read = await older();
    const first = await orderOf(read, asha);
    const ids = first.items.map((i: { itemId: string }) => i.itemId);
    expect(ids).toEqual([
      expect.stringMatching(/^[a-f\d]{24}$/),
      expect.stringMatching(/^[a-f\d]{24}$/),
    ]);
    expect(ids[0]).not.toBe(ids[1]);
    expect((await orderOf(read, asha)).items.map((i: { itemId: string }) => i.itemId)).toEqual(ids);

    const migrated = await older();
    expect(await backfillItemIds()).toBeGreaterThanOrEqual(1);
    const stored = (await Order.findById(migrated).lean())!;
    expect(stored.items.every((i) => /^[a-f\d]{24}$/.test(i.itemId ?? ''))).toBe(true);
    expect(await backfillItemIds()).toBe(0);
  });
});

describe('a size exchange', () => {
  it('holds the size wanted at once, and once passed ships it at no charge and restocks the piece sent back', async () => {
    const { orderId, tee, itemId } = await deliveredOrder(2);
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 3, 'Black L': 1 });

    const asked = await ask(orderId, [exchangeForL(itemId)]).expect(200);
    const request = asked.body.order.returns[0];
    expect(request).toMatchObject({
      kind: 'exchange',
      status: 'requested',
      reason: 'too_small',
      items: [
        {
          itemId,
          name: 'Sunset Tee',
          quantity: 1,
          size: 'M',
          colour: 'Black',
          wantedSize: 'L',
          wantedColour: 'Black',
        },
      ],
      refund: null,
      replacement: null,
      timeline: [{ status: 'requested', by: 'customer' }],
    });
    // Held: nobody else can buy the last L meanwhile.
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 3, 'Black L': 0 });

    await move(request._id, 'approved').expect(200);
    await move(request._id, 'picked_up').expect(200);
    await move(request._id, 'received').expect(200);
    const passed = await move(request._id, 'check_passed', { note: 'Tags on, unworn' }).expect(200);
    const done = passed.body.order.returns[0];
    expect(done.status).toBe('exchanged');
    expect(done.timeline.map((e: { status: string }) => e.status)).toEqual([
      'requested',
      'approved',
      'picked_up',
      'received',
      'exchanged',
    ]);
    expect(done.timeline[4]).toMatchObject({ by: 'admin', note: 'Tags on, unworn' });
    expect(done.replacement).toEqual({ orderId: expect.any(String), number: expect.any(String) });

    // The replacement: an order of its own at no charge, linked to the original and the request.
    const replacement = await orderOf(done.replacement.orderId, asha);
    expect(replacement).toMatchObject({
      status: 'pending',
      amount: 0,
      exchangeFor: { orderId, returnId: request._id },
      items: [
        {
          name: 'Sunset Tee',
          price: 0,
          cartQuantity: 1,
          size: 'L',
          colour: 'Black',
          stock: 'taken',
        },
      ],
    });
    // The held L is the replacement's; the M sent back is in stock again.
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 4, 'Black L': 0 });
    expect(await sandboxRefunds().countDocuments({ receipt: `return_${request._id}` })).toBe(0);

    // A mail at each step.
    const no = asked.body.order._id.slice(-8).toUpperCase();
    expect(subjectsTo('asha.returns@example.com').filter((s) => s.includes('exchange'))).toEqual([
      `Your exchange for order #${no} is waiting for approval`,
      `Your exchange for order #${no} has been approved`,
      `Your exchange for order #${no} has been picked up`,
      `Your exchange for order #${no} has been received`,
      `Your exchange for order #${no} has its replacement on the way`,
    ]);
    const last = mailer.sent
      .filter((m) => m.subject.endsWith('has its replacement on the way'))
      .at(-1)!;
    expect(last.text).toContain(`ships at no charge as order #${done.replacement.number}`);
    // Each names the pieces (tee, colour · size, quantity), the request, and links to the order.
    const askedOn = /asked on \d{1,2} \w+ 2026 \(reason: Too small\)\.$/m;
    for (const mail of mailer.sent.filter((m) =>
      m.subject.startsWith(`Your exchange for order #${no}`),
    )) {
      expect(mail.text).toContain('1 × Sunset Tee (Black · M)');
      expect(mail.text).toContain(
        'Your request: exchange of 1 × Sunset Tee (Black · M) for Black · L, asked on',
      );
      expect(mail.text).toMatch(askedOn);
      expect(mail.text).toContain(
        `See your order: https://shop.example/dashboard/user/orders/${asked.body.order._id}`,
      );
      expect(mail.html).toContain(
        `href="https://shop.example/dashboard/user/orders/${asked.body.order._id}"`,
      );
    }

    // Cancelling the replacement refunds nothing (nothing was paid) and puts its L back.
    const cancelled = await setStatus(done.replacement.orderId, 'cancelled').expect(200);
    expect(cancelled.body.order.refund).toBeNull();
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black L': 1 });
  });

  it('an exchange that fails its check (with the reason) goes back to the shopper: the held size back in stock, the piece not', async () => {
    const { orderId, tee, itemId } = await deliveredOrder(1);
    const request = (await ask(orderId, [exchangeForL(itemId)]).expect(200)).body.order.returns[0];
    for (const status of ['approved', 'picked_up', 'received'])
      await move(request._id, status).expect(200);
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 4, 'Black L': 0 });

    const bare = await move(request._id, 'check_failed').expect(400);
    expect(bare.body.issues).toEqual([
      { path: 'note', message: 'Say why the piece failed the check' },
    ]);
    const res = await move(request._id, 'check_failed', {
      note: 'A paint stain on the front',
    }).expect(200);
    expect(res.body.order.returns[0]).toMatchObject({
      status: 'check_failed',
      replacement: null,
      refund: null,
    });
    expect(res.body.order.returns[0].timeline.at(-1)).toMatchObject({
      status: 'check_failed',
      by: 'admin',
      note: 'A paint stain on the front',
    });
    // The L held for the exchange is for sale again; the M goes back to the shopper, not to stock.
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 4, 'Black L': 1 });
    const mail = mailer.sent.filter((m) => m.subject.endsWith('failed its check')).at(-1)!;
    expect(mail.text).toContain(
      '1 × Sunset Tee (Black · M) did not pass our check (A paint stain on the front), so we are sending it back to you.',
    );
    expect((await move(request._id, 'check_passed').expect(409)).body.message).toBe(
      'This request failed its check, so it cannot be passed now.',
    );
    // What the shopper reads beside the line, and if they ask again: what happened to the piece.
    const failedCheck = 'Sunset Tee failed its check, so we are sending it back to you.';
    const options = await t
      .request()
      .get(`/api/orders/${orderId}/returns/options`)
      .set('Authorization', asha.auth)
      .expect(200);
    expect(options.body.items[0]).toMatchObject({ left: 0, refused: failedCheck });
    expect((await ask(orderId, [returnOne(itemId)]).expect(409)).body.message).toBe(failedCheck);
  });

  it('a rejected exchange (with its reason) gives the held size back; a rejection without a reason is refused', async () => {
    const { orderId, tee, itemId } = await deliveredOrder(1);
    const request = (await ask(orderId, [exchangeForL(itemId)]).expect(200)).body.order.returns[0];
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black L': 0 });

    const bare = await move(request._id, 'rejected').expect(400);
    expect(bare.body.issues).toEqual([
      { path: 'note', message: 'Say why the request is rejected' },
    ]);
    const res = await move(request._id, 'rejected', { note: 'Worn and washed' }).expect(200);
    expect(res.body.order.returns[0]).toMatchObject({
      status: 'rejected',
      timeline: [
        { status: 'requested' },
        { status: 'rejected', by: 'admin', note: 'Worn and washed' },
      ],
    });
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 4, 'Black L': 1 });
    const mail = mailer.sent.filter((m) => m.subject.endsWith('was rejected')).at(-1)!;
    expect(mail.text).toContain(
      'We could not accept your exchange of 1 × Sunset Tee (Black · M): Worn and washed',
    );
    // The pieces are free to be asked for again.
    await ask(orderId, [returnOne(itemId)]).expect(200);
  });

  it('refuses a size that is out of stock or not made, the size already bought, and a second exchange of a line', async () => {
    const { orderId, tee, itemId } = await deliveredOrder(2, { M: 5, L: 0 });
    const out = await ask(orderId, [exchangeForL(itemId)]).expect(409);
    expect(out.body.message).toBe(
      'Sunset Tee in Black, L is out of stock: choose another size or colour.',
    );
    const none = await ask(orderId, [{ ...exchangeForL(itemId), size: 'XXL' }]).expect(400);
    expect(none.body.issues).toEqual([
      { path: 'items.0.size', message: 'Sunset Tee does not come in size XXL' },
    ]);
    const same = await ask(orderId, [{ ...exchangeForL(itemId), size: 'M' }]).expect(400);
    expect(same.body.issues).toEqual([
      { path: 'items.0.size', message: 'Choose another size or colour than the one you have' },
    ]);
    expect((await orderOf(orderId, asha)).returns).toEqual([]);

    // Another colour in the same size is an exchange too; then the line has had its exchange.
    await ask(orderId, [{ ...exchangeForL(itemId), size: undefined, colour: 'White' }]).expect(200);
    expect(await colourStockOf(tee._id)).toMatchObject({ 'White M': 2 });
    const again = await ask(orderId, [
      { ...exchangeForL(itemId), size: undefined, colour: 'White' },
    ]).expect(409);
    expect(again.body.message).toBe(
      'Sunset Tee has been exchanged once already: one exchange per item.',
    );
    expect(await colourStockOf(tee._id)).toMatchObject({ 'White M': 2 });
  });
});

describe('a return that passed before the GST details were set', () => {
  it('gets its credit note from the tax-documents job once the details are saved, after the invoice', async () => {
    const { orderId, itemId } = await deliveredOrder(2);
    const request = (await ask(orderId, [returnOne(itemId)]).expect(200)).body.order.returns[0];
    for (const status of ['approved', 'picked_up', 'received', 'check_passed'])
      await move(request._id, status).expect(200);
    let order = await orderOf(orderId, asha);
    expect(order.returns[0].status).toBe('refunded');
    expect(order.creditNotes).toEqual([]);

    await t
      .request()
      .put('/api/admin/settings/gst')
      .set('Authorization', admin.auth)
      .send(SELLER)
      .expect(200);
    const taxJob = () =>
      new Jobs({ logger: createLogger('silent') }).add(taxDocumentsJob(t.deps)).tick();
    await taxJob();
    await taxJob();
    order = await orderOf(orderId, asha);
    expect(order.invoice).toMatchObject({ number: expect.any(String) });
    expect(order.creditNotes).toHaveLength(1);
    const note = await mongoose.connection
      .collection('taxdocuments')
      .findOne({ kind: 'credit-note', purpose: `return:${request._id}` });
    expect(note?.lines).toMatchObject([{ quantity: 1 }]);
  });
});

describe('a return paid online', () => {
  it("refunds the line's price for the pieces returned through the provider, once, with a credit note", async () => {
    await t
      .request()
      .put('/api/admin/settings/gst')
      .set('Authorization', admin.auth)
      .send(SELLER)
      .expect(200);
    const { orderId, tee, itemId } = await deliveredOrder(2);
    const { paymentId } = (await Order.findById(orderId).lean())!;
    const request = (await ask(orderId, [returnOne(itemId)]).expect(200)).body.order.returns[0];
    for (const status of ['approved', 'picked_up', 'received'])
      await move(request._id, status).expect(200);

    // Two staff pass the check at the same moment: one moves it, one refund is asked.
    const [a, b] = await Promise.all([
      move(request._id, 'check_passed'),
      move(request._id, 'check_passed', {}, admin2),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).body.message).toBe(
      'This request has been refunded, so it cannot be passed now.',
    );
    const order = await orderOf(orderId, asha);
    expect(order.returns[0]).toMatchObject({
      status: 'refunded',
      refund: {
        method: 'provider',
        id: expect.stringMatching(/^rfnd_sandbox_/),
        amount: 64_900,
        status: 'processed',
      },
    });
    expect(order.status).toBe('delivered');
    const refunds = await sandboxRefunds().find({ paymentId }).toArray();
    expect(refunds).toMatchObject([
      { amount: 64_900, status: 'processed', receipt: `return_${request._id}` },
    ]);
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 4 });

    // The credit note gives back one piece of the invoice's line.
    expect(order.creditNotes).toHaveLength(1);
    const pdf = await t
      .request()
      .get(`/api/orders/${orderId}/credit-notes/1`)
      .set('Authorization', asha.auth)
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const no = orderId.slice(-8).toUpperCase();
    const subjects = subjectsTo('asha.returns@example.com');
    expect(subjects).toContain(`Your return for order #${no} has been refunded`);
    expect(
      subjects.filter((s) => s === `Your refund for the return from order #${no} is processed`),
    ).toHaveLength(1);
    const refunded = mailer.sent
      .filter((m) => m.subject === `Your return for order #${no} has been refunded`)
      .at(-1)!;
    expect(refunded.text).toContain('A refund of ₹649 is on its way');
    const processed = mailer.sent
      .filter((m) => m.subject === `Your refund for the return from order #${no} is processed`)
      .at(-1)!;
    for (const mail of [refunded, processed]) {
      expect(mail.text).toContain('1 × Sunset Tee (Black · M)');
      expect(mail.text).toMatch(
        /^Your request: return of 1 × Sunset Tee \(Black · M\), asked on \d{1,2} \w+ 2026 \(reason: Not as pictured\)\.$/m,
      );
      expect(mail.text).toContain(
        `See your order: https://shop.example/dashboard/user/orders/${orderId}`,
      );
    }
    expect(processed.text).toContain(
      'Your refund of ₹649 for 1 × Sunset Tee (Black · M) from order',
    );

    // The second piece: a second partial refund; then nothing is left to send back.
    const second = (await ask(orderId, [returnOne(itemId)]).expect(200)).body.order.returns[1];
    for (const status of ['approved', 'picked_up', 'received', 'check_passed'])
      await move(second._id, status).expect(200);
    expect(await sandboxRefunds().countDocuments({ paymentId })).toBe(2);
    expect((await orderOf(orderId, asha)).creditNotes).toHaveLength(2);
    const none = await ask(orderId, [returnOne(itemId)]).expect(409);
    expect(none.body.message).toBe('Sunset Tee has already been sent back.');
  });

  it('an order cancelled after a return was refunded gives back only what is left of the payment and the pieces still out', async () => {
    const { orderId, tee, itemId } = await deliveredOrder(2);
    const { paymentId } = (await Order.findById(orderId).lean())!;
    const request = (await ask(orderId, [returnOne(itemId)]).expect(200)).body.order.returns[0];
    for (const status of ['approved', 'picked_up', 'received', 'check_passed'])
      await move(request._id, status).expect(200);
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 4 });

    const cancelled = await t
      .request()
      .put(`/api/orders/update-status/${orderId}`)
      .set('Authorization', admin.auth)
      .send({ status: 'cancelled', reason: 'The customer sent the other piece back too' })
      .expect(200);
    expect(cancelled.body.order.refund).toMatchObject({ amount: 64_900, status: 'processed' });
    const refunds = await sandboxRefunds().find({ paymentId }).sort({ createdAt: 1 }).toArray();
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([
      [64_900, 'processed'],
      [64_900, 'processed'],
    ]);
    // The piece returned went back once, with the return; the cancel gives back the other.
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 5 });
    const no = orderId.slice(-8).toUpperCase();
    const mail = mailer.sent
      .filter((m) => m.subject.includes(`#${no}`) && /cancel/i.test(m.subject))
      .at(-1)!;
    expect(mail.text).toContain(
      'We are refunding ₹649, what is left of your payment after your return',
    );
    expect(mail.text).not.toContain('the full');
  });

  it('a refund the provider refuses is flagged with its reason, and the admin asks again', async () => {
    const { orderId, itemId } = await deliveredOrder(1);
    const request = (await ask(orderId, [returnOne(itemId)]).expect(200)).body.order.returns[0];
    for (const status of ['approved', 'picked_up', 'received'])
      await move(request._id, status).expect(200);
    // The provider took the payment back in full meanwhile (a refund made by hand in its dashboard).
    const { paymentId } = (await Order.findById(orderId).lean())!;
    const payment = await mongoose.connection
      .collection('sandbox_payments')
      .findOne({ _id: paymentId as never });
    await sandboxRefunds().insertOne({
      _id: `rfnd_manual_${paymentId}` as never,
      paymentId,
      amount: payment!.amount,
      status: 'processed',
      receipt: 'dashboard',
      idempotencyKey: `manual-${paymentId}`,
      createdAt: new Date(),
    });
    const res = await move(request._id, 'check_passed').expect(200);
    expect(res.body.order.returns[0]).toMatchObject({
      status: 'refunded',
      refund: {
        status: 'failed',
        failureReason: 'The total refund amount is greater than the refund payment amount',
      },
    });
    const notFailed = await move(request._id, 'refunded').expect(200);
    expect(notFailed.body.order.returns[0].refund.status).toBe('failed');
    expect(
      notFailed.body.order.returns[0].timeline.map((e: { status: string }) => e.status),
    ).toEqual(['requested', 'approved', 'picked_up', 'received', 'refunded', 'refunded']);
  });

  it('a refund whose ask got no answer is asked again by reconciliation, once', async () => {
    const { orderId, itemId } = await deliveredOrder(1);
    const { paymentId } = (await Order.findById(orderId).lean())!;
    const request = (await ask(orderId, [returnOne(itemId)]).expect(200)).body.order.returns[0];
    for (const status of ['approved', 'picked_up', 'received'])
      await move(request._id, status).expect(200);
    // The process stopped after writing the claim, before asking the provider.
    const claimedAt = new Date(now.getTime() - 60 * 60_000);
    await Order.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(orderId) },
      {
        $set: {
          'returns.0.status': 'refunded',
          'returns.0.refund': {
            method: 'provider',
            id: '',
            amount: 64_900,
            status: 'pending',
            createdAt: claimedAt,
            failureReason: '',
          },
        },
      },
    );
    const deps = t.deps;
    const first = await reconcileRefunds(deps, { now });
    expect(first).toMatchObject({ requested: 1, errors: 0 });
    const second = await reconcileRefunds(deps, { now });
    expect(second).toMatchObject({ checked: 0 });
    expect(await sandboxRefunds().countDocuments({ paymentId })).toBe(1);
    expect((await orderOf(orderId, asha)).returns[0].refund).toMatchObject({
      status: 'processed',
      amount: 64_900,
    });
  });
});

describe('a cash-on-delivery return', () => {
  it('waits after the check for the transfer, which the admin records with its reference', async () => {
    const tee = await makeProduct({
      name: 'Monsoon Tee',
      price: 799,
      sizes: [{ size: 'M', quantity: 4 }],
    });
    const { order } = await recordPaidOrder(t.deps, {
      user: asha.id,
      items: [
        {
          product: tee._id,
          name: 'Monsoon Tee',
          photo: '',
          price: 799,
          cartQuantity: 1,
          size: 'M',
        },
      ],
      amountPaise: 79_900,
      currency: 'INR',
      shippingAddress: '7 Lake Road, Pune 411001',
      provider: 'cod',
      paymentId: `cod_${new mongoose.Types.ObjectId().toHexString()}`,
      providerOrderId: `cod_${new mongoose.Types.ObjectId().toHexString()}`,
    });
    const orderId = String(order._id);
    await setStatus(orderId, 'shipped').expect(200);
    await setStatus(orderId, 'delivered').expect(200);
    const delivered = (await orderOf(orderId, asha)).timeline.at(-1);
    now = new Date(new Date(delivered.at).getTime() + DAY);
    const itemId = order.items[0]!.itemId!;
    const request = (
      await ask(orderId, [
        { ...returnOne(itemId), reason: 'other', comment: 'Colour fades' },
      ]).expect(200)
    ).body.order.returns[0];
    expect(request).toMatchObject({ reason: 'other', comment: 'Colour fades' });
    for (const status of ['approved', 'picked_up', 'received'])
      await move(request._id, status).expect(200);
    const passed = await move(request._id, 'check_passed').expect(200);
    expect(passed.body.order.returns[0]).toMatchObject({ status: 'check_passed', refund: null });

    const bare = await move(request._id, 'refunded').expect(400);
    expect(bare.body.issues).toEqual([
      { path: 'reference', message: 'Enter the reference of the bank or UPI transfer' },
    ]);
    const res = await move(request._id, 'refunded', { reference: 'UPI-4471-2210' }).expect(200);
    expect(res.body.order.returns[0]).toMatchObject({
      status: 'refunded',
      refund: { method: 'transfer', id: 'UPI-4471-2210', amount: 79_900, status: 'processed' },
    });
    expect(res.body.order.returns[0].timeline.at(-1)).toMatchObject({
      status: 'refunded',
      note: 'Transfer reference UPI-4471-2210',
    });
    await move(request._id, 'refunded', { reference: 'UPI-4471-2210' }).expect(409);
    const mail = mailer.sent.filter((m) => m.subject.endsWith('has been refunded')).at(-1)!;
    expect(mail.text).toMatch(
      /^We transferred your refund of ₹799 for 1 × .+ \(reference UPI-4471-2210\)\.$/m,
    );
  });
});

describe('refusals', () => {
  it('the delivery is dated by the app clock, and the window counted from it', async () => {
    const deliveredOn = new Date('2026-12-01T09:00:00+05:30');
    now = deliveredOn;
    const { orderId, deliveredAt } = await deliveredOrder(1);
    expect(deliveredAt.toISOString()).toBe(deliveredOn.toISOString());
    const options = await t
      .request()
      .get(`/api/orders/${orderId}/returns/options`)
      .set('Authorization', asha.auth)
      .expect(200);
    expect(options.body.windowEndsAt).toBe(new Date(deliveredOn.getTime() + 7 * DAY).toISOString());
  });

  it('an order delivered before deliveries were dated: the window counts from its payment, dated by the app clock', async () => {
    // Later than any request of the tests before (the Returns page's paging test counts on it).
    const paidOn = new Date('2027-01-04T11:00:00+05:30');
    now = paidOn;
    const tee = await makeProduct({ name: 'Harbour Tee', price: 599 });
    const orderId = await sandboxCheckout(t, asha, [{ _id: String(tee._id), cartQuantity: 1 }], {
      amount: 599,
      shippingAddress: '7 Lake Road, Pune 411001',
    });
    // Delivered by an older build, which kept no dated move to delivered.
    await Order.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(orderId) },
      { $set: { status: 'delivered', history: [] } },
    );
    const { itemId } = (await orderOf(orderId, asha)).items[0];
    now = new Date(paidOn.getTime() + 7 * DAY + 1);
    const late = await ask(orderId, [returnOne(itemId)]).expect(409);
    expect(late.body.message).toBe(
      'The window to exchange or return this order closed on 11 January 2027 (7 days after delivery).',
    );
    now = new Date(paidOn.getTime() + 7 * DAY);
    await ask(orderId, [returnOne(itemId)]).expect(200);
  });

  it('the window: open until the last moment of its last day, closed after (the app clock)', async () => {
    const { orderId, itemId, deliveredAt } = await deliveredOrder(2);
    now = new Date(deliveredAt.getTime() + 7 * DAY + 1);
    const late = await ask(orderId, [returnOne(itemId)]).expect(409);
    expect(late.body.message).toMatch(
      /^The window to exchange or return this order closed on \d{1,2} \w+ 20\d\d \(7 days after delivery\)\.$/,
    );
    await t
      .request()
      .put('/api/admin/settings/shop')
      .set('Authorization', admin.auth)
      .send({ returnDays: 8 })
      .expect(200);
    await ask(orderId, [returnOne(itemId)]).expect(200);
    now = new Date(deliveredAt.getTime() + 7 * DAY);
    await t
      .request()
      .put('/api/admin/settings/shop')
      .set('Authorization', admin.auth)
      .send({ returnDays: 7 })
      .expect(200);
    await ask(orderId, [returnOne(itemId)]).expect(200);
  });

  it('an order not delivered, another shopper’s order, a product or category not returnable, kinds not offered', async () => {
    const tee = await makeProduct({ name: 'Pending Tee', price: 599 });
    const pending = await sandboxCheckout(t, asha, [{ _id: String(tee._id), cartQuantity: 1 }], {
      amount: 599,
      shippingAddress: '7 Lake Road, Pune 411001',
    });
    const pendingItem = (await orderOf(pending, asha)).items[0].itemId;
    expect((await ask(pending, [returnOne(pendingItem)]).expect(409)).body.message).toBe(
      'Only a delivered order can be exchanged or returned.',
    );

    const { orderId, itemId, tee: sunset } = await deliveredOrder(1);
    expect((await ask(orderId, [returnOne(itemId)], ravi).expect(403)).body.message).toBe(
      'This order belongs to another account',
    );
    const unknown = await ask(orderId, [returnOne(String(new mongoose.Types.ObjectId()))]).expect(
      400,
    );
    expect(unknown.body.issues).toEqual([
      { path: 'items.0.itemId', message: 'This order has no such item' },
    ]);
    const tooMany = await ask(orderId, [returnOne(itemId, 2)]).expect(400);
    expect(tooMany.body.issues).toEqual([
      {
        path: 'items.0.quantity',
        message: 'You bought 1 of Sunset Tee: you can send back at most that many',
      },
    ]);
    const noWords = await ask(orderId, [{ ...returnOne(itemId), reason: 'other' }]).expect(400);
    expect(noWords.body.issues).toEqual([
      { path: 'items.0.comment', message: 'Tell us what is wrong' },
    ]);

    const settings = (fields: Record<string, unknown>) =>
      t
        .request()
        .put('/api/admin/settings/returns')
        .set('Authorization', admin.auth)
        .send(fields)
        .expect(200);
    await settings({ nonReturnableProducts: [String(sunset._id)] });
    expect((await ask(orderId, [returnOne(itemId)]).expect(409)).body.message).toBe(
      'Sunset Tee cannot be exchanged or returned.',
    );
    await settings({
      nonReturnableProducts: [],
      nonReturnableCategories: [String(sunset.category)],
    });
    await ask(orderId, [returnOne(itemId)]).expect(409);
    await settings({ nonReturnableCategories: [], returnsOffered: false });
    expect((await ask(orderId, [returnOne(itemId)]).expect(409)).body.message).toBe(
      'This shop does not take returns at the moment.',
    );
    await settings({ returnsOffered: true, exchangesOffered: false });
    expect((await ask(orderId, [exchangeForL(itemId)]).expect(409)).body.message).toBe(
      'This shop does not offer exchanges at the moment.',
    );
    expect((await orderOf(orderId, asha)).returns).toEqual([]);
  });

  it('moves out of order, a shopper moving staff steps, and staff cancelling for the shopper', async () => {
    const { orderId, itemId } = await deliveredOrder(1);
    const request = (await ask(orderId, [returnOne(itemId)]).expect(200)).body.order.returns[0];
    expect((await move(request._id, 'received').expect(409)).body.message).toBe(
      'This request is waiting for approval, so it cannot be marked received now.',
    );
    expect((await move(request._id, 'approved', {}, asha).expect(403)).body.message).toBe(
      'Only the shop can move this request',
    );
    await move(request._id, 'cancelled', {}, ravi).expect(403);
    await move(request._id, 'cancelled', {}, admin).expect(403);
    await move(String(new mongoose.Types.ObjectId()), 'approved').expect(404);
    const bad = await move(request._id, 'lost').expect(400);
    expect(bad.body.issues[0].path).toBe('status');
  });
});

describe('a photo with the request (multipart)', () => {
  const uploads = join(t.config.dataDir, 'uploads');
  const stored = () =>
    existsSync(uploads) ? readdirSync(uploads).filter((f) => f.startsWith('return-')) : [];
  /** The request as multipart: `items` as JSON text, the photo (if any) in `photo`. */
  const askWithPhoto = (
    orderId: string,
    items: unknown,
    photo?: { data: Buffer; name: string },
    who: { auth: string } = asha,
  ) => {
    const req = t
      .request()
      .post(`/api/orders/${orderId}/returns`)
      .set('Authorization', who.auth)
      .field('items', typeof items === 'string' ? items : JSON.stringify(items));
    return photo ? req.attach('photo', photo.data, photo.name) : req;
  };

  it('stores the photo as WebP on the request; the shopper and the admin see it', async () => {
    const { orderId, itemId } = await deliveredOrder(2);
    const jpeg = await makeImage('jpeg', { width: 1200, height: 900, color: '#2e86c1' });
    const res = await askWithPhoto(orderId, [returnOne(itemId)], {
      data: jpeg,
      name: 'torn.jpg',
    }).expect(200);
    const request = res.body.order.returns[0];
    const photo = request.photo;
    expect(photo.url).toMatch(/^\/uploads\/return-.*\.webp$/);
    expect(photo.widths.map((w: { width: number }) => w.width)).toEqual([320, 640, 960]);
    for (const w of photo.widths) {
      const file = await t.request().get(w.url).expect(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }
    expect((await orderOf(orderId, asha)).returns[0].photo).toEqual(photo);
    const list = await t
      .request()
      .get('/api/orders/returns')
      .set('Authorization', admin.auth)
      .expect(200);
    const listed = list.body.returns.find(
      (r: { request: { _id: string } }) => r.request._id === request._id,
    );
    expect(listed.request.photo).toEqual(photo);

    // Without a photo the multipart request is the JSON one; the request shows none.
    const plain = await askWithPhoto(orderId, [returnOne(itemId)]).expect(200);
    expect(plain.body.order.returns[1]).not.toHaveProperty('photo');
  });

  it('refuses a file that is no picture (415), too large (413), that does not decode (400), and items that are not JSON (400), keeping nothing', async () => {
    const { orderId, itemId, tee } = await deliveredOrder(2);
    const jpeg = await makeImage('jpeg');
    const before = stored();
    const notImage = await askWithPhoto(orderId, [exchangeForL(itemId)], {
      data: Buffer.from('just some text, named like a picture'),
      name: 'fake.png',
    }).expect(415);
    expect(notImage.body.message).toBe('The photo must be a JPEG, PNG, WebP, GIF or AVIF image');
    const big = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES + 1 - jpeg.length)]);
    const tooBig = await askWithPhoto(orderId, [returnOne(itemId)], {
      data: big,
      name: 'big.jpg',
    }).expect(413);
    expect(tooBig.body.message).toBe('The photo must be at most 5 MB');
    const broken = await askWithPhoto(orderId, [returnOne(itemId)], {
      data: jpeg.subarray(0, 200),
      name: 'broken.jpg',
    }).expect(400);
    expect(broken.body.message).toBe('The photo could not be read as an image');
    const notJson = await askWithPhoto(orderId, 'one tee please', {
      data: jpeg,
      name: 'a.jpg',
    }).expect(400);
    expect(notJson.body.issues[0].path).toBe('items');
    const twoPhotos = await askWithPhoto(orderId, [returnOne(itemId)], {
      data: jpeg,
      name: 'a.jpg',
    })
      .attach('photo', jpeg, 'b.jpg')
      .expect(400);
    expect(twoPhotos.body.message).toBe('Send one photo, in the "photo" field');

    expect((await orderOf(orderId, asha)).returns).toEqual([]);
    expect((await colourStockOf(tee._id))['Black L']).toBe(1);
    expect(stored()).toEqual(before);
  });

  it("only the order's owner may send one (403), and a request refused after the photo was stored deletes it", async () => {
    const { orderId, itemId } = await deliveredOrder(1, { M: 5, L: 0 });
    const jpeg = await makeImage('png', { width: 700, height: 700, color: '#7d3c98' });
    const before = stored();
    const other = await askWithPhoto(
      orderId,
      [returnOne(itemId)],
      { data: jpeg, name: 'a.png' },
      ravi,
    ).expect(403);
    expect(other.body.message).toBe('This order belongs to another account');
    // L is sold out: found only when the stock is held, after the photo was stored.
    const soldOut = await askWithPhoto(orderId, [exchangeForL(itemId)], {
      data: jpeg,
      name: 'a.png',
    }).expect(409);
    expect(soldOut.body.message).toBe(
      'Sunset Tee in Black, L is out of stock: choose another size or colour.',
    );
    expect(stored()).toEqual(before);
    expect((await orderOf(orderId, asha)).returns).toEqual([]);
  });
});

describe('old data: sizes still held by exchanges that ended unused (release step)', () => {
  it('gives back, once however many copies run it at once, the size of an exchange that failed its check before that gave it back', async () => {
    // An exchange that failed its check under the old build: still holding the L.
    const failed = await deliveredOrder(1);
    const old = (await ask(failed.orderId, [exchangeForL(failed.itemId)]).expect(200)).body.order
      .returns[0];
    for (const status of ['approved', 'picked_up', 'received'])
      await move(old._id, status).expect(200);
    await Order.updateOne(
      { _id: failed.orderId },
      {
        $set: { 'returns.$[r].status': 'check_failed' },
        $push: {
          'returns.$[r].timeline': { status: 'check_failed', at: now, by: 'admin', note: 'Torn' },
        },
      },
      { arrayFilters: [{ 'r._id': old._id }] },
    );
    // An exchange still under way keeps its size.
    const open = await deliveredOrder(1);
    await ask(open.orderId, [exchangeForL(open.itemId)]).expect(200);
    expect(await colourStockOf(failed.tee._id)).toMatchObject({ 'Black L': 0 });
    expect(await colourStockOf(open.tee._id)).toMatchObject({ 'Black L': 0 });

    // Two copies starting together both run it: the L goes back once.
    const runs = await Promise.all([
      releaseEndedExchangeHolds(t.deps),
      releaseEndedExchangeHolds(t.deps),
    ]);
    expect(runs.reduce((sum: number, n) => sum + (n ?? 0), 0)).toBe(1);
    expect(await colourStockOf(failed.tee._id)).toMatchObject({ 'Black M': 4, 'Black L': 1 });
    expect(await colourStockOf(open.tee._id)).toMatchObject({ 'Black L': 0 });
    const shown = (await orderOf(failed.orderId, asha)).returns[0];
    expect(shown).toMatchObject({ status: 'check_failed', replacement: null });

    // Done once: a later start neither reads the orders again nor gives anything twice.
    expect(await releaseEndedExchangeHolds(t.deps)).toBeUndefined();
    expect(await colourStockOf(failed.tee._id)).toMatchObject({ 'Black L': 1 });
    // The exchange under way still ends as ever: passed, its held L ships.
    const request = (await orderOf(open.orderId, asha)).returns[0];
    for (const status of ['approved', 'picked_up', 'received', 'check_passed'])
      await move(request._id, status).expect(200);
    expect(await colourStockOf(open.tee._id)).toMatchObject({ 'Black M': 5, 'Black L': 0 });
  });
});

describe('stock given back after a process stopped midway', () => {
  /** An exchange of the last Black L, received: the admin is about to fail its check. */
  async function receivedExchange() {
    const delivered = await deliveredOrder(1);
    const request = (await ask(delivered.orderId, [exchangeForL(delivered.itemId)]).expect(200))
      .body.order.returns[0];
    for (const status of ['approved', 'picked_up', 'received'])
      await move(request._id, status).expect(200);
    expect(await colourStockOf(delivered.tee._id)).toMatchObject({ 'Black L': 0 });
    return { ...delivered, returnId: request._id as string };
  }
  const holdOf = async (orderId: string) =>
    ((await Order.findById(orderId).lean())!.returns as Array<{ hold: string }>)[0]!.hold;
  /** The sweep as another copy runs it (its job, on the app's clock). */
  const sweep = () =>
    new Jobs({ logger: createLogger('silent'), now: () => now.getTime() })
      .add(returnStockJob(t.deps))
      .tick();
  const TORN = { note: 'A tear at the hem' };

  it('stopped after the move, before the stock: the move asked again says where it stands, and the sweep gives the size back once', async () => {
    const { orderId, tee, returnId } = await receivedExchange();
    // The process dies once the move is written: the product's write never happens.
    const died = vi
      .spyOn(Product, 'updateOne')
      .mockRejectedValueOnce(new Error('the process stopped'));
    await move(returnId, 'check_failed', TORN).expect(500);
    died.mockRestore();
    expect((await orderOf(orderId, asha)).returns[0].status).toBe('check_failed');
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black L': 0 });
    // Still holding, as the sweep can tell; the move is made and is not made twice.
    expect(await holdOf(orderId)).toBe('held');
    expect((await move(returnId, 'check_failed', TORN).expect(409)).body.message).toBe(
      'This request failed its check already.',
    );

    // The job and another copy's sweep at once: the L is back once.
    await Promise.all([sweep(), sweepEndedExchangeHolds(t.deps)]);
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 4, 'Black L': 1 });
    expect(await holdOf(orderId)).toBe('released');
    // Nothing left to give at the next run.
    now = new Date(now.getTime() + DAY);
    await sweep();
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black L': 1 });
  });

  it('stopped after the stock, before the request was marked released: the sweep marks it without giving twice', async () => {
    const { orderId, tee, returnId } = await receivedExchange();
    const write = Order.updateOne.bind(Order);
    let stopped = false;
    const died = vi.spyOn(Order, 'updateOne').mockImplementation(((...args: unknown[]) => {
      const marksReleased = JSON.stringify(args[1]).includes('"returns.$[r].hold":"released"');
      if (marksReleased && !stopped) {
        stopped = true;
        throw new Error('the process stopped');
      }
      return (write as (...a: unknown[]) => unknown)(...args);
    }) as never);
    await move(returnId, 'check_failed', TORN).expect(500);
    died.mockRestore();
    expect(stopped).toBe(true);
    // The L is back already, the request still says it holds it.
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black L': 1 });
    expect(await holdOf(orderId)).toBe('held');

    now = new Date(now.getTime() + DAY);
    await Promise.all([sweep(), sweepEndedExchangeHolds(t.deps)]);
    expect(await holdOf(orderId)).toBe('released');
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 4, 'Black L': 1 });
  });

  it('a pass that stopped before the piece was back in stock: the sweep restocks it once, the move asked again makes the replacement', async () => {
    const { orderId, tee, returnId } = await receivedExchange();
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 4, 'Black L': 0 });
    const died = vi
      .spyOn(Product, 'updateOne')
      .mockRejectedValueOnce(new Error('the process stopped'));
    await move(returnId, 'check_passed').expect(500);
    died.mockRestore();
    const stopped = (await orderOf(orderId, asha)).returns[0];
    expect(stopped).toMatchObject({ status: 'exchanged', replacement: null });
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 4, 'Black L': 0 });

    now = new Date(now.getTime() + DAY);
    const [again] = await Promise.all([
      move(returnId, 'check_passed'),
      sweep(),
      sweepDueRestocks(t.deps),
    ]);
    expect(again.status).toBe(200);
    expect(again.body.order.returns[0].replacement).toEqual({
      orderId: expect.any(String),
      number: expect.any(String),
    });
    // The M sent back is in stock once; the L held is the replacement's.
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 5, 'Black L': 0 });
    now = new Date(now.getTime() + DAY);
    await sweep();
    expect((await move(returnId, 'check_passed').expect(409)).body.message).toBe(
      'This request has its replacement on the way, so it cannot be passed now.',
    );
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black M': 5, 'Black L': 0 });
  });

  it('a cancel that stopped before the stock: the size comes back once', async () => {
    const { orderId, tee, itemId } = await deliveredOrder(1);
    const request = (await ask(orderId, [exchangeForL(itemId)]).expect(200)).body.order.returns[0];
    const died = vi
      .spyOn(Product, 'updateOne')
      .mockRejectedValueOnce(new Error('the process stopped'));
    await move(request._id, 'cancelled', {}, asha).expect(500);
    died.mockRestore();
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black L': 0 });
    expect((await move(request._id, 'cancelled', {}, asha).expect(409)).body.message).toBe(
      'This request was cancelled already.',
    );
    await Promise.all([sweep(), sweepEndedExchangeHolds(t.deps)]);
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black L': 1 });
    expect(await holdOf(orderId)).toBe('released');
  });
});

describe('races', () => {
  it('two staff approving at once move it once', async () => {
    const { orderId, itemId } = await deliveredOrder(1);
    const request = (await ask(orderId, [returnOne(itemId)]).expect(200)).body.order.returns[0];
    const answers = await Promise.all([
      move(request._id, 'approved'),
      move(request._id, 'approved', {}, admin2),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toBe(
      'This request has been approved already.',
    );
    const order = await orderOf(orderId, asha);
    expect(
      order.returns[0].timeline.filter((e: { status: string }) => e.status === 'approved'),
    ).toHaveLength(1);
  });

  it('the shopper cancelling while staff approve: one wins, and the held size is given back only if cancelled', async () => {
    const { orderId, tee, itemId } = await deliveredOrder(1);
    const request = (await ask(orderId, [exchangeForL(itemId)]).expect(200)).body.order.returns[0];
    const [cancel, approve] = await Promise.all([
      move(request._id, 'cancelled', {}, asha),
      move(request._id, 'approved'),
    ]);
    expect([cancel.status, approve.status].sort()).toEqual([200, 409]);
    const stored = (await orderOf(orderId, asha)).returns[0];
    const stock = await colourStockOf(tee._id);
    if (cancel.status === 200) {
      expect(stored.status).toBe('cancelled');
      expect(stock['Black L']).toBe(1);
    } else {
      expect(stored.status).toBe('approved');
      expect(stock['Black L']).toBe(0);
    }
    expect(stored.timeline).toHaveLength(2);
  });

  it('two requests for the same pieces at once: one is taken, the size is held once', async () => {
    const { orderId, tee, itemId } = await deliveredOrder(1, { M: 5, L: 3 });
    const answers = await Promise.all([
      ask(orderId, [exchangeForL(itemId)]),
      ask(orderId, [exchangeForL(itemId)]),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await orderOf(orderId, asha)).returns).toHaveLength(1);
    expect(await colourStockOf(tee._id)).toMatchObject({ 'Black L': 2 });
  });
});

describe("the admin's Returns page", () => {
  it('lists requests newest first with the order and buyer, filtered by status; shoppers cannot read it', async () => {
    const { orderId, itemId } = await deliveredOrder(2);
    const first = (await ask(orderId, [returnOne(itemId)]).expect(200)).body.order.returns[0];
    now = new Date(now.getTime() + 60_000);
    await ask(orderId, [exchangeForL(itemId)]).expect(200);
    await move(first._id, 'approved').expect(200);
    const approved = await t
      .request()
      .get('/api/orders/returns?status=approved')
      .set('Authorization', admin.auth)
      .expect(200);
    expect(approved.body.returns.map((r: { request: { _id: string } }) => r.request._id)).toContain(
      first._id,
    );
    expect(
      approved.body.returns.every(
        (r: { request: { status: string } }) => r.request.status === 'approved',
      ),
    ).toBe(true);
    const all = await t
      .request()
      .get('/api/orders/returns')
      .set('Authorization', admin.auth)
      .expect(200);
    const mine = all.body.returns.filter((r: { orderId: string }) => r.orderId === orderId);
    expect(mine.map((r: { request: { kind: string } }) => r.request.kind)).toEqual([
      'exchange',
      'return',
    ]);
    expect(mine[0].customer).toMatchObject({ name: 'Asha', email: 'asha.returns@example.com' });
    await t.request().get('/api/orders/returns').set('Authorization', asha.auth).expect(403);
  });

  it("lists the requests waiting for the staff's next step, as the overview counts them", async () => {
    const waitingNow = async () => {
      const [list, overview] = await Promise.all([
        t
          .request()
          .get('/api/orders/returns?status=waiting&limit=100')
          .set('Authorization', admin.auth),
        t.request().get('/api/orders/overview').set('Authorization', admin.auth),
      ]);
      expect(list.status).toBe(200);
      expect(overview.body.returnsWaiting).toBe(list.body.total);
      return list.body as {
        total: number;
        returns: Array<{ request: { _id: string; status: string } }>;
      };
    };
    const before = await waitingNow();
    const { orderId, itemId } = await deliveredOrder(3);
    const askOne = async (item: unknown) =>
      (await ask(orderId, [item]).expect(200)).body.order.returns.at(-1)._id as string;
    const toApprove = await askOne(returnOne(itemId));
    const toReject = await askOne(exchangeForL(itemId));
    await move(toApprove, 'approved').expect(200);
    await move(toReject, 'rejected', { note: 'Worn' }).expect(200);
    const after = await waitingNow();
    expect(after.total).toBe(before.total + 1);
    const ids = after.returns.map((r) => r.request._id);
    expect(ids).toContain(toApprove);
    expect(ids).not.toContain(toReject);
    expect(
      after.returns.every((r) =>
        ['requested', 'approved', 'picked_up', 'received', 'check_passed'].includes(
          r.request.status,
        ),
      ),
    ).toBe(true);
    await t
      .request()
      .get('/api/orders/returns?status=later')
      .set('Authorization', admin.auth)
      .expect(400);
  });

  it('pages the requests of every order newest first, with the total of the status asked for', async () => {
    const asked: Array<{ id: string; at: string }> = [];
    for (let k = 0; k < 3; k += 1) {
      const { orderId, itemId } = await deliveredOrder(2);
      for (const item of [returnOne(itemId), exchangeForL(itemId)]) {
        now = new Date(now.getTime() + 60_000);
        const made = (await ask(orderId, [item]).expect(200)).body.order.returns.at(-1);
        asked.push({ id: made._id, at: made.timeline[0].at });
      }
    }
    // Rejected requests of other tests may exist, older than these.
    for (const { id } of asked) await move(id, 'rejected', { note: 'Paging test' }).expect(200);
    const newestFirst = [...asked]
      .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
      .map((r) => r.id);
    const pageOf = async (page: number) =>
      (
        await t
          .request()
          .get(`/api/orders/returns?status=rejected&limit=4&page=${page}`)
          .set('Authorization', admin.auth)
          .expect(200)
      ).body;
    const first = await pageOf(1);
    const second = await pageOf(2);
    expect(first.returns).toHaveLength(4);
    const ids = [...first.returns, ...second.returns].map(
      (r: { request: { _id: string } }) => r.request._id,
    );
    // The newest six, newest first, across three orders, none twice.
    expect(ids.slice(0, 6)).toEqual(newestFirst);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.total).toBe(second.total);
    expect(first.total).toBeGreaterThanOrEqual(6);
  });
});

describe('what the order page may offer (GET /orders/{orderId}/returns/options)', () => {
  const options = (orderId: string, who: { auth: string } = asha) =>
    t.request().get(`/api/orders/${orderId}/returns/options`).set('Authorization', who.auth);

  it('per line: pieces left, the sizes and colours in stock but the one bought, and the request’s own refusals', async () => {
    const { orderId, itemId, tee, deliveredAt } = await deliveredOrder(2);
    const first = (await options(orderId).expect(200)).body;
    expect(first).toEqual({
      success: true,
      windowEndsAt: new Date(deliveredAt.getTime() + 7 * DAY).toISOString(),
      closed: null,
      items: [
        {
          itemId,
          left: 2,
          refused: null,
          // White L is sold out and Black M is the one bought.
          exchange: {
            refused: null,
            choices: [
              { colour: 'Black', sizes: [{ size: 'L', quantity: 1 }] },
              { colour: 'White', sizes: [{ size: 'M', quantity: 3 }] },
            ],
          },
          return: { refused: null },
        },
      ],
    });

    await ask(orderId, [exchangeForL(itemId)]).expect(200);
    const after = (await options(orderId).expect(200)).body.items[0];
    expect(after).toMatchObject({
      left: 1,
      refused: null,
      exchange: {
        refused: 'Sunset Tee has been exchanged once already: one exchange per item.',
        choices: [],
      },
    });
    await ask(orderId, [returnOne(itemId)]).expect(200);
    expect((await options(orderId).expect(200)).body.items[0]).toMatchObject({
      left: 0,
      refused: 'Sunset Tee has already been sent back.',
    });

    await t
      .request()
      .put('/api/admin/settings/returns')
      .set('Authorization', admin.auth)
      .send({ nonReturnableProducts: [String(tee._id)], returnsOffered: false })
      .expect(200);
    const marked = (await options(orderId).expect(200)).body.items[0];
    expect(marked.refused).toBe('Sunset Tee cannot be exchanged or returned.');
    expect(marked.return.refused).toBe('This shop does not take returns at the moment.');

    now = new Date(deliveredAt.getTime() + 7 * DAY + 1);
    expect((await options(orderId).expect(200)).body.closed).toMatch(
      /^The window to exchange or return this order closed on \d{1,2} \w+ 20\d\d \(7 days after delivery\)\.$/,
    );
    await options(orderId, ravi).expect(403);
    await options(String(new mongoose.Types.ObjectId())).expect(404);
  });

  it('a tee in one size and colour has nothing to exchange for; an order not delivered is closed', async () => {
    const tee = await makeProduct({ name: 'Lone Tee', price: 599 });
    const pending = await sandboxCheckout(t, asha, [{ _id: String(tee._id), cartQuantity: 1 }], {
      amount: 599,
      shippingAddress: '7 Lake Road, Pune 411001',
    });
    const body = (await options(pending).expect(200)).body;
    expect(body.windowEndsAt).toBeNull();
    expect(body.closed).toBe('Only a delivered order can be exchanged or returned.');
    expect(body.items[0].exchange.refused).toBe(
      'No other size or colour of Lone Tee is in stock at the moment.',
    );
  });
});
