/**
 * Refunds of returns paid online: part of the payment (the lines' price for the pieces
 * returned), through the provider that took it, with the machinery of a cancel's refund
 * (refunds.ts). The claim (`pending`, no id) is written in the same conditional update that
 * passes the check (return-moves.ts), so one caller asks the provider; the ask carries an
 * idempotency key of the request, the claim's time and the amount, so an ask repeated after a
 * lost answer is the same refund at the provider. The provider's answer, its `refund.*`
 * webhooks (through recordRefundState) and reconciliation move the claim only forward
 * (pending → processed | failed); a processed refund is mailed once.
 */
import { ProviderRefusedError, type ProviderRefund } from '../../lib/payment-gateway/index.js';
import type { AppDeps } from '../../lib/types.js';
import {
  Order,
  returnRefundOf,
  type LeanOrder,
  type StoredReturn,
  type StoredReturnRefund,
} from './order.model.js';
import { mailReturnRefunded } from './return-mail.js';

/** The provider's idempotency key of a return's refund claim (letters, digits, `-` and `_`). */
export const returnRefundKey = (returnId: string, claim: StoredReturnRefund) =>
  `return-${returnId}_${claim.createdAt.getTime().toString(36)}_${claim.amount}`;

const pendingClaim = (r: StoredReturn) => {
  const claim = returnRefundOf(r);
  return claim?.method === 'provider' && claim.status === 'pending' ? claim : null;
};

/**
 * Asks the provider for the refund of a return whose claim is pending without an id. Never
 * throws: a refusal marks it failed for the admin (who may ask again); no answer leaves it
 * pending for reconciliation.
 */
export async function requestReturnRefund(
  deps: AppDeps,
  orderId: string,
  returnId: string,
): Promise<void> {
  const order = await Order.findById(orderId).lean<LeanOrder>();
  const r = (order?.returns as StoredReturn[] | undefined)?.find((x) => String(x._id) === returnId);
  const claim = r && pendingClaim(r);
  if (!order || !r || !claim || claim.id) return;
  if (order.provider !== deps.payments.provider) {
    await markFailed(
      deps,
      order,
      r,
      `The payment was taken by ${order.provider}, which this shop no longer uses`,
    );
    return;
  }
  try {
    const refund = await deps.payments.refundPayment({
      paymentId: order.paymentId,
      amountPaise: claim.amount,
      receipt: `return_${returnId}`,
      notes: { order: orderId, return: returnId },
      idempotencyKey: returnRefundKey(returnId, claim),
    });
    deps.logger.info({ orderId, returnId, refundId: refund.id }, 'return refund requested');
    await recordReturnRefundState(deps, order.paymentId, refund);
  } catch (err) {
    if (err instanceof ProviderRefusedError) {
      await markFailed(deps, order, r, err.message);
      return;
    }
    deps.logger.error(
      { err, orderId, returnId },
      'return refund request got no answer: reconciliation will settle it',
    );
  }
}

async function markFailed(deps: AppDeps, order: LeanOrder, r: StoredReturn, reason: string) {
  const res = await Order.updateOne(
    {
      _id: order._id,
      returns: { $elemMatch: { _id: r._id, 'refund.id': '', 'refund.status': 'pending' } },
    },
    {
      $set: {
        'returns.$[r].refund.status': 'failed',
        'returns.$[r].refund.failureReason': reason,
      },
    },
    { arrayFilters: [{ 'r._id': r._id }] },
  );
  if (res.modifiedCount === 1)
    deps.logger.warn(
      { orderId: String(order._id), returnId: String(r._id), reason },
      'return refund failed: flagged for the admin',
    );
}

/**
 * The provider says where a refund of the payment stands: applied to the return whose refund it
 * is (the same id, or a pending claim without an id of the same amount, whose answer was lost).
 * Answers whether it moved.
 */
export async function recordReturnRefundState(
  deps: AppDeps,
  paymentId: string,
  refund: ProviderRefund,
): Promise<boolean> {
  const order = await Order.findOne({ paymentId }).lean<LeanOrder>();
  if (!order) return false;
  const returns = (order.returns ?? []) as StoredReturn[];
  const r =
    returns.find((x) => returnRefundOf(x)?.id === refund.id) ??
    returns.find((x) => {
      const claim = pendingClaim(x);
      return claim && !claim.id && claim.amount === refund.amount;
    });
  const current = r && returnRefundOf(r);
  if (!r || !current || current.method !== 'provider' || current.status !== 'pending') return false;
  if (current.id && refund.status === 'pending') return false;
  const written = await Order.updateOne(
    {
      _id: order._id,
      returns: {
        $elemMatch: { _id: r._id, 'refund.id': current.id, 'refund.status': 'pending' },
      },
    },
    {
      $set: {
        'returns.$[r].refund.id': refund.id,
        'returns.$[r].refund.status': refund.status,
        ...(refund.status === 'failed'
          ? {
              'returns.$[r].refund.failureReason':
                'The payment provider could not process the refund',
            }
          : {}),
      },
    },
    { arrayFilters: [{ 'r._id': r._id }] },
  );
  if (written.modifiedCount !== 1 || refund.status === 'pending') return false;
  if (refund.status === 'processed') {
    const after = (await Order.findById(order._id).lean<LeanOrder>())!;
    await mailReturnRefunded(deps, after, String(r._id));
  } else {
    deps.logger.warn(
      { orderId: String(order._id), returnId: String(r._id), refundId: refund.id },
      'return refund failed: flagged for the admin',
    );
  }
  return true;
}

/**
 * Reconciliation: return refunds pending since before `before` are looked up among the
 * payment's refunds at the provider (adopted when found) or asked for again when the provider
 * never got the ask. Answers how many moved and how many were asked again.
 */
export async function reconcileReturnRefunds(
  deps: AppDeps,
  before: Date,
  limit: number,
): Promise<{ checked: number; moved: number; requested: number; errors: number }> {
  const orders = await Order.find({
    returns: { $elemMatch: { 'refund.status': 'pending', 'refund.createdAt': { $lte: before } } },
  })
    .limit(limit)
    .lean<LeanOrder[]>();
  const summary = { checked: 0, moved: 0, requested: 0, errors: 0 };
  for (const order of orders) {
    const returns = (order.returns ?? []) as StoredReturn[];
    for (const r of returns) {
      const claim = pendingClaim(r);
      if (!claim || claim.createdAt > before) continue;
      summary.checked += 1;
      try {
        if (order.provider !== deps.payments.provider) {
          await requestReturnRefund(deps, String(order._id), String(r._id));
          continue;
        }
        // Refunds already ours (the order's, other returns') are not this claim's.
        const taken = new Set(
          returns.map((x) => returnRefundOf(x)?.id).filter((id): id is string => !!id),
        );
        const refunds = await deps.payments.fetchRefunds(order.paymentId);
        const found = claim.id
          ? refunds.find((x) => x.id === claim.id)
          : refunds.find(
              (x) =>
                x.status !== 'failed' &&
                x.amount === claim.amount &&
                !taken.has(x.id) &&
                x.id !== (order.refund as { id?: string } | null)?.id,
            );
        if (found) {
          if (await recordReturnRefundState(deps, order.paymentId, found)) summary.moved += 1;
        } else if (!claim.id) {
          await requestReturnRefund(deps, String(order._id), String(r._id));
          summary.requested += 1;
        }
      } catch (err) {
        summary.errors += 1;
        deps.logger.error(
          { err, orderId: String(order._id), returnId: String(r._id) },
          'reconciling a return refund failed',
        );
      }
    }
  }
  return summary;
}
