/**
 * Orders: recording a paid order (exactly once), taking its stock (at most once per item),
 * the shopper's and the admin's lists, status changes and the admin overview.
 */
import type { Types } from 'mongoose';
import { ORDER_STATUSES, type Order as OrderDto, type OrderStatus } from '@repo/shared';
import { notFound } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/types.js';
import { decrementStock } from '../products/index.js';
import { User } from '../users/index.js';
import { paiseToRupees } from './money.js';
import { confirmationMail, shippedMail } from './order-mail.js';
import { Order, type OrderFields } from './order.model.js';

type Id = Types.ObjectId | string;
export type LeanOrder = OrderFields & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

export interface PaidOrderInput {
  user: Id | null;
  contact?: { email?: string | undefined; phone?: string | undefined } | undefined;
  items: ReadonlyArray<{ product: Id; name: string; photo: string; price: number; cartQuantity: number }>;
  amountPaise: number;
  currency: string;
  shippingAddress: string;
  provider: string;
  paymentId: string;
  providerOrderId: string;
}

const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

/**
 * Inserts the order; the unique indexes on paymentId and providerOrderId decide any race.
 * The loser (a second verify, the webhook after a verify, a retry) gets the existing order.
 */
export async function recordPaidOrder(input: PaidOrderInput): Promise<{ order: LeanOrder; created: boolean }> {
  try {
    const doc = await Order.create({
      user: input.user,
      contact: { email: input.contact?.email ?? '', phone: input.contact?.phone ?? '' },
      items: input.items.map((i) => ({ ...i, stock: 'pending' })),
      amount: paiseToRupees(input.amountPaise),
      amountPaise: input.amountPaise,
      currency: input.currency,
      shippingAddress: input.shippingAddress,
      provider: input.provider,
      paymentId: input.paymentId,
      providerOrderId: input.providerOrderId,
    });
    return { order: doc.toObject() as LeanOrder, created: true };
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const existing = await Order.findOne({ $or: [{ providerOrderId: input.providerOrderId }, { paymentId: input.paymentId }] }).lean<LeanOrder>();
    if (!existing) throw err;
    return { order: existing, created: false };
  }
}

/**
 * Takes each item of a paid order from stock, at most once: an item is first claimed on the
 * order (pending → taking, atomically, so only one caller gets it), then the stock is
 * decremented only if enough is left, then the outcome is written. Safe to call again and
 * concurrently; an item whose stock had run out is marked short and the order flagged.
 */
export async function takeStock(orderId: Id): Promise<{ short: string[] }> {
  const order = await Order.findById(orderId, { items: 1 }).lean<LeanOrder>();
  const short: string[] = [];
  if (!order) return { short };
  for (const [i, item] of order.items.entries()) {
    if (item.stock !== 'pending') continue;
    const path = `items.${i}.stock`;
    const claim = await Order.updateOne({ _id: orderId, [path]: 'pending' }, { $set: { [path]: 'taking' } });
    if (claim.modifiedCount !== 1) continue;
    // One line: a single conditional update ({ quantity ≥ n } → $inc −n), never below zero.
    const taken = await decrementStock([{ productId: String(item.product), quantity: item.cartQuantity }]);
    const outcome = taken.ok ? 'taken' : 'short';
    if (outcome === 'short') short.push(item.name);
    await Order.updateOne({ _id: orderId }, { $set: { [path]: outcome, ...(outcome === 'short' ? { stockShortage: true } : {}) } });
  }
  return { short };
}

/** The confirmation mail; never throws (a mail problem must not undo or fail a payment). */
export async function sendOrderConfirmation(deps: AppDeps, order: LeanOrder): Promise<void> {
  try {
    const to = await recipientOf(order);
    if (!to) return;
    await deps.mailer.send(confirmationMail(deps.config.shopName, to, order));
  } catch (err) {
    deps.logger.error({ err, orderId: String(order._id) }, 'order confirmation mail failed');
  }
}

async function recipientOf(order: Pick<LeanOrder, 'user' | 'contact'>): Promise<{ name: string; email: string } | undefined> {
  if (order.user) {
    const user = await User.findById(order.user, { name: 1, email: 1 }).lean();
    if (user) return { name: user.name, email: user.email };
  }
  const email = order.contact?.email;
  return email ? { name: 'there', email } : undefined;
}

interface PublicUserRef {
  _id?: string;
  name: string;
  email: string;
  phone: string;
}

/** The one shape of an order that leaves the API (shared `order` schema). */
export function toOrderDto(o: LeanOrder, user?: PublicUserRef | null): OrderDto {
  return {
    _id: String(o._id),
    status: o.status,
    amount: o.amount,
    shippingAddress: o.shippingAddress ?? '',
    items: o.items.map((i) => ({
      _id: String(i.product),
      name: i.name,
      photo: i.photo ?? '',
      price: i.price,
      cartQuantity: i.cartQuantity,
      stock: i.stock ?? 'pending',
    })),
    createdAt: o.createdAt.toISOString(),
    paymentId: o.paymentId,
    stockShortage: o.stockShortage ?? false,
    ...(user !== undefined ? { user } : {}),
  };
}

export async function listUserOrders(userId: string, page: number, limit: number) {
  const filter = { user: userId };
  const [orders, total] = await Promise.all([
    Order.find(filter).sort({ createdAt: -1, _id: -1 }).skip((page - 1) * limit).limit(limit).lean<LeanOrder[]>(),
    Order.countDocuments(filter),
  ]);
  return { orders: orders.map((o) => toOrderDto(o)), total };
}

type PopulatedUser = { _id: Types.ObjectId; name: string; email: string; phone?: string } | null;

/** The admin's view of who placed an order: the account, else the payer's contact. */
function buyerOf(o: LeanOrder): PublicUserRef {
  const u = o.user as unknown as PopulatedUser;
  if (u && typeof u === 'object' && 'email' in u) return { _id: String(u._id), name: u.name, email: u.email, phone: u.phone ?? '' };
  return { name: 'Guest', email: o.contact?.email ?? '', phone: o.contact?.phone ?? '' };
}

/** Every order, newest first, with the buyer's name, email and phone (one populate query, no N+1). */
export async function listAllOrders(page: number, limit: number) {
  const [orders, total] = await Promise.all([
    Order.find()
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .populate('user', { name: 1, email: 1, phone: 1 })
      .lean<LeanOrder[]>(),
    Order.countDocuments(),
  ]);
  return { success: true, orders: orders.map((o) => toOrderDto(o, buyerOf(o))), total };
}

/** An admin sets the status; marking it shipped mails the shopper once. */
export async function updateOrderStatus(deps: AppDeps, orderId: string, status: OrderStatus) {
  const before = await Order.findByIdAndUpdate(orderId, { $set: { status } }, { returnDocument: 'before' }).lean<LeanOrder>();
  if (!before) throw notFound('Order not found');
  const after = await Order.findById(orderId).populate('user', { name: 1, email: 1, phone: 1 }).lean<LeanOrder>();
  if (!after) throw notFound('Order not found');
  if (status === 'shipped' && before.status !== 'shipped') {
    void notifyShipped(deps, before);
  }
  return { success: true, order: toOrderDto(after, buyerOf(after)) };
}

async function notifyShipped(deps: AppDeps, order: LeanOrder): Promise<void> {
  try {
    const to = await recipientOf(order);
    if (to) await deps.mailer.send(shippedMail(deps.config.shopName, to, order));
  } catch (err) {
    deps.logger.error({ err, orderId: String(order._id) }, 'shipped mail failed');
  }
}

export const SHOP_TIME_ZONE = 'Asia/Kolkata';
const OVERVIEW_DAYS = 30;
const DAY_MS = 86_400_000;
const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The admin overview: orders and revenue (rupees, cancelled orders excluded) per IST day for
 * the last 30 days, every day present, and the count of orders in each status, in one aggregate.
 */
export async function orderOverview(now = new Date()) {
  // India has no daylight saving: a day is always 24 hours there.
  const keys = Array.from({ length: OVERVIEW_DAYS }, (_, k) => dayKey.format(new Date(now.getTime() - (OVERVIEW_DAYS - 1 - k) * DAY_MS)));
  const since = new Date(`${keys[0]}T00:00:00+05:30`);
  const [result] = await Order.aggregate<{
    days: Array<{ _id: string; orders: number; revenuePaise: number }>;
    statuses: Array<{ _id: string; count: number }>;
  }>([
    {
      $facet: {
        days: [
          { $match: { createdAt: { $gte: since } } },
          {
            $group: {
              _id: { $dateToString: { format: '%Y-%m-%d', date: '$createdAt', timezone: SHOP_TIME_ZONE } },
              orders: { $sum: 1 },
              revenuePaise: { $sum: { $cond: [{ $eq: ['$status', 'cancelled'] }, 0, '$amountPaise'] } },
            },
          },
        ],
        statuses: [{ $group: { _id: '$status', count: { $sum: 1 } } }],
      },
    },
  ]);
  const byDay = new Map((result?.days ?? []).map((d) => [d._id, d]));
  const statusCounts: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
  for (const s of result?.statuses ?? []) statusCounts[s._id] = s.count;
  return {
    success: true,
    days: keys.map((date) => ({ date, orders: byDay.get(date)?.orders ?? 0, revenue: paiseToRupees(byDay.get(date)?.revenuePaise ?? 0) })),
    statusCounts,
  };
}
