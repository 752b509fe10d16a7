/**
 * Payments to settle: money the provider captured that made no order of its own, because it
 * was of another amount or currency than its checkout (payment-completion.ts flags those), or
 * a second payment for a checkout that already became an order. The admin sees them on the
 * orders page and gives each back in full with one click.
 *
 * A checkout is on the list while `unsettledSince` holds a date: from its first such payment
 * until every one has a refund the provider accepted (pending with an id, or processed); then
 * it holds null. A new such payment, or a refund the provider later reports failed, puts it
 * back.
 *
 * A refund is asked for once however often the button is pressed: a click first takes its turn
 * (a claim, pending without an id, marked with the time it asks; one click at a time), and
 * the provider's own list of the payment's refunds is read before asking, so a refund whose
 * answer was lost, or one made by hand in the provider's dashboard, is adopted instead of
 * asked for again. The provider refuses more than was captured in any case.
 */
import type { Types } from 'mongoose';
import type {
  CheckoutToSettle,
  PaymentToSettle,
  RefundUnsettledResponse,
  UnsettledResponse,
} from '@repo/shared';
import { formatRupees, paiseToRupees } from '@repo/shared';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import {
  ProviderRefusedError,
  type PaymentGateway,
  type ProviderRefund,
} from '../../lib/payment-gateway/index.js';
import { runOnce } from '../../lib/migrations.js';
import type { AppDeps } from '../../lib/types.js';
import { userContacts } from '../users/index.js';
import { Checkout, type CheckoutFields } from './checkout.model.js';

type StoredCheckout = CheckoutFields & { _id: Types.ObjectId };
type StoredRefund = CheckoutFields['paymentRefunds'][number];

export const NO_PROVIDER_ANSWER =
  'The payment provider did not answer. The refund is noted as requested: try again in a minute.';

const ON_THE_LIST = { unsettledSince: { $gt: new Date(0) } };

/** Puts a checkout on the list (a payment to settle was just recorded on it), unless it is. */
export async function listForSettling(checkoutId: Types.ObjectId, at = new Date()): Promise<void> {
  await Checkout.updateOne(
    { _id: checkoutId, unsettledSince: null },
    { $set: { unsettledSince: at } },
  );
}

/** The checkout's payments without an order of their own, in the order they were recorded. */
function paymentsOf(checkout: StoredCheckout): Array<Omit<PaymentToSettle, 'refund'>> {
  return [
    ...checkout.mismatchedPayments.map((p) => ({
      paymentId: p.paymentId,
      reason: 'amount_differs' as const,
      amountPaise: p.amountPaise,
      currency: p.currency,
    })),
    // A second payment passed the same signature (verify) or amount check (webhook) as the first.
    ...checkout.extraPayments.map((paymentId) => ({
      paymentId,
      reason: 'paid_twice' as const,
      amountPaise: checkout.amountPaise,
      currency: checkout.currency ?? 'INR',
    })),
  ];
}

/** The latest refund asked for a payment (earlier ones failed), or undefined. */
function refundOf(checkout: StoredCheckout, paymentId: string): StoredRefund | undefined {
  return checkout.paymentRefunds.findLast((r) => r.paymentId === paymentId);
}

/** A refund the provider took on: the money is on its way or back. */
const accepted = (r: StoredRefund | undefined) =>
  !!r && (r.status === 'processed' || (r.status === 'pending' && r.id !== ''));

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
      .sort({ unsettledSince: 1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<StoredCheckout[]>(),
    Checkout.countDocuments(ON_THE_LIST),
  ]);
  const shoppers = await userContacts(rows.flatMap((r) => (r.user ? [r.user] : [])));
  const checkouts = rows.map((c): CheckoutToSettle => {
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
  return { success: true, checkouts, total };
}

/**
 * POST /payment/unsettled/{checkoutId}/refund: gives one payment to settle back in full.
 * 404 for a payment that is not one of the checkout's to settle; 409 when its refund is
 * already on its way (or being asked for) or was refused (with the provider's reason); 502
 * when the provider did not answer (the claim stays, and asking again adopts what the
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
  if (accepted(refundOf(checkout, paymentId))) throw conflict(ALREADY_ON_ITS_WAY);
  if (checkout.provider !== deps.payments.provider)
    throw conflict(
      `The payment was taken by ${checkout.provider}, which this shop no longer uses: refund it in that provider's dashboard`,
    );

  const turn = await takeTurn(checkout, payment);
  const answer = await askProvider(deps.payments, checkoutId, paymentId, payment.amountPaise);
  if (answer === 'no answer') {
    deps.logger.error({ checkoutId, paymentId }, 'refund of a payment to settle got no answer');
    // The claim stays, free for the next click to ask again at once.
    await Checkout.updateOne(
      { _id: checkout._id, paymentRefunds: { $elemMatch: ourAsk(paymentId, turn) } },
      { $set: { 'paymentRefunds.$.askedAt': new Date(0) } },
    );
    throw new AppError(502, NO_PROVIDER_ANSWER);
  }
  const refund: ProviderRefund =
    'refused' in answer
      ? { id: '', paymentId, amount: payment.amountPaise, status: 'failed' }
      : answer.refund;
  const stored = await recordClaim(checkout._id, paymentId, turn, refund, answer.refused);
  if ('refused' in answer) {
    deps.logger.warn({ checkoutId, paymentId, reason: answer.refused }, 'refund refused');
    throw conflict(`The payment provider refused the refund: ${answer.refused}`);
  }
  deps.logger.info({ checkoutId, paymentId, refundId: refund.id }, 'payment to settle refunded');
  return {
    success: true,
    message: `Refund of ${formatRupees(paiseToRupees(refund.amount))} ${refund.status === 'processed' ? 'processed' : 'requested'}`,
    refund: toRefundJson(stored),
  };
}

/** How long an ask of the provider may be in flight (its HTTP timeout is 15 s); a process that
 * stopped mid-ask leaves its claim to the next click after this. */
export const ASK_LEASE_MS = 2 * 60_000;
const ALREADY_ON_ITS_WAY = 'A refund of this payment is already on its way';

/** Our claim while we ask: still without the provider's answer, and asked by us (`turn`). */
const ourAsk = (paymentId: string, turn: Date) => ({
  paymentId,
  id: '',
  status: 'pending',
  askedAt: turn,
});

/**
 * This click's turn to ask the provider: a new claim where no live one exists, or the claim
 * of an ask that ended without an answer (or was left by a stopped process). Answers the
 * turn's time, which marks the claim as ours; 409 while another click's ask is in flight.
 */
async function takeTurn(
  checkout: StoredCheckout,
  payment: Omit<PaymentToSettle, 'refund'>,
): Promise<Date> {
  const { paymentId } = payment;
  const now = new Date();
  const last = refundOf(checkout, paymentId);
  let taken;
  if (last?.status === 'pending') {
    if (last.askedAt.getTime() > now.getTime() - ASK_LEASE_MS) throw conflict(ALREADY_ON_ITS_WAY);
    taken = await Checkout.updateOne(
      { _id: checkout._id, paymentRefunds: { $elemMatch: ourAsk(paymentId, last.askedAt) } },
      { $set: { 'paymentRefunds.$.askedAt': now } },
    );
  } else {
    const claim = { ...ourAsk(paymentId, now), amountPaise: payment.amountPaise };
    taken = await Checkout.updateOne(
      {
        _id: checkout._id,
        paymentRefunds: {
          $not: { $elemMatch: { paymentId, status: { $in: ['pending', 'processed'] } } },
        },
      },
      { $push: { paymentRefunds: { ...claim, failureReason: '', createdAt: now } } },
    );
  }
  if (taken.modifiedCount !== 1) throw conflict(ALREADY_ON_ITS_WAY);
  return now;
}

/** The provider's refund of the payment (one it already has, else a new one), its refusal, or no answer. */
async function askProvider(
  gateway: PaymentGateway,
  checkoutId: string,
  paymentId: string,
  amountPaise: number,
): Promise<{ refund: ProviderRefund; refused?: undefined } | { refused: string } | 'no answer'> {
  const existing = async () =>
    (await gateway.fetchRefunds(paymentId)).find((r) => r.status !== 'failed');
  try {
    const refund =
      (await existing()) ??
      (await gateway.refundPayment({
        paymentId,
        amountPaise,
        receipt: `checkout_${checkoutId}`,
        notes: { checkout: checkoutId },
      }));
    return { refund };
  } catch (err) {
    if (!(err instanceof ProviderRefusedError)) return 'no answer';
    // Refused because another click's refund got there first: that one is ours.
    const other = await existing().catch(() => undefined);
    return other ? { refund: other } : { refused: err.message };
  }
}

/** Writes the provider's answer on our claim, and takes the checkout off the list when settled. */
async function recordClaim(
  id: Types.ObjectId,
  paymentId: string,
  turn: Date,
  refund: ProviderRefund,
  refused = '',
): Promise<StoredRefund | undefined> {
  const updated = await Checkout.findOneAndUpdate(
    { _id: id, paymentRefunds: { $elemMatch: ourAsk(paymentId, turn) } },
    {
      $set: {
        'paymentRefunds.$.id': refund.id,
        'paymentRefunds.$.amountPaise': refund.amount,
        'paymentRefunds.$.status': refund.status,
        'paymentRefunds.$.failureReason': refused,
      },
    },
    { returnDocument: 'after' },
  ).lean<StoredCheckout>();
  const checkout = updated ?? (await Checkout.findById(id).lean<StoredCheckout>());
  if (!checkout) return undefined;
  await unlistIfSettled(checkout);
  return refundOf(checkout, paymentId);
}

/**
 * Takes a checkout off the list once each of its payments to settle has an accepted refund;
 * only if no payment was recorded since it was read (that one would still need settling).
 */
async function unlistIfSettled(checkout: StoredCheckout): Promise<void> {
  if (!paymentsOf(checkout).every((p) => accepted(refundOf(checkout, p.paymentId)))) return;
  await Checkout.updateOne(
    {
      _id: checkout._id,
      mismatchedPayments: { $size: checkout.mismatchedPayments.length },
      extraPayments: { $size: checkout.extraPayments.length },
    },
    { $set: { unsettledSince: null } },
  );
}

/**
 * A provider's word that one of these refunds settled (its webhook). Answers whether it was
 * one: a failed refund puts the checkout back on the list.
 */
export async function recordUnsettledRefund(refund: ProviderRefund): Promise<boolean> {
  if (refund.status === 'pending' || !refund.id) return false;
  const failed = refund.status === 'failed';
  const updated = await Checkout.findOneAndUpdate(
    { paymentRefunds: { $elemMatch: { id: refund.id, status: 'pending' } } },
    {
      $set: {
        'paymentRefunds.$.status': refund.status,
        ...(failed
          ? {
              'paymentRefunds.$.failureReason': 'The payment provider could not process the refund',
            }
          : {}),
      },
    },
    { projection: { _id: 1 } },
  ).lean();
  if (updated && failed) await listForSettling(updated._id);
  return updated !== null;
}

/**
 * Start-up, once: checkouts that got a payment to settle before the list existed join it.
 * Answers how many did.
 */
export function listOlderUnsettled(): Promise<number | undefined> {
  return runOnce('list checkouts with payments to settle', async () => {
    const rows = await Checkout.find(
      {
        unsettledSince: { $exists: false },
        $or: [
          { 'mismatchedPayments.0': { $exists: true } },
          { 'extraPayments.0': { $exists: true } },
        ],
      },
      { updatedAt: 1 },
    ).lean<Array<{ _id: Types.ObjectId; updatedAt: Date }>>();
    for (const row of rows) await listForSettling(row._id, row.updatedAt);
    return rows.length;
  });
}
