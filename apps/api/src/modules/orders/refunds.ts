/**
 * Refunds of cancelled orders. The cancel that wins the order's status write also writes the
 * refund claim (`pending`, no id yet), so however many cancels race, one asks the provider.
 * From then on the provider is the truth: its answer, its `refund.*` webhooks and
 * reconciliation all go through recordRefundState, which moves the status only forward
 * (pending → processed | failed) and mails the shopper once when the money is on its way.
 *
 * A refund whose request never got an answer (provider unreachable, process stopped) stays
 * pending without an id: reconciliation asks the provider for the payment's refunds and adopts
 * the one it finds, or asks again. The provider refuses more than the captured amount, so even
 * a repeated request cannot return the money twice.
 */
import { formatRupees, paiseToRupees } from '@repo/shared';
import {
  ProviderRefusedError,
  refundIdempotencyKey,
  type ProviderRefund,
} from '../../lib/payment-gateway/index.js';
import type { AppDeps } from '../../lib/types.js';
import { refundProcessedMail } from './order-mail.js';
import {
  Order,
  refundOf,
  returnRefundOf,
  type LeanOrder,
  type StoredRefund,
} from './order.model.js';
import { sendOrderMail } from './notices.js';
import { reconcileReturnRefunds, recordReturnRefundState } from './return-refunds.js';

/**
 * What is left of the payment to give back: all of it, less what returns refunded or are
 * refunding (a refund that failed gave nothing back). The provider refuses more than is left.
 */
export function refundableAmount(order: Pick<LeanOrder, 'amountPaise' | 'returns'>): number {
  let returned = 0;
  for (const r of order.returns ?? []) {
    const refund = returnRefundOf(r);
    if (refund && refund.status !== 'failed') returned += refund.amount;
  }
  return Math.max(0, order.amountPaise - returned);
}

/** A new refund claim of what is left of the payment (refundableAmount), written with the cancel. */
export function refundClaim(
  order: Pick<LeanOrder, 'amountPaise' | 'returns'>,
  at: Date,
): StoredRefund {
  return {
    id: '',
    amount: refundableAmount(order),
    status: 'pending',
    createdAt: at,
    failureReason: '',
  };
}

/** The money went back (or is on its way): the order may not leave `cancelled` any more. */
export function moneyReturned(order: Pick<LeanOrder, 'refund'>): boolean {
  const status = refundOf(order)?.status;
  return status === 'pending' || status === 'processed';
}

export function refundBlocksReopening(order: Pick<LeanOrder, 'refund'>): string {
  const refund = refundOf(order)!;
  return `The money for this order was returned to the shopper (a refund of ${formatRupees(paiseToRupees(refund.amount))}), so it cannot be reopened. Ask them to place a new order.`;
}

/**
 * Asks the provider that took the payment to refund it, for an order whose claim is pending
 * without an id. Never throws: a refusal marks the refund failed for the admin; no answer
 * leaves it pending for reconciliation.
 */
export async function requestRefund(
  deps: AppDeps,
  order: LeanOrder,
  options: { mail: boolean } = { mail: true },
): Promise<RefundMail | undefined> {
  const claim = refundOf(order);
  if (!claim || claim.id || claim.status !== 'pending') return undefined;
  let held: RefundMail | undefined;
  const mail: MailTiming = options.mail ? 'now' : (send) => (held = { send });
  const orderId = String(order._id);
  if (order.provider !== deps.payments.provider) {
    await markFailed(
      deps,
      order,
      `The payment was taken by ${order.provider}, which this shop no longer uses`,
    );
    return undefined;
  }
  try {
    const refund = await deps.payments.refundPayment({
      paymentId: order.paymentId,
      amountPaise: claim.amount,
      receipt: `order_${orderId}`,
      notes: { order: orderId },
      idempotencyKey: refundIdempotencyKey(order.paymentId, claim.createdAt, claim.amount),
    });
    deps.logger.info({ orderId, refundId: refund.id, status: refund.status }, 'refund requested');
    await recordRefundState(deps, order.paymentId, refund, mail);
  } catch (err) {
    if (err instanceof ProviderRefusedError) {
      await markFailed(deps, order, err.message);
      return undefined;
    }
    deps.logger.error(
      { err, orderId },
      'refund request got no answer: reconciliation will settle it',
    );
  }
  return held;
}

/** A refund's mail held back so that a mail about what came first goes before it. */
export interface RefundMail {
  send(): Promise<void>;
}
/** Send the refund's mail now, or hand it to whoever sends it after their own. */
type MailTiming = 'now' | ((send: () => Promise<void>) => void);

async function markFailed(deps: AppDeps, order: LeanOrder, reason: string): Promise<void> {
  const res = await Order.updateOne(
    { _id: order._id, 'refund.id': '', 'refund.status': 'pending' },
    {
      $set: { 'refund.status': 'failed', 'refund.failureReason': reason },
      $push: { history: { event: 'refund_failed', at: deps.now() } },
    },
  );
  if (res.modifiedCount === 1)
    deps.logger.warn(
      { orderId: String(order._id), reason },
      'refund failed: flagged for the admin',
    );
}

/**
 * The provider says where a payment's refund stands (its answer, a webhook, reconciliation).
 * Applied to the order paid by that payment when it is our refund: the same id, or our claim
 * still without an id and of the same amount (its answer was lost). A final status is kept.
 * Answers whether the status moved.
 */
export async function recordRefundState(
  deps: AppDeps,
  paymentId: string,
  refund: ProviderRefund,
  mail: MailTiming = 'now',
): Promise<boolean> {
  const order = await Order.findOne({ paymentId }).lean<LeanOrder>();
  const current = order ? refundOf(order) : null;
  // Not the order's own refund: perhaps a return's (part of the payment).
  if (!order || !current) return recordReturnRefundState(deps, paymentId, refund);
  const ours = current.id
    ? current.id === refund.id && current.status === 'pending'
    : current.status !== 'processed' && current.amount === refund.amount;
  if (!ours) return recordReturnRefundState(deps, paymentId, refund);
  if (current.id && refund.status === 'pending') return false;

  const moved = current.status !== refund.status && refund.status !== 'pending';
  const written = await Order.updateOne(
    { _id: order._id, 'refund.id': current.id, 'refund.status': current.status },
    {
      $set: {
        'refund.id': refund.id,
        'refund.status': refund.status,
        ...(refund.status === 'failed'
          ? { 'refund.failureReason': 'The payment provider could not process the refund' }
          : {}),
      },
      ...(moved
        ? { $push: { history: { event: `refund_${refund.status}`, at: deps.now() } } }
        : {}),
    },
  );
  if (written.modifiedCount !== 1 || !moved) return false;

  const orderId = String(order._id);
  if (refund.status === 'processed') {
    deps.logger.info({ orderId, refundId: refund.id }, 'refund processed');
    const send = () =>
      sendOrderMail(deps, order, 'refund processed', (shop, to, footer) =>
        refundProcessedMail(shop, to, order, { id: refund.id, amountPaise: refund.amount }, footer),
      );
    if (mail === 'now') await send();
    else mail(send);
  } else {
    deps.logger.warn({ orderId, refundId: refund.id }, 'refund failed: flagged for the admin');
  }
  return true;
}

export const REFUND_RECONCILE_DEFAULTS = {
  /** Leave a request in flight time to be answered before asking about it. */
  olderThanMs: 15 * 60_000,
  limit: 200,
};

export interface RefundReconcileSummary {
  checked: number;
  moved: number;
  requested: number;
  errors: number;
}

/**
 * Settles refunds still pending: each is looked up among the payment's refunds at the
 * provider and its status recorded; a claim the provider never received is requested again.
 */
export async function reconcileRefunds(
  deps: AppDeps,
  options: Partial<typeof REFUND_RECONCILE_DEFAULTS> & { now?: Date } = {},
): Promise<RefundReconcileSummary> {
  const { olderThanMs, limit } = { ...REFUND_RECONCILE_DEFAULTS, ...options };
  const now = options.now ?? deps.now();
  const pending = await Order.find({
    'refund.status': 'pending',
    'refund.createdAt': { $lte: new Date(now.getTime() - olderThanMs) },
  })
    .sort({ 'refund.createdAt': 1 })
    .limit(limit)
    .lean<LeanOrder[]>();

  const summary: RefundReconcileSummary = { checked: 0, moved: 0, requested: 0, errors: 0 };
  for (const order of pending) {
    summary.checked += 1;
    const claim = refundOf(order)!;
    try {
      if (order.provider !== deps.payments.provider) {
        await requestRefund(deps, order); // marks it failed, naming the provider
        continue;
      }
      const refunds = await deps.payments.fetchRefunds(order.paymentId);
      const found = claim.id
        ? refunds.find((r) => r.id === claim.id)
        : refunds.find((r) => r.status !== 'failed' && r.amount === claim.amount);
      if (found) {
        if (await recordRefundState(deps, order.paymentId, found)) summary.moved += 1;
      } else if (!claim.id) {
        await requestRefund(deps, order);
        summary.requested += 1;
      }
    } catch (err) {
      summary.errors += 1;
      deps.logger.error({ err, orderId: String(order._id) }, 'reconciling a refund failed');
    }
  }
  // Refunds of returns (part of a payment) the same way.
  const returns = await reconcileReturnRefunds(deps, new Date(now.getTime() - olderThanMs), limit);
  summary.checked += returns.checked;
  summary.moved += returns.moved;
  summary.requested += returns.requested;
  summary.errors += returns.errors;
  return summary;
}
