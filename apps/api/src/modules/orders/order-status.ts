/** Changing an order's status: an admin's change and the shopper's cancel. */
import {
  formatRupees,
  isBackwardMove,
  orderStatusLabel,
  paiseToRupees,
  type OrderShipment,
  type OrderStatus,
} from '@repo/shared';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/types.js';
import { giveBackUse } from '../coupons/index.js';
import { creditCancelledOrder, invoiceOrder } from './invoices.js';
import { notifyStatus } from './notices.js';
import { Order, paymentOf, refundOf, returnRefundOf, type LeanOrder } from './order.model.js';
import { ownOrder, toOrderDto, withBuyers } from './order-reads.js';
import { giveBack, heldStock, takeStockToReopen } from './order-stock.js';
import {
  moneyReturned,
  refundBlocksReopening,
  refundableAmount,
  refundClaim,
  requestRefund,
  type RefundMail,
} from './refunds.js';

/** A filter matching the order only while its status, refund, every item's stock and every return's step and refund are as read. */
function unchanged(order: LeanOrder): Record<string, unknown> {
  const items = order.items.map((i, k) => [`items.${k}.stock`, i.stock ?? null]);
  // A return that passed or was refunded meanwhile changes what a cancel gives back.
  const returns = (order.returns ?? []).flatMap((r, k) => [
    [`returns.${k}.status`, r.status],
    [`returns.${k}.refund.status`, returnRefundOf(r)?.status ?? null],
  ]);
  return {
    _id: order._id,
    status: order.status,
    'refund.status': refundOf(order)?.status ?? null,
    ...Object.fromEntries(items),
    ...Object.fromEntries(returns),
  };
}

export interface StatusChange {
  by: 'customer' | 'admin';
  /** The statuses the order may be in for this change (the shopper: only `pending`). */
  from?: readonly string[];
  /** Why the order moves back: required for a backward move (isBackwardMove). */
  reason?: string | undefined;
  /** The courier and AWB of a move to (or a correction of) shipped. */
  shipment?: OrderShipment | undefined;
}

/** 400 beside the reason field: a move back needs one. */
function reasonNeeded(from: string, to: string) {
  const message =
    from === 'cancelled'
      ? 'Say why this cancelled order is reopened'
      : `Say why this order goes back from ${orderStatusLabel(from)} to ${orderStatusLabel(to)}`;
  return badRequest(message, { issues: [{ path: 'reason', message }] });
}

/**
 * Sets an order's status (an admin's change or the shopper's cancel). Moving into "cancelled"
 * gives the order's taken stock back and refunds the payment in full; moving out of it takes
 * that stock again (409 and no change when there is not enough) and is refused once money went
 * back. Setting "cancelled" again on an order whose refund failed asks the provider again.
 * Each real change is dated on the order (its timeline) and mailed to the shopper; the
 * shipped and delivered mails go once, on a real move (see mailOnce).
 *
 * The write happens only if the order is still as read (status, refund, stock of each item),
 * so of concurrent changes exactly one moves stock and starts a refund; the others start again
 * from the new state. Order of steps: when cancelling, status and refund claim first, then
 * restock, then the provider; when reopening, stock first, then status (given back if the
 * write lost). A crash between two steps can leave stock short, never counted twice, and
 * leaves a refund claim that reconciliation completes.
 */
export async function updateOrderStatus(
  deps: AppDeps,
  orderId: string,
  status: OrderStatus,
  change: StatusChange = { by: 'admin' },
) {
  // Each lost write means another change succeeded; a few attempts are plenty.
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const current = await Order.findById(orderId).lean<LeanOrder>();
    if (!current) throw notFound('Order not found');
    if (change.from && !change.from.includes(current.status)) {
      return { current, changed: false as const, stale: true as const };
    }
    const moving = current.status !== status;
    const cancelling = status === 'cancelled' && moving;
    const reopening = current.status === 'cancelled' && moving;
    const retryingRefund =
      status === 'cancelled' && !moving && refundOf(current)?.status === 'failed';
    if (reopening && moneyReturned(current)) throw conflict(refundBlocksReopening(current));
    if (isBackwardMove(current.status, status) && !change.reason)
      throw reasonNeeded(current.status, status);

    const at = deps.now();
    const set: Record<string, unknown> = { status };
    if (change.shipment) set.shipment = { ...change.shipment, at };
    // Nothing to refund for a COD order not yet paid for, or a replacement shipped for an
    // exchange (not paid for).
    const refunds = paymentOf(current).status === 'paid' && refundableAmount(current) > 0;
    if (refunds && (cancelling || retryingRefund)) set.refund = refundClaim(current, at);
    if (reopening) set.refund = null;
    const held = heldStock(current);
    if (reopening) await takeStockToReopen(current, held);
    const event = {
      event: status,
      at,
      by: change.by,
      ...(change.reason ? { reason: change.reason } : {}),
    };
    const written = await Order.updateOne(unchanged(current), {
      $set: set,
      ...(moving ? { $push: { history: event } } : {}),
    });
    if (written.matchedCount !== 1) {
      if (reopening) await giveBack(deps.logger, orderId, held);
      continue;
    }
    if (cancelling) await giveBack(deps.logger, orderId, held);
    // A cancelled order's use of a code goes back (a reopened one keeps its price, uncounted).
    if (cancelling && current.discount?.couponId) await giveBackUse(orderId);
    // The refund's own mail ("processed") waits for the cancelled mail: the shopper hears
    // of things in the order they happened.
    let refunded: RefundMail | undefined;
    if (refunds && (cancelling || retryingRefund)) {
      const claimed = await Order.findById(orderId).lean<LeanOrder>();
      if (claimed) refunded = await requestRefund(deps, claimed, { mail: false });
    }
    // The tax documents: a credit note when an invoiced order is cancelled; an invoice when an
    // order ships without one (cash on delivery is invoiced as it ships).
    if (cancelling) await creditCancelledOrder(deps, orderId, at);
    if (status === 'shipped' && moving && !current.invoice) await invoiceOrder(deps, orderId, at);
    const after = await Order.findById(orderId).lean<LeanOrder>();
    if (!after) throw notFound('Order not found');
    if (moving) await notifyStatus(deps, after, status, current.status, change.by, at);
    if (refunded) await refunded.send();
    return { current: after, changed: moving };
  }
  throw conflict('This order is being changed by someone else. Please try again.');
}

/**
 * PUT /orders/update-status/{orderId}: an admin sets any status; a move back needs a reason,
 * a move to shipped may carry the courier and AWB, and `from` refuses a change to an order that
 * is no longer in the status the admin saw.
 */
export async function setOrderStatus(
  deps: AppDeps,
  orderId: string,
  body: {
    status: OrderStatus;
    reason?: string | undefined;
    shipment?: OrderShipment | undefined;
    from?: OrderStatus | undefined;
  },
) {
  const result = await updateOrderStatus(deps, orderId, body.status, {
    by: 'admin',
    ...(body.from ? { from: [body.from] } : {}),
    reason: body.reason,
    shipment: body.shipment,
  });
  const { current } = result;
  // Checked with the write (updateOrderStatus writes only while the status is as read).
  if ('stale' in result)
    throw conflict(
      `This order is ${orderStatusLabel(current.status).toLowerCase()} now (it changed since the page loaded), so nothing was changed.`,
      { status: current.status },
    );
  const [order] = await withBuyers([current]);
  return { success: true, order: order! };
}

const NOT_CANCELLABLE: Record<string, string> = {
  shipped: 'This order has already shipped, so it can no longer be cancelled.',
  delivered: 'This order has already been delivered, so it can no longer be cancelled.',
};

/**
 * PUT /orders/cancel/{orderId}: the shopper cancels their own order while it is `pending`
 * (not shipped); the stock comes back and the payment is refunded in full.
 */
export async function cancelOwnOrder(deps: AppDeps, orderId: string, userId: string) {
  const order = await ownOrder(orderId, { id: userId, isAdmin: false });
  if (order.status === 'cancelled')
    return {
      success: true,
      message: 'This order was already cancelled.',
      order: toOrderDto(order),
    };
  const { current, changed } = await updateOrderStatus(deps, orderId, 'cancelled', {
    by: 'customer',
    from: ['pending'],
  });
  if (!changed) {
    if (current.status === 'cancelled')
      return {
        success: true,
        message: 'This order was already cancelled.',
        order: toOrderDto(current),
      };
    throw conflict(NOT_CANCELLABLE[current.status] ?? 'This order can no longer be cancelled.');
  }
  const refund = refundOf(current);
  const message =
    paymentOf(current).status === 'due'
      ? 'Your order was cancelled. Nothing was charged.'
      : refund && refund.status !== 'failed'
        ? `Your order was cancelled. A refund of ${formatRupees(paiseToRupees(refund.amount))} is on its way.`
        : 'Your order was cancelled. Our team will arrange your refund.';
  return { success: true, message, order: toOrderDto(current) };
}
