/**
 * What a customer received, for the modules above that act on it (reviews): whether they have a
 * delivered order of a product and in which size, and the delivered orders due a follow-up mail.
 */
import mongoose from 'mongoose';
import { ONE_SIZE } from '@repo/shared';
import { Order, type LeanOrder } from './order.model.js';

export interface DeliveredPurchase {
  orderId: string;
  size: string;
  deliveredAt: Date;
}

/** When the order was (last) delivered: its timeline's latest "delivered", else its last change. */
function deliveredAt(order: Pick<LeanOrder, 'history' | 'updatedAt'>): Date {
  const delivered = (order.history ?? []).filter((h) => h.event === 'delivered');
  return delivered.at(-1)?.at ?? order.updatedAt;
}

/** The customer's latest delivered order holding the product, and the size they bought. */
export async function deliveredPurchase(
  userId: string,
  productId: string,
): Promise<DeliveredPurchase | undefined> {
  const product = new mongoose.Types.ObjectId(productId);
  const order = await Order.findOne(
    { user: new mongoose.Types.ObjectId(userId), status: 'delivered', 'items.product': product },
    { items: 1, history: 1, updatedAt: 1 },
  )
    .sort({ createdAt: -1, _id: -1 })
    .lean<LeanOrder>();
  if (!order) return undefined;
  const item = order.items.find((i) => String(i.product) === productId);
  return {
    orderId: String(order._id),
    size: item?.size ?? ONE_SIZE,
    deliveredAt: deliveredAt(order),
  };
}

export interface DeliveredOrder {
  orderId: string;
  userId: string;
  items: Array<{ productId: string; name: string; size: string }>;
}

/**
 * Delivered orders of signed-in customers delivered between `from` and `to` that have not had
 * the follow-up mail `mail` (oldest delivery first, at most `limit`). One indexed range of the
 * timeline: orders delivered before `from` are never looked at again.
 */
export async function deliveredOrdersAwaiting(
  mail: string,
  { from, to, limit }: { from: Date; to: Date; limit: number },
): Promise<DeliveredOrder[]> {
  const orders = await Order.find(
    {
      history: { $elemMatch: { event: 'delivered', at: { $gte: from, $lte: to } } },
      status: 'delivered',
      user: { $ne: null },
      mailed: { $ne: mail },
    },
    { user: 1, items: 1 },
  )
    .sort({ updatedAt: 1, _id: 1 })
    .limit(limit)
    .lean<LeanOrder[]>();
  return orders.map((o) => ({
    orderId: String(o._id),
    userId: String(o.user),
    items: o.items.map((i) => ({
      productId: String(i.product),
      name: i.name,
      size: i.size ?? ONE_SIZE,
    })),
  }));
}

/**
 * Claims the follow-up mail `mail` of an order: true for exactly one caller however many
 * processes ask at once (the order's `mailed` list, like the status mails').
 */
export async function claimOrderMail(orderId: string, mail: string): Promise<boolean> {
  const claim = await Order.updateOne(
    { _id: new mongoose.Types.ObjectId(orderId), mailed: { $ne: mail } },
    { $addToSet: { mailed: mail } },
  );
  return claim.modifiedCount === 1;
}
