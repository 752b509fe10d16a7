/**
 * Payments to settle: captured payments that made no order (a second payment for a paid
 * checkout, a capture of another amount) are listed for the admin, who gives each back in full
 * once, however often the button is pressed or the provider fails to answer. (Sandbox
 * provider, wrapped so a test can make it unreachable or slow to settle.)
 */
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { orderDetailResponse, orderNumber } from '@repo/shared';
import {
  ProviderUnavailableError,
  type PaymentGateway,
} from '../../../lib/payment-gateway/index.js';
import { SandboxPayment, SandboxRefund } from '../../../lib/payment-gateway/sandbox.model.js';
import { setupTestApp } from '../../../test/harness.js';
import { Checkout } from '../checkout.model.js';
import {
  ASK_LEASE_MS,
  listOlderUnsettled,
  NO_PROVIDER_ANSWER,
  reconcileUnsettledRefunds,
  STILL_PENDING_BY_HAND,
  UNSETTLED_RECONCILE_DEFAULTS,
} from '../unsettled.js';
import { deliverWebhook, makeProduct, payInSandbox, recordingMailer } from './helpers.js';

const WEBHOOK_SECRET = 'sandbox-webhook-secret-for-tests';
/** How the provider answers refund requests: normally, not at all, or "pending" first. */
const provider = {
  refunds: 'normal' as
    'normal' | 'unreachable' | 'pending' | 'fails by webhook first' | 'refunds, answer lost',
};
const mailer = recordingMailer();
const t = await setupTestApp({
  env: { SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET },
  overrides: (deps) => ({ mailer, payments: wrap(deps.payments) }),
});

/** Runs `call` while the provider answers refunds the `mode` way. */
async function whileProviderRefunds<T>(mode: typeof provider.refunds, call: () => Promise<T>) {
  provider.refunds = mode;
  try {
    return await call();
  } finally {
    provider.refunds = 'normal';
  }
}

function wrap(sandbox: PaymentGateway): PaymentGateway {
  return {
    ...sandbox,
    async refundPayment(input) {
      if (provider.refunds === 'unreachable')
        throw new ProviderUnavailableError(new Error('connect ECONNREFUSED'));
      const refund = await sandbox.refundPayment(input);
      if (provider.refunds === 'normal') return refund;
      if (provider.refunds === 'refunds, answer lost') {
        await SandboxRefund.updateOne({ _id: refund.id }, { $set: { status: 'pending' } });
        throw new ProviderUnavailableError(new Error('socket hang up'));
      }
      const status = provider.refunds === 'pending' ? 'pending' : 'failed';
      await SandboxRefund.updateOne({ _id: refund.id }, { $set: { status } });
      // The provider's webhook about it arrives before its answer to the request.
      if (status === 'failed')
        await deliver(refundEvent('refund.failed', refund), `evt_${refund.id}_first`).expect(200);
      return { ...refund, status: 'pending' };
    },
  };
}

const admin = await t.createAdmin();
type Shopper = Awaited<ReturnType<typeof t.createUser>>;

async function createOrder(shopper: Shopper, product: { _id: unknown; price: number }) {
  const res = await t
    .request()
    .post('/api/payment/create-order')
    .set('Authorization', shopper.auth)
    .send({ amount: product.price, items: [{ _id: String(product._id), cartQuantity: 1 }] })
    .expect(200);
  return res.body.order as { id: string; amount: number };
}
const pay = (orderId: string) => payInSandbox(t, orderId);
function verify(shopper: Shopper, paid: Awaited<ReturnType<typeof pay>>) {
  return t
    .request()
    .post('/api/payment/verify-payment')
    .set('Authorization', shopper.auth)
    .send({ ...paid, userId: shopper.id })
    .expect(200);
}

/** A shopper's checkout paid twice (two payments before the first verify): one order, one extra. */
async function paidTwice(name = 'Asha Rao') {
  const shopper = await t.createUser({ name });
  const product = await makeProduct({ price: 499, quantity: 5 });
  const order = await createOrder(shopper, product);
  const [first, second] = [await pay(order.id), await pay(order.id)];
  const placed = await verify(shopper, first);
  await verify(shopper, second);
  const checkout = await Checkout.findOne({ providerOrderId: order.id }).lean();
  return {
    shopper,
    checkoutId: String(checkout!._id),
    providerOrderId: order.id,
    orderId: placed.body.orderId as string,
    first: first.razorpay_payment_id,
    extra: second.razorpay_payment_id,
  };
}

const list = () =>
  t.request().get('/api/payment/unsettled').set('Authorization', admin.auth).expect(200);
const listed = async (checkoutId: string) =>
  (await list()).body.checkouts.find((c: { _id: string }) => c._id === checkoutId);
const refund = (checkoutId: string, paymentId: string, auth = admin.auth) =>
  t
    .request()
    .post(`/api/payment/unsettled/${checkoutId}/refund`)
    .set('Authorization', auth)
    .send({ paymentId });
/** A refund the provider has without the shop asking (made by hand in its dashboard). */
const refundedAtProvider = (id: string, paymentId: string, amount: number, status: string) =>
  SandboxRefund.create({ _id: id, paymentId, amount, status });

/** A ₹499 checkout written straight to the database, as an older version of the shop left it. */
const storedByAnOlderVersion = (name: string, fields: Record<string, unknown>) =>
  Checkout.collection.insertOne({
    provider: 'sandbox',
    providerOrderId: `order_sandbox_${name}_${Date.now()}`,
    receipt: `rcpt_${name}`,
    user: null,
    items: [],
    amount: 499,
    amountPaise: 49900,
    currency: 'INR',
    createdAt: new Date(),
    updatedAt: new Date(),
    ...fields,
  });

/** A checkout paid twice whose extra payment's refund the provider took on as pending. */
async function refundedPending() {
  const paid = await paidTwice();
  const res = await whileProviderRefunds('pending', () =>
    refund(paid.checkoutId, paid.extra).expect(200),
  );
  return { paid, first: res.body as { message: string; refund: { id: string } } };
}

const refundsAtProvider = (paymentId: string) => SandboxRefund.find({ paymentId }).lean().exec();

const deliver = (body: string, eventId: string) =>
  deliverWebhook(t, WEBHOOK_SECRET, body, { eventId });
function refundEvent(
  event: 'refund.processed' | 'refund.failed',
  r: { id: string; paymentId: string; amount: number },
) {
  const status = event === 'refund.processed' ? 'processed' : 'failed';
  return JSON.stringify({
    entity: 'event',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: {
        entity: {
          id: r.id,
          entity: 'refund',
          amount: r.amount,
          currency: 'INR',
          payment_id: r.paymentId,
          status,
        },
      },
      payment: { entity: { id: r.paymentId, entity: 'payment' } },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

/** Razorpay's payment.captured for `paymentId` of `orderId`, of `amount` paise in INR. */
function capturedEvent(orderId: string, paymentId: string, amount: number) {
  return JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount,
          currency: 'INR',
          status: 'captured',
          order_id: orderId,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

describe('the shopper of a payment to settle', () => {
  it('is told by mail once their second payment is refunded, and their order page says so', async () => {
    const paid = await paidTwice('Meera Iyer');
    const no = orderNumber(paid.orderId);
    const toShopper = () => mailer.sent.filter((m) => m.to === paid.shopper.user.email);
    const before = toShopper().length;
    await refund(paid.checkoutId, paid.extra).expect(200);
    await refund(paid.checkoutId, paid.extra).expect(409);
    const told = toShopper().slice(before);
    expect(told.map((m) => m.subject)).toEqual([
      `Your second payment for order #${no} is refunded`,
    ]);
    const [refundAtProvider] = await refundsAtProvider(paid.extra);
    expect(told[0]!.text).toContain(
      `You were charged twice for order #${no}: a second payment of ₹499 (${paid.extra}) reached us after the order was paid. Your order stands, paid once.\n` +
        `We have refunded the ₹499 in full to the card or account you paid with (refund ${refundAtProvider!._id}). Refunds usually arrive within 5–7 working days, depending on your bank.`,
    );
    expect(told[0]!.text).toContain('See your order under Orders in your account.');

    const page = orderDetailResponse.parse(
      (
        await t
          .request()
          .get(`/api/orders/${paid.orderId}`)
          .set('Authorization', paid.shopper.auth)
          .expect(200)
      ).body,
    );
    expect(page.order.extraPaymentRefunds).toEqual([
      { refundId: refundAtProvider!._id, amount: 49900, at: expect.any(String) },
    ]);
  });

  it('is told of a payment of another amount refunded, which made no order', async () => {
    const shopper = await t.createUser({ name: 'Kabir' });
    const product = await makeProduct({ price: 800, quantity: 5 });
    const order = await createOrder(shopper, product);
    const paid = await pay(order.id);
    await deliver(
      capturedEvent(order.id, paid.razorpay_payment_id, 70000),
      `evt_k_${order.id}`,
    ).expect(200);
    const checkout = await Checkout.findOne({ providerOrderId: order.id }).lean();
    await refund(String(checkout!._id), paid.razorpay_payment_id).expect(200);
    const told = mailer.sent.filter((m) => m.to === shopper.user.email);
    expect(told.map((m) => m.subject)).toEqual(['Your payment of ₹700 is refunded']);
    expect(told[0]!.text).toContain(
      `A payment of ₹700 (${paid.razorpay_payment_id}) reached us that did not match your checkout's total, so it made no order.`,
    );
    expect(told[0]!.text).not.toContain('See your order');
  });

  it('is told once when only a late webhook settles the refund (its answer was lost)', async () => {
    const paid = await paidTwice('Farah Khan');
    const no = orderNumber(paid.orderId);
    const told = () =>
      mailer.sent.filter((m) => m.to === paid.shopper.user.email && /refunded/.test(m.subject));
    await whileProviderRefunds('refunds, answer lost', () =>
      refund(paid.checkoutId, paid.extra).expect(502),
    );
    expect(told()).toEqual([]);
    const [atProvider] = await refundsAtProvider(paid.extra);
    await SandboxRefund.updateOne({ _id: atProvider!._id }, { $set: { status: 'processed' } });
    const r = { id: String(atProvider!._id), paymentId: paid.extra, amount: 49900 };
    await deliver(refundEvent('refund.processed', r), `evt_${r.id}_late`).expect(200);
    // The provider sends it again under another event id, and the admin presses the button.
    await deliver(refundEvent('refund.processed', r), `evt_${r.id}_again`).expect(200);
    await refund(paid.checkoutId, paid.extra).expect(409);
    expect(told().map((m) => m.subject)).toEqual([
      `Your second payment for order #${no} is refunded`,
    ]);
    expect(told()[0]!.text).toContain(`(refund ${r.id})`);
    const page = await t
      .request()
      .get(`/api/orders/${paid.orderId}`)
      .set('Authorization', paid.shopper.auth)
      .expect(200);
    expect(page.body.order.extraPaymentRefunds).toEqual([
      { refundId: r.id, amount: 49900, at: expect.any(String) },
    ]);
  });

  it('is told once for a refund accepted as pending, not again when its webhook settles it', async () => {
    const { paid, first } = await refundedPending();
    const r = { id: first.refund.id, paymentId: paid.extra, amount: 49900 };
    await SandboxRefund.updateOne({ _id: r.id }, { $set: { status: 'processed' } });
    await deliver(refundEvent('refund.processed', r), `evt_${r.id}_processed`).expect(200);
    expect(
      mailer.sent
        .filter((m) => m.to === paid.shopper.user.email && /refunded/.test(m.subject))
        .map((m) => m.subject),
    ).toEqual([`Your second payment for order #${orderNumber(paid.orderId)} is refunded`]);
  });

  it('is not told while the provider has not accepted the refund', async () => {
    const paid = await paidTwice('Ravi');
    await whileProviderRefunds('unreachable', () =>
      refund(paid.checkoutId, paid.extra).expect(502),
    );
    expect(
      mailer.sent.filter((m) => m.to === paid.shopper.user.email && /refunded/.test(m.subject)),
    ).toEqual([]);
    const page = await t
      .request()
      .get(`/api/orders/${paid.orderId}`)
      .set('Authorization', paid.shopper.auth)
      .expect(200);
    expect(page.body.order.extraPaymentRefunds).toEqual([]);
  });
});

describe('payments to settle', () => {
  it('lists a second payment for a paid checkout with who paid, and refunds it in full once', async () => {
    const paid = await paidTwice('Asha Rao');
    expect(await listed(paid.checkoutId)).toEqual({
      _id: paid.checkoutId,
      providerOrderId: paid.providerOrderId,
      amountPaise: 49900,
      since: expect.any(String),
      shopper: { name: 'Asha Rao', email: paid.shopper.user.email },
      orderId: paid.orderId,
      payments: [
        {
          paymentId: paid.extra,
          reason: 'paid_twice',
          amountPaise: 49900,
          currency: 'INR',
          refund: null,
        },
      ],
    });

    // The admins were told by mail.
    const told = mailer.sent.filter(
      (m) => m.to === admin.user.email && m.subject.includes(paid.extra),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe(`A payment to refund: ₹499 (${paid.extra})`);
    expect(told[0]!.text).toContain(
      `A payment of ₹499 was captured but made no order of its own: it is a second payment for a checkout already paid (order #${paid.orderId.slice(-8).toUpperCase()}).`,
    );
    expect(told[0]!.text).toContain(
      `Refund it under "Payments to settle" on the admin panel's Orders page.`,
    );

    const res = await refund(paid.checkoutId, paid.extra).expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Refund of ₹499 processed',
      refund: { id: expect.stringMatching(/^rfnd_/), amountPaise: 49900, status: 'processed' },
    });
    expect(await refundsAtProvider(paid.extra)).toEqual([
      expect.objectContaining({ amount: 49900, status: 'processed' }),
    ]);
    // Settled: off the list; the order's own payment was never touched.
    expect(await listed(paid.checkoutId)).toBeUndefined();
    expect(await refundsAtProvider(paid.first)).toEqual([]);
    const again = await refund(paid.checkoutId, paid.extra).expect(409);
    expect(again.body.message).toBe('A refund of this payment is already on its way');
    expect(await refundsAtProvider(paid.extra)).toHaveLength(1);
  });

  it('asks the provider once when the button is pressed several times at once', async () => {
    const paid = await paidTwice();
    const answers = await Promise.all([1, 2, 3].map(() => refund(paid.checkoutId, paid.extra)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.message).toBe('A refund of this payment is already on its way');
    expect(await refundsAtProvider(paid.extra)).toHaveLength(1);
  });

  it('lists a capture of another amount (reported by the webhook) and refunds what was captured', async () => {
    const shopper = await t.createUser();
    const product = await makeProduct({ price: 800, quantity: 5 });
    const order = await createOrder(shopper, product);
    const paid = await pay(order.id);
    const event = capturedEvent(order.id, paid.razorpay_payment_id, 70000);
    await deliver(event, `evt_${order.id}`).expect(200);
    // Told once, even when the provider delivers the capture again.
    await deliver(event, `evt_${order.id}_again`).expect(200);
    const told = mailer.sent.filter((m) => m.subject.includes(paid.razorpay_payment_id));
    expect(told.map((m) => m.to)).toEqual([admin.user.email]);
    expect(told[0]!.text).toContain(
      'A payment of ₹700 was captured but made no order of its own: its checkout was for ₹800.',
    );
    const checkout = await Checkout.findOne({ providerOrderId: order.id }).lean();
    const id = String(checkout!._id);
    expect(await listed(id)).toMatchObject({
      amountPaise: 80000,
      orderId: null,
      payments: [
        {
          paymentId: paid.razorpay_payment_id,
          reason: 'amount_differs',
          amountPaise: 70000,
          refund: null,
        },
      ],
    });
    await refund(id, paid.razorpay_payment_id).expect(200);
    expect(await refundsAtProvider(paid.razorpay_payment_id)).toEqual([
      expect.objectContaining({ amount: 70000 }),
    ]);
    expect(await listed(id)).toBeUndefined();
  });

  it('is for admins only, and refuses payments that are not to settle', async () => {
    const paid = await paidTwice();
    await t.request().get('/api/payment/unsettled').expect(401);
    await t
      .request()
      .get('/api/payment/unsettled')
      .set('Authorization', paid.shopper.auth)
      .expect(403);
    await refund(paid.checkoutId, paid.extra, paid.shopper.auth).expect(403);
    // The order's own payment is refunded by cancelling the order, never here.
    const own = await refund(paid.checkoutId, paid.first).expect(404);
    expect(own.body.message).toBe('No payment to settle was found for this checkout');
    await refund(String(new mongoose.Types.ObjectId()), paid.extra).expect(404);
    await refund('not-an-id', paid.extra).expect(400);
    await refund(paid.checkoutId, '').expect(400);
    expect(await refundsAtProvider(paid.first)).toEqual([]);
    expect(await refundsAtProvider(paid.extra)).toEqual([]);
    expect(await listed(paid.checkoutId)).toBeDefined();
  });

  it('keeps a refund the provider did not answer as requested, and asking again adopts what it did', async () => {
    const paid = await paidTwice();
    const unanswered = await whileProviderRefunds('unreachable', () =>
      refund(paid.checkoutId, paid.extra).expect(502),
    );
    expect(unanswered.body.message).toBe(NO_PROVIDER_ANSWER);
    const shown = await listed(paid.checkoutId);
    expect(shown.payments[0].refund).toMatchObject({ id: '', status: 'pending' });
    // Meanwhile someone refunded it by hand in the provider's dashboard: that refund is adopted.
    await refundedAtProvider('rfnd_sandbox_by_hand', paid.extra, 49900, 'processed');
    const res = await refund(paid.checkoutId, paid.extra).expect(200);
    expect(res.body.refund).toMatchObject({ id: 'rfnd_sandbox_by_hand', status: 'processed' });
    expect(await refundsAtProvider(paid.extra)).toHaveLength(1);
    expect(await listed(paid.checkoutId)).toBeUndefined();
  });

  it('waits for an ask in flight; one a stopped process left is taken over after its lease', async () => {
    const paid = await paidTwice();
    const claim = (askedAt: Date) =>
      Checkout.updateOne(
        { _id: paid.checkoutId },
        {
          $set: {
            paymentRefunds: [
              {
                paymentId: paid.extra,
                id: '',
                amountPaise: 49900,
                status: 'pending',
                failureReason: '',
                createdAt: askedAt,
                askedAt,
              },
            ],
          },
        },
      );
    await claim(new Date());
    const busy = await refund(paid.checkoutId, paid.extra).expect(409);
    expect(busy.body.message).toBe('A refund of this payment is already on its way');
    expect(await refundsAtProvider(paid.extra)).toEqual([]);
    await claim(new Date(Date.now() - ASK_LEASE_MS - 60_000));
    const res = await refund(paid.checkoutId, paid.extra).expect(200);
    expect(res.body.refund).toMatchObject({ status: 'processed', amountPaise: 49900 });
    expect(await refundsAtProvider(paid.extra)).toHaveLength(1);
    expect(await listed(paid.checkoutId)).toBeUndefined();
  });

  it("shows the provider's refusal with its reason, and a retry once the cause is fixed", async () => {
    const paid = await paidTwice();
    await SandboxPayment.updateOne({ _id: paid.extra }, { $set: { status: 'authorized' } });
    const refused = await refund(paid.checkoutId, paid.extra).expect(409);
    expect(refused.body.message).toBe(
      'The payment provider refused the refund: The payment was not found or is not captured',
    );
    expect((await listed(paid.checkoutId)).payments[0].refund).toMatchObject({
      status: 'failed',
      failureReason: 'The payment was not found or is not captured',
    });
    await SandboxPayment.updateOne({ _id: paid.extra }, { $set: { status: 'captured' } });
    await refund(paid.checkoutId, paid.extra).expect(200);
    expect(await listed(paid.checkoutId)).toBeUndefined();
  });

  it('follows a pending refund through its webhooks: failed puts it back on the list', async () => {
    const { paid, first } = await refundedPending();
    expect(first).toMatchObject({
      message: 'Refund of ₹499 requested',
      refund: { status: 'pending' },
    });
    // On its way: nothing left for the admin to do.
    expect(await listed(paid.checkoutId)).toBeUndefined();
    const r = { id: first.refund.id as string, paymentId: paid.extra, amount: 49900 };
    await SandboxRefund.updateOne({ _id: r.id }, { $set: { status: 'failed' } });
    const failed = await deliver(refundEvent('refund.failed', r), `evt_${r.id}_failed`).expect(200);
    expect(failed.body).toEqual({ success: true });
    expect((await listed(paid.checkoutId)).payments[0].refund).toMatchObject({
      id: r.id,
      status: 'failed',
      failureReason: 'The payment provider could not process the refund',
    });
    const second = await refund(paid.checkoutId, paid.extra).expect(200);
    expect(second.body.refund.id).not.toBe(r.id);
    expect(await listed(paid.checkoutId)).toBeUndefined();
  });

  it('asks the provider about a refund on its way whose webhook never came', async () => {
    const { paid, first } = await refundedPending();
    const id = first.refund.id as string;
    const later = new Date(Date.now() + UNSETTLED_RECONCILE_DEFAULTS.olderThanMs + 60_000);
    // Too recent to ask about, then still pending at the provider: nothing moves.
    expect(await reconcileUnsettledRefunds(t.deps)).toMatchObject({ checked: 0 });
    expect(await reconcileUnsettledRefunds(t.deps, { now: later })).toMatchObject({ moved: 0 });
    // The provider failed it and its webhook was lost: the payment is back on the list.
    await SandboxRefund.updateOne({ _id: id }, { $set: { status: 'failed' } });
    expect(await reconcileUnsettledRefunds(t.deps, { now: later })).toMatchObject({
      moved: 1,
      errors: 0,
    });
    expect((await listed(paid.checkoutId)).payments[0].refund).toMatchObject({
      id,
      status: 'failed',
    });
  });

  it('lists, once, checkouts that got such a payment before the list existed', async () => {
    // As an older version stored it: no list fields at all (and, older still, no updatedAt).
    const older = await storedByAnOlderVersion('older', {
      status: 'paid',
      paymentId: 'pay_older_first',
      extraPayments: ['pay_older_second'],
      updatedAt: undefined,
    });
    // And one an early build of the list marked settled with null, though it is not.
    const early = await storedByAnOlderVersion('early', {
      status: 'flagged',
      mismatchedPayments: [
        { paymentId: 'pay_early', amountPaise: 100, currency: 'INR', at: new Date() },
      ],
      extraPayments: [],
      unsettledSince: null,
    });
    // And one that early build settled: its refund was accepted, it stays off the list.
    const settledEarly = await storedByAnOlderVersion('settled', {
      status: 'paid',
      paymentId: 'pay_settled_first',
      extraPayments: ['pay_settled_second'],
      paymentRefunds: [
        {
          paymentId: 'pay_settled_second',
          id: 'rfnd_settled',
          amountPaise: 49900,
          status: 'processed',
          failureReason: '',
          createdAt: new Date(),
          askedAt: new Date(),
        },
      ],
      unsettledSince: null,
    });
    const insertedId = older.insertedId;
    const id = String(insertedId);
    // The app's clock, not the machine's: a checkout with no date of its last change is listed
    // since the moment the step ran.
    const startedAt = new Date('2031-03-04T05:06:07.000Z');
    expect(await listOlderUnsettled({ now: () => startedAt })).toBe(2);
    expect(await listed(String(settledEarly.insertedId))).toBeUndefined();
    expect(await listed(String(early.insertedId))).toMatchObject({
      payments: [{ paymentId: 'pay_early', reason: 'amount_differs', amountPaise: 100 }],
    });
    expect(await listed(id)).toMatchObject({
      since: startedAt.toISOString(),
      shopper: null,
      payments: [{ paymentId: 'pay_older_second', reason: 'paid_twice', refund: null }],
    });
    // Done once: a later start does not read the checkouts again.
    await Checkout.collection.updateOne(
      { _id: insertedId },
      { $unset: { unsettledSince: 1, settleRev: 1 } },
    );
    expect(await listOlderUnsettled(t.deps)).toBeUndefined();
    expect(await listed(id)).toBeUndefined();
    // Its payment is refunded like any other (the provider never saw it: refused).
    const refused = await refund(id, 'pay_older_second').expect(409);
    expect(refused.body.message).toBe(
      'The payment provider refused the refund: The payment was not found or is not captured',
    );
  });

  it('counts a partial refund made by hand, and refunds only the rest', async () => {
    const paid = await paidTwice();
    await refundedAtProvider('rfnd_sandbox_partial_by_hand', paid.extra, 10000, 'processed');
    const res = await refund(paid.checkoutId, paid.extra).expect(200);
    expect(res.body).toMatchObject({
      message: 'Refund of ₹399 processed',
      refund: { amountPaise: 39900, status: 'processed' },
    });
    expect((await refundsAtProvider(paid.extra)).map((r) => r.amount).sort()).toEqual([
      10000, 39900,
    ]);
    expect(await listed(paid.checkoutId)).toBeUndefined();
  });

  it('takes as its own the rest it asked for when that answer was lost, beside a partial refund by hand', async () => {
    const paid = await paidTwice();
    await refundedAtProvider('rfnd_sandbox_part', paid.extra, 10000, 'processed');
    await whileProviderRefunds('refunds, answer lost', () =>
      refund(paid.checkoutId, paid.extra).expect(502),
    );
    const res = await refund(paid.checkoutId, paid.extra).expect(200);
    expect(res.body).toMatchObject({
      message: 'Refund of ₹399 requested',
      refund: { amountPaise: 39900, status: 'pending' },
    });
    expect(await refundsAtProvider(paid.extra)).toHaveLength(2);
    expect(await listed(paid.checkoutId)).toBeUndefined();
    // Its webhook then settles it.
    const r = { id: res.body.refund.id as string, paymentId: paid.extra, amount: 39900 };
    await deliver(refundEvent('refund.processed', r), `evt_${r.id}`).expect(200);
    expect((await Checkout.findById(paid.checkoutId).lean())!.paymentRefunds.at(-1)).toMatchObject({
      id: r.id,
      status: 'processed',
    });
  });

  it('waits for a partial refund made by hand that the provider has not processed yet', async () => {
    const paid = await paidTwice();
    await refundedAtProvider('rfnd_sandbox_partial_pending', paid.extra, 10000, 'pending');
    const res = await refund(paid.checkoutId, paid.extra).expect(409);
    expect(res.body.message).toBe(
      `The payment provider refused the refund: ${STILL_PENDING_BY_HAND}`,
    );
    expect(await refundsAtProvider(paid.extra)).toHaveLength(1);
    expect((await listed(paid.checkoutId)).payments[0].refund).toMatchObject({ status: 'failed' });
  });

  it('takes a checkout off the list when the webhook settles a refund whose answer was lost', async () => {
    const paid = await paidTwice();
    await whileProviderRefunds('unreachable', () =>
      refund(paid.checkoutId, paid.extra).expect(502),
    );
    // The provider did refund it; only its webhook tells the shop.
    await refundedAtProvider('rfnd_sandbox_answer_lost', paid.extra, 49900, 'processed');
    const r = { id: 'rfnd_sandbox_answer_lost', paymentId: paid.extra, amount: 49900 };
    await deliver(refundEvent('refund.processed', r), 'evt_answer_lost').expect(200);
    expect(await listed(paid.checkoutId)).toBeUndefined();
    const stored = await Checkout.findById(paid.checkoutId).lean();
    expect(stored!.paymentRefunds).toEqual([
      expect.objectContaining({ id: r.id, status: 'processed' }),
    ]);
  });

  it("takes a refund's failure reported by webhook before the provider's answer came back", async () => {
    const paid = await paidTwice();
    const res = await whileProviderRefunds('fails by webhook first', () =>
      refund(paid.checkoutId, paid.extra).expect(409),
    );
    expect(res.body.message).toBe(
      'The payment provider refused the refund: The payment provider could not process the refund',
    );
    expect((await listed(paid.checkoutId)).payments[0].refund).toMatchObject({
      id: expect.stringMatching(/^rfnd_/),
      status: 'failed',
    });
    await refund(paid.checkoutId, paid.extra).expect(200);
    expect(await listed(paid.checkoutId)).toBeUndefined();
  });

  it('never lists the payment an order was paid with, even when a webhook reports another amount for it', async () => {
    const shopper = await t.createUser();
    const product = await makeProduct({ price: 800, quantity: 5 });
    const order = await createOrder(shopper, product);
    const paid = await pay(order.id);
    await verify(shopper, paid);
    await deliver(
      capturedEvent(order.id, paid.razorpay_payment_id, 70000),
      `evt_own_${order.id}`,
    ).expect(200);
    const checkout = await Checkout.findOne({ providerOrderId: order.id }).lean();
    expect(checkout!.mismatchedPayments).toHaveLength(1);
    const id = String(checkout!._id);
    expect(await listed(id)).toBeUndefined();
    await refund(id, paid.razorpay_payment_id).expect(404);
    expect(await refundsAtProvider(paid.razorpay_payment_id)).toEqual([]);
    expect((await list()).body.checkouts.map((c: { _id: string }) => c._id)).not.toContain(id);
    expect(mailer.sent.filter((m) => m.subject.includes(paid.razorpay_payment_id))).toEqual([]);
  });

  it('takes a settled checkout off the list when a stopped process left it there (on a click, or when listing)', async () => {
    const paid = await paidTwice();
    const processedRefund = {
      id: 'rfnd_sandbox_done',
      amountPaise: 49900,
      status: 'processed',
      failureReason: '',
      createdAt: new Date(),
      askedAt: new Date(),
    };
    await Checkout.updateOne(
      { _id: paid.checkoutId },
      { $push: { paymentRefunds: { ...processedRefund, paymentId: paid.extra } } },
    );
    // A click finds it settled: 409, and the checkout leaves the list.
    const res = await refund(paid.checkoutId, paid.extra).expect(409);
    expect(res.body.message).toBe('A refund of this payment is already on its way');
    expect((await Checkout.findById(paid.checkoutId).lean())!.unsettledSince).toBeUndefined();
    expect(await refundsAtProvider(paid.extra)).toEqual([]);
    // So does the list itself, for one nobody clicked.
    const other = await paidTwice();
    await Checkout.updateOne(
      { _id: other.checkoutId },
      { $push: { paymentRefunds: { ...processedRefund, paymentId: other.extra } } },
    );
    expect(await listed(other.checkoutId)).toBeUndefined();
    expect((await Checkout.findById(other.checkoutId).lean())!.unsettledSince).toBeUndefined();
  });
});
