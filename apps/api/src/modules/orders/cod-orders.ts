/**
 * Cash-on-delivery orders: placed at once, unpaid (`payment: { method: 'cod', status: 'due' }`),
 * their stock taken when placed; and a customer's COD standing (open COD orders, parcels
 * returned unpaid) that the COD rules weigh.
 */
import { conflict } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/types.js';
import { Order, type LeanOrder } from './order.model.js';
import { giveBack, heldStock, newStockClaim, takeStock } from './order-stock.js';
import { recordPaidOrder, type PaidOrderInput } from './record-order.js';

/** The customer's COD orders still to pay for, and parcels they sent back unpaid. */
export async function codStanding(userId: string): Promise<{ open: number; returned: number }> {
  const [open, returned] = await Promise.all([
    Order.countDocuments({
      user: userId,
      'payment.method': 'cod',
      'payment.status': 'due',
      status: { $ne: 'cancelled' },
    }),
    Order.countDocuments({ user: userId, 'payment.method': 'cod', 'payment.status': 'returned' }),
  ]);
  return { open, returned };
}

/** The COD order placed with this key (`providerOrderId`), if any: a retried request's answer. */
export const codOrderByKey = (providerOrderId: string) =>
  Order.findOne({ providerOrderId }).lean<LeanOrder>();

/**
 * Records a COD order and takes its stock. The key (`providerOrderId`, unique) makes a retried
 * or doubled request answer the same order; `created` says whether this call placed it.
 * Stock was checked when priced, but a shopper racing for the last units can lose between: then
 * the units this order took go back, the order is withdrawn (nothing was paid) and a 409 says
 * what sold out. A process stopping half-way leaves an order whose stock reconciliation takes.
 */
export async function placeCodOrder(
  deps: AppDeps,
  input: Omit<PaidOrderInput, 'payment' | 'provider'>,
): Promise<{ order: LeanOrder; created: boolean }> {
  // Inserted with its items claimed for this call's stock take (order-stock.ts).
  const claim = newStockClaim();
  const placed = await recordPaidOrder(deps, {
    ...input,
    provider: 'cod',
    payment: { method: 'cod', status: 'due' },
    stockClaim: claim,
  });
  if (!placed.created) return placed;
  const { short } = await takeStock(deps, placed.order._id, {
    claimed: { ...claim, items: placed.order.items },
  });
  if (short.length) {
    const taken = await Order.findById(placed.order._id, { items: 1 }).lean<LeanOrder>();
    if (taken) await giveBack(deps.logger, placed.order._id, heldStock(taken));
    await Order.deleteOne({ _id: placed.order._id });
    throw conflict(`${short.join(', ')} sold out just now. Please review your cart.`, {
      soldOut: short,
    });
  }
  const order = await Order.findById(placed.order._id).lean<LeanOrder>();
  return { order: order ?? placed.order, created: true };
}
