/**
 * PUT /orders/{orderId}/cod: an admin settles a cash-on-delivery order. **Collected**: the
 * courier remitted the cash (a delivered order, with the remittance reference). **Returned
 * unpaid** (RTO): the parcel came back, the order is cancelled with its stock given back (nothing
 * to refund) and it counts against the customer's COD standing.
 * Each is one conditional write on an order still due, so two admins at once settle it once.
 */
import type { CodSettlementBody } from '@repo/shared';
import { conflict, notFound } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/types.js';
import { Order, paymentOf, type LeanOrder } from './order.model.js';
import { withBuyers } from './order-reads.js';
import { updateOrderStatus } from './order-status.js';

export async function settleCodOrder(deps: AppDeps, orderId: string, body: CodSettlementBody) {
  const current = await Order.findById(orderId).lean<LeanOrder>();
  if (!current) throw notFound('Order not found');
  if (paymentOf(current).method !== 'cod')
    throw conflict('This order was paid online: there is no cash to settle.');
  const at = deps.now();
  const due = { _id: current._id, 'payment.method': 'cod', 'payment.status': 'due' } as const;
  if (body.outcome === 'collected') {
    const settled = await Order.findOneAndUpdate(
      { ...due, status: 'delivered' },
      {
        $set: {
          'payment.status': 'collected',
          'payment.reference': body.reference,
          'payment.settledAt': at,
        },
      },
      { returnDocument: 'after' },
    ).lean<LeanOrder>();
    if (!settled)
      throw conflict(
        current.status !== 'delivered'
          ? 'Mark the order delivered before its cash is collected.'
          : 'This order’s cash is already settled.',
      );
    const [order] = await withBuyers([settled]);
    return { success: true, order: order! };
  }
  const returned = await Order.findOneAndUpdate(
    { ...due, status: { $in: ['shipped', 'delivered'] } },
    { $set: { 'payment.status': 'returned', 'payment.settledAt': at } },
  ).lean<LeanOrder>();
  if (!returned)
    throw conflict(
      ['shipped', 'delivered'].includes(current.status)
        ? 'This order’s cash is already settled.'
        : 'Only a parcel that was shipped can come back unpaid.',
    );
  // Cancelled with its stock back; nothing was paid, so nothing is refunded.
  const { current: after } = await updateOrderStatus(deps, orderId, 'cancelled', {
    by: 'admin',
    reason: 'Returned unpaid (RTO)',
  });
  const [order] = await withBuyers([after]);
  return { success: true, order: order! };
}
