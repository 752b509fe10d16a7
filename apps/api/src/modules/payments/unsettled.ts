/**
 * Payments to settle: money the provider captured that made no order of its own, because it
 * was of another amount or currency than its checkout (payment-completion.ts flags those), or
 * a second payment for a checkout that already became an order. The admin sees them on the
 * orders page and gives each back in full with one click.
 *
 * A checkout is on the list while `unsettledSince` is set: from its first such payment (set in
 * the same write that records the payment) until every one has a refund the provider accepted
 * (pending with an id, or processed). A new such payment, or a refund the provider later
 * reports failed, puts it back. `settleRev` moves with every change to those payments and
 * their refunds: a checkout leaves the list only if nothing moved since it was read.
 *
 * A refund is asked for once however often the button is pressed: a click first takes its turn
 * (a claim, pending without an id, marked with the time it asks; one click at a time), and
 * the provider's own refunds of the payment are read before asking: refunds whose answer was
 * lost, or made by hand in the provider's dashboard, count, and only what they leave is asked
 * for. The provider refuses more than was captured in any case.
 */
import type { Types } from 'mongoose';
import type {
  CheckoutToSettle,
  PaymentToSettle,
  RefundUnsettledResponse,
  UnsettledResponse,
} from '@repo/shared';
import { formatMinorUnits, orderNumber, refundAccepted } from '@repo/shared';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { escapeHtml, MAIL_STYLE, mailPage, mailRow } from '../../lib/mailer/html.js';
import { runOnce } from '../../lib/migrations.js';
import {
  ProviderRefusedError,
  refundIdempotencyKey,
  type PaymentGateway,
  type ProviderRefund,
} from '../../lib/payment-gateway/index.js';
import type { AppDeps } from '../../lib/types.js';
import { tellStrayPaymentRefunded } from '../orders/index.js';
import { adminContacts, userContacts } from '../users/index.js';
import { Checkout, type CheckoutFields } from './checkout.model.js';

type Lists = 'mismatchedPayments' | 'extraPayments' | 'paymentRefunds';
/** A checkout as read: checkouts saved before a list existed have none. */
type StoredCheckout = Omit<CheckoutFields, Lists> &
  Partial<Pick<CheckoutFields, Lists>> & { _id: Types.ObjectId; settleRev?: number | null };
type StoredRefund = CheckoutFields['paymentRefunds'][number];
export type Payment = Omit<PaymentToSettle, 'refund'>;

export const NO_PROVIDER_ANSWER =
  'The payment provider did not answer. The refund is noted as requested: try again in a minute.';
const ALREADY_ON_ITS_WAY = 'A refund of this payment is already on its way';
/**
 * How long an ask of the provider may be in flight (its HTTP timeout is 15 s); a process that
 * stopped mid-ask leaves its claim to the next click after this.
 */
export const ASK_LEASE_MS = 2 * 60_000;

const ON_THE_LIST = { unsettledSince: { $gt: new Date(0) } };

/** Update operators that put a checkout on the list (and move its settleRev). */
const onTheList = (at: Date) => ({
  $min: { unsettledSince: at },
  $inc: { settleRev: 1 },
});

/**
 * Records a captured payment without an order of its own on its checkout, listed in the same
 * write (a process stopping in between cannot record it unlisted), and the first time it is
 * recorded tells the admins. Its order's own payment (recorded as mismatched when a webhook
 * reports another amount for it) is refunded by cancelling the order: nothing to tell.
 */
export async function recordPaymentToSettle(
  deps: AppDeps,
  checkout: Pick<StoredCheckout, '_id' | 'providerOrderId' | 'amountPaise' | 'paymentId' | 'order'>,
  payment: Payment,
  at = deps.now(),
): Promise<void> {
  const { paymentId } = payment;
  const twice = payment.reason === 'paid_twice';
  const recorded = await Checkout.updateOne(
    twice
      ? { _id: checkout._id, extraPayments: { $ne: paymentId } }
      : { _id: checkout._id, 'mismatchedPayments.paymentId': { $ne: paymentId } },
    {
      $push: twice
        ? { extraPayments: paymentId }
        : {
            mismatchedPayments: {
              paymentId,
              amountPaise: payment.amountPaise,
              currency: payment.currency,
              at,
            },
          },
      ...onTheList(at),
    },
  );
  if (recorded.modifiedCount === 1 && paymentId !== checkout.paymentId)
    await tellAdmins(deps, checkout, payment);
}

/**
 * Tells the shop's admins by mail that a payment to settle was just recorded (a mail problem is
 * logged, never thrown: the payment is on the list either way).
 */
async function tellAdmins(
  deps: AppDeps,
  checkout: { providerOrderId: string; amountPaise: number; order?: unknown },
  payment: Payment,
): Promise<void> {
  try {
    const shop = deps.config.shopName;
    const amount = formatMinorUnits(payment.amountPaise, payment.currency);
    const why =
      payment.reason === 'paid_twice'
        ? `it is a second payment for a checkout already paid${checkout.order ? ` (order #${orderNumber(String(checkout.order))})` : ''}`
        : `its checkout was for ${formatMinorUnits(checkout.amountPaise, 'INR')}`;
    const where = deps.config.publicUrl
      ? `${deps.config.publicUrl}/dashboard/admin/adminorder`
      : "the admin panel's Orders page";
    const lines = [
      `A payment of ${amount} was captured but made no order of its own: ${why}.`,
      `Payment ${payment.paymentId}, provider order ${checkout.providerOrderId}.`,
      `Refund it under "Payments to settle" on ${where}.`,
    ];
    for (const admin of await adminContacts()) {
      await deps.mailer.send({
        to: admin.email,
        subject: `A payment to refund: ${amount} (${payment.paymentId})`,
        text: [`Hello ${admin.name},`, '', ...lines, '', `— ${shop}`].join('\n'),
        html: mailPage(shop, [
          mailRow(`Hello ${escapeHtml(admin.name)},<br>${escapeHtml(lines[0]!)}`),
          mailRow(escapeHtml(lines[1]!), MAIL_STYLE.muted),
          mailRow(escapeHtml(lines[2]!)),
        ]),
      });
    }
  } catch (err) {
    deps.logger.error({ err, paymentId: payment.paymentId }, 'payment-to-settle mail failed');
  }
}

/**
 * The checkout's captured payments without an order of their own, each once, in the order
 * they were recorded; never the payment its order was paid with (that one is refunded by
 * cancelling the order).
 */
function paymentsOf(checkout: StoredCheckout): Payment[] {
  const payments: Payment[] = [
    ...(checkout.mismatchedPayments ?? []).map((p) => ({
      paymentId: p.paymentId,
      reason: 'amount_differs' as const,
      amountPaise: p.amountPaise,
      currency: p.currency,
    })),
    // A second payment passed the same signature (verify) or amount check (webhook) as the first.
    ...(checkout.extraPayments ?? []).map((paymentId) => ({
      paymentId,
      reason: 'paid_twice' as const,
      amountPaise: checkout.amountPaise,
      currency: checkout.currency ?? 'INR',
    })),
  ];
  const unique = new Map<string, Payment>();
  for (const p of payments)
    if (p.paymentId !== checkout.paymentId && !unique.has(p.paymentId)) unique.set(p.paymentId, p);
  return [...unique.values()];
}

/** The latest refund asked for a payment (earlier ones failed), or undefined. */
function refundOf(checkout: StoredCheckout, paymentId: string): StoredRefund | undefined {
  return (checkout.paymentRefunds ?? []).findLast((r) => r.paymentId === paymentId);
}

function toRefundJson(r: StoredRefund | undefined): PaymentToSettle['refund'] {
  if (!r) return null;
  return {
    id: r.id,
    amountPaise: r.amountPaise,
    status: r.status as NonNullable<PaymentToSettle['refund']>['status'],
    ...(r.status === 'failed' ? { failureReason: r.failureReason } : {}),
    createdAt: r.createdAt.toISOString(),
  };
}

/** GET /payment/unsettled: a page of checkouts with payments to settle, longest waiting first. */
export async function listUnsettled(page: number, limit: number): Promise<UnsettledResponse> {
  const [rows, total] = await Promise.all([
    Checkout.find(ON_THE_LIST)
      .sort({ unsettledSince: 1, _id: 1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<StoredCheckout[]>(),
    Checkout.countDocuments(ON_THE_LIST),
  ]);
  // A checkout with nothing left to settle (every refund accepted, or a capture recorded as
  // mismatched that was its order's own payment) leaves the list here: a process may have
  // stopped, or a webhook moved it, before it was taken off.
  const listed = rows.filter((c) => !settled(c));
  for (const c of rows) if (settled(c)) await unlistIfSettled(c);
  const dropped = rows.length - listed.length;
  const shoppers = await userContacts(listed.flatMap((r) => (r.user ? [r.user] : [])));
  const checkouts = listed.map((c): CheckoutToSettle => {
    const shopper = c.user ? shoppers.get(String(c.user)) : undefined;
    return {
      _id: String(c._id),
      providerOrderId: c.providerOrderId,
      amountPaise: c.amountPaise,
      since: c.unsettledSince!.toISOString(),
      shopper: shopper ? { name: shopper.name, email: shopper.email } : null,
      orderId: c.order ? String(c.order) : null,
      payments: paymentsOf(c).map((p) => ({
        ...p,
        refund: toRefundJson(refundOf(c, p.paymentId)),
      })),
    };
  });
  return { success: true, checkouts, total: total - dropped };
}

/**
 * POST /payment/unsettled/{checkoutId}/refund: gives one payment to settle back in full.
 * 404 for a payment that is not one of the checkout's to settle; 409 when its refund is
 * already on its way (or being asked for) or was refused (with the provider's reason); 502
 * when the provider did not answer (the claim stays, and asking again counts what the
 * provider did meanwhile).
 */
export async function refundUnsettled(
  deps: AppDeps,
  checkoutId: string,
  paymentId: string,
): Promise<RefundUnsettledResponse> {
  const checkout = await Checkout.findById(checkoutId).lean<StoredCheckout>();
  const payment = checkout && paymentsOf(checkout).find((p) => p.paymentId === paymentId);
  if (!checkout || !payment) throw notFound('No payment to settle was found for this checkout');
  if (refundAccepted(refundOf(checkout, paymentId))) {
    // Settled already: a process that stopped before taking the checkout off the list left it.
    await unlistIfSettled(checkout);
    throw conflict(ALREADY_ON_ITS_WAY);
  }
  if (checkout.provider !== deps.payments.provider)
    throw conflict(
      `The payment was taken by ${checkout.provider}, which this shop no longer uses: refund it in that provider's dashboard`,
    );

  const { turn, claimedAt, askedBefore } = await takeTurn(deps, checkout, payment);
  const claimFor = async (amount: number) => {
    await Checkout.updateOne(withOurAsk(checkout._id, paymentId, turn), {
      $set: { 'paymentRefunds.$.amountPaise': amount },
    });
  };
  const answer = await askProvider(
    deps.payments,
    { checkoutId, claimedAt },
    payment,
    claimFor,
    askedBefore,
  );
  if (answer === 'no answer') {
    deps.logger.error({ checkoutId, paymentId }, 'refund of a payment to settle got no answer');
    // The claim stays, free for the next click to ask again at once.
    await Checkout.updateOne(withOurAsk(checkout._id, paymentId, turn), {
      $set: { 'paymentRefunds.$.askedAt': new Date(0) },
    });
    throw new AppError(502, NO_PROVIDER_ANSWER);
  }
  const refund: ProviderRefund =
    'refused' in answer
      ? { id: '', paymentId, amount: payment.amountPaise, status: 'failed' }
      : answer.refund;
  const stored = await recordClaim(checkout._id, paymentId, turn, refund, answer.refused);
  if (!stored || stored.status === 'failed') {
    const reason = answer.refused ?? stored?.failureReason ?? '';
    deps.logger.warn({ checkoutId, paymentId, reason }, 'refund refused');
    throw conflict(`The payment provider refused the refund: ${reason}`);
  }
  deps.logger.info({ checkoutId, paymentId, refundId: stored.id }, 'payment to settle refunded');
  await tellShopper(deps, checkout, stored);
  return {
    success: true,
    message: `Refund of ${formatMinorUnits(stored.amountPaise, payment.currency)} ${stored.status === 'processed' ? 'processed' : 'requested'}`,
    refund: toRefundJson(stored),
  };
}

/**
 * Tells the shopper a payment of theirs was given back (by mail, and on its order's page when
 * it was a second payment for an order): once per refund, claimed on it, whichever settles it
 * (the click the provider answered, or its webhook when that answer was lost) and however many
 * clicks or processes get here.
 */
async function tellShopper(
  deps: AppDeps,
  checkout: StoredCheckout,
  refund: StoredRefund,
): Promise<void> {
  const claimed = await Checkout.updateOne(
    {
      _id: checkout._id,
      paymentRefunds: {
        $elemMatch: { paymentId: refund.paymentId, id: refund.id, shopperTold: { $ne: true } },
      },
    },
    { $set: { 'paymentRefunds.$.shopperTold': true } },
  );
  if (claimed.modifiedCount !== 1) return;
  await tellStrayPaymentRefunded(deps, {
    orderId: checkout.order ? String(checkout.order) : null,
    userId: checkout.user ? String(checkout.user) : null,
    paymentId: refund.paymentId,
    refundId: refund.id,
    amountPaise: refund.amountPaise,
    at: deps.now(),
  });
}

/** Our claim while we ask: still without the provider's answer, and asked by us (`turn`). */
const ourAsk = (paymentId: string, turn: Date) => ({
  paymentId,
  id: '',
  status: 'pending',
  askedAt: turn,
});
/** The checkout holding that claim, for a write through `paymentRefunds.$`. */
const withOurAsk = (id: Types.ObjectId, paymentId: string, turn: Date) => ({
  _id: id,
  paymentRefunds: { $elemMatch: ourAsk(paymentId, turn) },
});

/**
 * This click's turn to ask the provider: a new claim where no live one exists, or the claim
 * of an ask that ended without an answer (or was left by a stopped process). Answers the
 * turn's time, which marks the claim as ours; 409 while another click's ask is in flight.
 */
async function takeTurn(
  deps: AppDeps,
  checkout: StoredCheckout,
  payment: Payment,
): Promise<{ turn: Date; claimedAt: Date; askedBefore?: number }> {
  const { paymentId } = payment;
  const now = deps.now();
  const last = refundOf(checkout, paymentId);
  let taken;
  if (last?.status === 'pending') {
    if (last.askedAt.getTime() > now.getTime() - ASK_LEASE_MS) throw conflict(ALREADY_ON_ITS_WAY);
    taken = await Checkout.updateOne(withOurAsk(checkout._id, paymentId, last.askedAt), {
      $set: { 'paymentRefunds.$.askedAt': now },
    });
  } else {
    const claim = { ...ourAsk(paymentId, now), amountPaise: payment.amountPaise };
    taken = await Checkout.updateOne(
      {
        _id: checkout._id,
        paymentRefunds: {
          $not: { $elemMatch: { paymentId, status: { $in: ['pending', 'processed'] } } },
        },
      },
      {
        $push: { paymentRefunds: { ...claim, failureReason: '', createdAt: now } },
        $inc: { settleRev: 1 },
      },
    );
  }
  if (taken.modifiedCount !== 1) throw conflict(ALREADY_ON_ITS_WAY);
  // Taking over an ask whose answer never came: the amount it asked for.
  return last?.status === 'pending'
    ? { turn: now, claimedAt: last.createdAt, askedBefore: last.amountPaise }
    : { turn: now, claimedAt: now };
}

export const STILL_PENDING_BY_HAND =
  "Refunds of this payment made in the provider's dashboard are still pending: try again once they are processed";

/**
 * The payment's refund: one the provider already has for the whole of it (a refund whose answer
 * was lost, or one made by hand) is taken as ours; refunds made by hand that leave part of it
 * are counted once processed, and the rest is refunded; or the provider's refusal, or no answer.
 * `claimFor` sets our claim to the amount asked, so the asked refund's webhook finds it;
 * `askedBefore`, the amount an earlier ask of ours asked for when its answer never came.
 */
async function askProvider(
  gateway: PaymentGateway,
  claim: { checkoutId: string; claimedAt: Date },
  payment: Payment,
  claimFor: (amountPaise: number) => Promise<void>,
  askedBefore?: number,
): Promise<{ refund: ProviderRefund; refused?: undefined } | { refused: string } | 'no answer'> {
  const { paymentId, amountPaise } = payment;
  const live = async () =>
    (await gateway.fetchRefunds(paymentId)).filter((r) => r.status !== 'failed');
  const sum = (refunds: ProviderRefund[]) => refunds.reduce((total, r) => total + r.amount, 0);
  /** What the refunds already made mean for this payment. */
  const judge = (refunds: ProviderRefund[]) => {
    if (refunds.length === 1 && refunds[0]!.amount >= amountPaise) return { refund: refunds[0]! };
    const pending = refunds.filter((r) => r.status !== 'processed');
    // The rest our earlier ask asked for, still pending beside the processed ones by hand.
    if (pending.length === 1 && pending[0]!.amount === askedBefore && sum(refunds) >= amountPaise)
      return { refund: pending[0]! };
    if (pending.length) return { refused: STILL_PENDING_BY_HAND };
    if (sum(refunds) >= amountPaise)
      // All processed: nothing left to follow, the last one names them.
      return { refund: { ...refunds[refunds.length - 1]!, amount: sum(refunds) } };
    return undefined;
  };
  try {
    const before = await live();
    const done = judge(before);
    if (done) return done;
    const rest = amountPaise - sum(before);
    if (rest !== amountPaise) await claimFor(rest);
    const refund = await gateway.refundPayment({
      paymentId,
      amountPaise: rest,
      receipt: `checkout_${claim.checkoutId}`,
      notes: { checkout: claim.checkoutId },
      idempotencyKey: refundIdempotencyKey(paymentId, claim.claimedAt, rest),
    });
    return { refund };
  } catch (err) {
    if (!(err instanceof ProviderRefusedError)) return 'no answer';
    // Refused because another refund got there first (a click, a hand in the dashboard)?
    const after = await live().catch(() => undefined);
    return (after && judge(after)) ?? { refused: err.message };
  }
}

/**
 * Writes the provider's answer on our claim (a webhook may have written it first), and takes
 * the checkout off the list when every payment is settled. Answers the payment's refund.
 */
async function recordClaim(
  id: Types.ObjectId,
  paymentId: string,
  turn: Date,
  refund: ProviderRefund,
  refused = '',
): Promise<StoredRefund | undefined> {
  const updated = await Checkout.findOneAndUpdate(
    withOurAsk(id, paymentId, turn),
    {
      $set: {
        'paymentRefunds.$.id': refund.id,
        'paymentRefunds.$.amountPaise': refund.amount,
        'paymentRefunds.$.status': refund.status,
        'paymentRefunds.$.failureReason': refused,
      },
      $inc: { settleRev: 1 },
    },
    { returnDocument: 'after' },
  ).lean<StoredCheckout>();
  const checkout = updated ?? (await Checkout.findById(id).lean<StoredCheckout>());
  if (!checkout) return undefined;
  await unlistIfSettled(checkout);
  return refundOf(checkout, paymentId);
}

/** Whether each of the checkout's payments to settle has an accepted refund. */
const settled = (checkout: StoredCheckout) =>
  paymentsOf(checkout).every((p) => refundAccepted(refundOf(checkout, p.paymentId)));

/** Takes a checkout off the list once each of its payments to settle has an accepted refund. */
async function unlistIfSettled(checkout: StoredCheckout): Promise<void> {
  if (!settled(checkout)) return;
  await Checkout.updateOne(
    { _id: checkout._id, settleRev: checkout.settleRev ?? null },
    { $unset: { unsettledSince: 1 } },
  );
}

export const REFUND_NOT_PROCESSED = 'The payment provider could not process the refund';

/**
 * A provider's word that a refund of a payment to settle settled (its webhook): our claim with
 * that refund's id, or our claim still waiting for the provider's answer (the webhook came
 * first, or the answer was lost) of the same amount. A failed refund puts the checkout back on
 * the list; a processed one tells the shopper, unless the click that asked for it already did.
 * Answers whether it was one of ours.
 */
export async function recordUnsettledRefund(
  deps: AppDeps,
  refund: ProviderRefund,
): Promise<boolean> {
  if (refund.status === 'pending' || !refund.id) return false;
  const { paymentId } = refund;
  const checkout = await Checkout.findOne({
    'paymentRefunds.paymentId': paymentId,
  }).lean<StoredCheckout>();
  const claim = checkout?.paymentRefunds?.findLast(
    (r) =>
      r.paymentId === paymentId &&
      r.status === 'pending' &&
      (r.id === refund.id || (r.id === '' && r.amountPaise === refund.amount)),
  );
  if (!checkout || !claim) return false;
  const failed = refund.status === 'failed';
  const written = await Checkout.findOneAndUpdate(
    {
      _id: checkout._id,
      paymentRefunds: { $elemMatch: { paymentId, id: claim.id, status: 'pending' } },
    },
    {
      $set: {
        'paymentRefunds.$.id': refund.id,
        'paymentRefunds.$.status': refund.status,
        ...(failed ? { 'paymentRefunds.$.failureReason': REFUND_NOT_PROCESSED } : {}),
      },
      ...(failed ? onTheList(deps.now()) : { $inc: { settleRev: 1 } }),
    },
    { returnDocument: 'after' },
  ).lean<StoredCheckout>();
  if (written && !failed) {
    // Its outcome may settle the checkout (a claim whose answer was lost): then it leaves the list.
    await unlistIfSettled(written);
    const settledRefund = refundOf(written, paymentId);
    if (settledRefund) await tellShopper(deps, written, settledRefund);
  }
  return written !== null;
}

/** Leave a refund time to be settled by its webhook before asking about it. */
export const UNSETTLED_RECONCILE_DEFAULTS = { olderThanMs: 15 * 60_000, limit: 200 };

/**
 * Refunds of payments to settle that the provider accepted but whose outcome never came (a
 * lost webhook): each is looked up among the payment's refunds at the provider and what it
 * says recorded, so one that failed puts its checkout back on the list. (Claims the provider
 * never answered stay on the list, where the admin asks again.) Answers how many moved.
 */
export async function reconcileUnsettledRefunds(
  deps: AppDeps,
  options: Partial<typeof UNSETTLED_RECONCILE_DEFAULTS> & { now?: Date } = {},
): Promise<{ checked: number; moved: number; errors: number }> {
  const { olderThanMs, limit } = { ...UNSETTLED_RECONCILE_DEFAULTS, ...options };
  const before = new Date((options.now ?? deps.now()).getTime() - olderThanMs);
  const waiting = { status: 'pending', id: { $ne: '' }, createdAt: { $lte: before } };
  const rows = await Checkout.find({
    paymentRefunds: { $elemMatch: waiting },
    provider: deps.payments.provider,
  })
    .sort({ _id: 1 })
    .limit(limit)
    .lean<StoredCheckout[]>();
  const summary = { checked: 0, moved: 0, errors: 0 };
  for (const checkout of rows) {
    for (const claim of checkout.paymentRefunds ?? []) {
      if (claim.status !== 'pending' || !claim.id || claim.createdAt > before) continue;
      summary.checked += 1;
      try {
        const found = (await deps.payments.fetchRefunds(claim.paymentId)).find(
          (r) => r.id === claim.id,
        );
        if (found && (await recordUnsettledRefund(deps, found))) summary.moved += 1;
      } catch (err) {
        summary.errors += 1;
        deps.logger.error({ err, refundId: claim.id }, 'reconciling a refund to settle failed');
      }
    }
  }
  return summary;
}

/**
 * Start-up, once: checkouts that got a payment to settle before the list existed join it (and
 * a settled mark of an early build of the list, null instead of no field, is cleared), listed
 * since their last change (one without that date: since now, by the app's clock). Answers how
 * many joined.
 */
export function listOlderUnsettled(deps: Pick<AppDeps, 'now'>): Promise<number | undefined> {
  return runOnce('list checkouts with payments to settle, v2', async () => {
    await Checkout.updateMany(
      { unsettledSince: { $type: 'null' } },
      { $unset: { unsettledSince: 1, settleRev: 1 } },
    );
    // Never touched by the list's code (which always moves settleRev).
    const unseen = { settleRev: { $exists: false } };
    const rows = await Checkout.find(
      {
        ...unseen,
        $or: [
          { 'mismatchedPayments.0': { $exists: true } },
          { 'extraPayments.0': { $exists: true } },
        ],
      },
      {
        updatedAt: 1,
        amountPaise: 1,
        paymentId: 1,
        mismatchedPayments: 1,
        extraPayments: 1,
        paymentRefunds: 1,
      },
    ).lean<StoredCheckout[]>();
    const toSettle = rows.filter((row) => !settled(row));
    for (const row of toSettle)
      await Checkout.updateOne({ _id: row._id, ...unseen }, onTheList(row.updatedAt ?? deps.now()));
    return toSettle.length;
  });
}
