/**
 * Orders: recording a paid order (exactly once), taking its stock (at most once per item),
 * the shopper's and the admin's lists, status changes and the admin overview.
 */
import { Types } from 'mongoose';
import type { Logger } from 'pino';
import {
  formatRupees,
  isShippingAddress,
  ONE_SIZE,
  ORDER_STATUSES,
  orderNumber,
  paiseToRupees,
  parseOrderNumber,
  type Order as OrderDto,
  type OrderStatus,
  type OrderTimelineEntry,
} from '@repo/shared';
import { conflict, forbidden, isDuplicateKey, notFound } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/types.js';
import { currentPhotoUrls, decrementStock, restoreStock, type StockLine } from '../products/index.js';
import { userContacts } from '../users/index.js';
import { cancelledMail, confirmationMail, deliveredMail, shippedMail } from './order-mail.js';
import { Order, type OrderFields } from './order.model.js';
import { recipientOf, sendOrderMail } from './notices.js';
import {
  moneyReturned,
  refundBlocksReopening,
  refundClaim,
  refundOf,
  requestRefund,
} from './refunds.js';

type Id = Types.ObjectId | string;
export type LeanOrder = OrderFields & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

export interface PaidOrderInput {
  user: Id | null;
  contact?: { email?: string | undefined; phone?: string | undefined } | undefined;
  items: ReadonlyArray<{
    product: Id;
    name: string;
    photo: string;
    price: number;
    cartQuantity: number;
    size?: string | null | undefined;
  }>;
  amountPaise: number;
  currency: string;
  shippingAddress: string;
  provider: string;
  paymentId: string;
  providerOrderId: string;
}

/**
 * Inserts the order; the unique indexes on paymentId and providerOrderId decide any race.
 * The loser (a second verify, the webhook after a verify, a retry) gets the existing order.
 */
/**
 * Each item's photo as its product shows it now. A photo replaced while the shopper was paying
 * has had its files deleted (only photos orders show are kept, see ordersShowPhoto), so the
 * order takes the current one. For a product deleted meanwhile the checkout's photo stays.
 */
function currentPhotos(items: PaidOrderInput['items']): Promise<Map<string, string>> {
  return currentPhotoUrls(items.map((i) => String(i.product)));
}

export async function recordPaidOrder(
  input: PaidOrderInput,
): Promise<{ order: LeanOrder; created: boolean }> {
  try {
    const photos = await currentPhotos(input.items);
    const _id = new Types.ObjectId();
    const doc = await Order.create({
      _id,
      number: orderNumber(String(_id)),
      user: input.user,
      contact: { email: input.contact?.email ?? '', phone: input.contact?.phone ?? '' },
      items: input.items.map((i) => ({
        ...i,
        size: i.size ?? ONE_SIZE,
        photo: photos.get(String(i.product)) ?? i.photo,
        stock: 'pending',
      })),
      amount: paiseToRupees(input.amountPaise),
      amountPaise: input.amountPaise,
      currency: input.currency,
      shippingAddress: input.shippingAddress,
      addressNeeded: !isShippingAddress(input.shippingAddress),
      provider: input.provider,
      paymentId: input.paymentId,
      providerOrderId: input.providerOrderId,
    });
    return { order: doc.toObject() as LeanOrder, created: true };
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const existing = await Order.findOne({
      $or: [{ providerOrderId: input.providerOrderId }, { paymentId: input.paymentId }],
    }).lean<LeanOrder>();
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
export async function takeStock(
  deps: Pick<AppDeps, 'logger'>,
  orderId: Id,
): Promise<{ short: string[] }> {
  const order = await Order.findById(orderId, { items: 1 }).lean<LeanOrder>();
  const short: string[] = [];
  if (!order) return { short };
  for (const [i, item] of order.items.entries()) {
    if (item.stock !== 'pending') continue;
    const path = `items.${i}.stock`;
    const claim = await Order.updateOne(
      { _id: orderId, [path]: 'pending' },
      { $set: { [path]: 'taking' } },
    );
    if (claim.modifiedCount !== 1) continue;
    // One line: a single conditional update of the item's size, never below zero.
    const line = stockLineOf(item);
    const taken = await decrementStock([line]);
    if (!taken.ok) {
      short.push(item.name);
      await Order.updateOne({ _id: orderId }, { $set: { [path]: 'short', stockShortage: true } });
      continue;
    }
    // The status is read in the same write: an order cancelled meanwhile did not give this
    // item back (it was still 'taking'), so it goes back here; reopening takes it again.
    const settled = await Order.findOneAndUpdate(
      { _id: orderId },
      { $set: { [path]: 'taken' } },
      { projection: { status: 1 } },
    ).lean();
    if (settled?.status === 'cancelled') await giveBack(deps.logger, orderId, [line]);
  }
  return { short };
}

/** An order item's stock line: its product, its size (One size before sizes) and quantity. */
function stockLineOf(item: LeanOrder['items'][number]): StockLine {
  return {
    productId: String(item.product),
    size: item.size ?? ONE_SIZE,
    quantity: item.cartQuantity,
  };
}

/**
 * Puts an order's units back in their sizes. A size the product no longer has (or a deleted
 * product) cannot take them: that is logged for the admin, never guessed.
 */
async function giveBack(logger: Logger, orderId: Id, lines: StockLine[]): Promise<void> {
  const lost = await restoreStock(lines);
  if (lost.length)
    logger.warn({ orderId: String(orderId), lost }, 'stock not given back: the size is gone');
}

/**
 * Whether any order shows this photo: its items keep the photo URL they were bought with, so
 * the product's photo files must outlive a replacement or a deletion (one indexed query).
 */
export async function ordersShowPhoto(urls: string[]): Promise<boolean> {
  return urls.length > 0 && (await Order.exists({ 'items.photo': { $in: urls } })) !== null;
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
      size: i.size ?? ONE_SIZE,
      stock: i.stock ?? 'pending',
    })),
    createdAt: o.createdAt.toISOString(),
    paymentId: o.paymentId,
    stockShortage: o.stockShortage ?? false,
    refund: refundDto(o),
    timeline: timelineOf(o),
    addressNeeded: o.addressNeeded ?? false,
    ...(user !== undefined ? { user } : {}),
  };
}

function refundDto(o: LeanOrder): OrderDto['refund'] {
  const r = refundOf(o);
  if (!r) return null;
  return {
    id: r.id,
    amount: r.amount,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    ...(r.status === 'failed' ? { failureReason: r.failureReason || 'Unknown' } : {}),
  };
}

/** Paid (the order's creation), then every recorded change, oldest first. */
function timelineOf(o: LeanOrder): OrderTimelineEntry[] {
  const history = (o.history ?? []).map((h) => ({
    event: h.event as OrderTimelineEntry['event'],
    at: h.at.toISOString(),
    ...(h.by ? { by: h.by as 'customer' | 'admin' } : {}),
  }));
  return [{ event: 'paid', at: o.createdAt.toISOString() }, ...history];
}

export async function listUserOrders(userId: string, page: number, limit: number) {
  const filter = { user: userId };
  const [orders, total] = await Promise.all([
    Order.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<LeanOrder[]>(),
    Order.countDocuments(filter),
  ]);
  return { orders: orders.map((o) => toOrderDto(o)), total };
}

/**
 * The admin's view of who placed each order: the account (the users module's contacts, one
 * query for the whole list), else the payer's contact.
 */
async function withBuyers(orders: LeanOrder[]): Promise<OrderDto[]> {
  const accounts = await userContacts(orders.flatMap((o) => (o.user ? [o.user] : [])));
  return orders.map((o) =>
    toOrderDto(
      o,
      accounts.get(String(o.user)) ?? {
        name: 'Guest',
        email: o.contact?.email ?? '',
        phone: o.contact?.phone ?? '',
      },
    ),
  );
}

/** `?q=`: an order number ("#08D68A95") or a full order id; empty finds every order. */
function orderSearch(q: string | undefined): Record<string, unknown> {
  if (!q) return {};
  const number = parseOrderNumber(q);
  return number ? { number } : { _id: q.toLowerCase() };
}

/**
 * Every order (or those matching `q`), newest first, with the buyer's name, email and phone
 * (one more query for the page, no N+1).
 */
export async function listAllOrders(page: number, limit: number, q?: string) {
  const filter = orderSearch(q);
  const [orders, total] = await Promise.all([
    Order.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<LeanOrder[]>(),
    Order.countDocuments(filter),
  ]);
  return { success: true, orders: await withBuyers(orders), total };
}

/** The units an order holds while it is not cancelled: its items whose stock was taken. */
function heldStock(order: Pick<LeanOrder, 'items'>): StockLine[] {
  return order.items.filter((i) => i.stock === 'taken').map(stockLineOf);
}

/** Takes a cancelled order's units again, or refuses (409, nothing taken) naming the first product short. */
async function takeStockToReopen(order: LeanOrder, held: StockLine[]): Promise<void> {
  const taken = await decrementStock(held);
  if (taken.ok) return;
  const { productId, size, available } = taken;
  const name = order.items.find((i) => String(i.product) === productId)?.name ?? 'A product';
  // Worded like the checkout's refusal (payments); a deleted product counts as 0 left.
  const what = size === ONE_SIZE ? name : `${name} in size ${size}`;
  const shortage = available > 0 ? `Only ${available} left of ${what}` : `${what} is out of stock`;
  throw conflict(`${shortage}: not enough to reopen this order`, { productId, size, available });
}

/** A filter matching the order only while its status, refund and every item's stock are as read. */
function unchanged(order: LeanOrder): Record<string, unknown> {
  const items = order.items.map((i, k) => [`items.${k}.stock`, i.stock ?? null]);
  return {
    _id: order._id,
    status: order.status,
    'refund.status': refundOf(order)?.status ?? null,
    ...Object.fromEntries(items),
  };
}

export interface StatusChange {
  by: 'customer' | 'admin';
  /** The statuses the order may be in for this change (the shopper: only `pending`). */
  from?: readonly string[];
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
      return { current, changed: false as const };
    }
    const moving = current.status !== status;
    const cancelling = status === 'cancelled' && moving;
    const reopening = current.status === 'cancelled' && moving;
    const retryingRefund =
      status === 'cancelled' && !moving && refundOf(current)?.status === 'failed';
    if (reopening && moneyReturned(current)) throw conflict(refundBlocksReopening(current));

    const at = new Date();
    const set: Record<string, unknown> = { status };
    if (cancelling || retryingRefund) set.refund = refundClaim(current, at);
    if (reopening) set.refund = null;
    const held = heldStock(current);
    if (reopening) await takeStockToReopen(current, held);
    const written = await Order.updateOne(unchanged(current), {
      $set: set,
      ...(moving ? { $push: { history: { event: status, at, by: change.by } } } : {}),
    });
    if (written.matchedCount !== 1) {
      if (reopening) await giveBack(deps.logger, orderId, held);
      continue;
    }
    if (cancelling) await giveBack(deps.logger, orderId, held);
    if (cancelling || retryingRefund) {
      const claimed = await Order.findById(orderId).lean<LeanOrder>();
      if (claimed) await requestRefund(deps, claimed);
    }
    const after = await Order.findById(orderId).lean<LeanOrder>();
    if (!after) throw notFound('Order not found');
    if (moving) await notifyStatus(deps, after, status, current.status, change.by, at);
    return { current: after, changed: moving };
  }
  throw conflict('This order is being changed by someone else. Please try again.');
}

/** PUT /orders/update-status/{orderId}: an admin sets any status. */
export async function setOrderStatus(deps: AppDeps, orderId: string, status: OrderStatus) {
  const { current } = await updateOrderStatus(deps, orderId, status);
  const [order] = await withBuyers([current]);
  return { success: true, order: order! };
}

/** Status mails being sent (the answer does not wait for them); they never reject. */
const mailsInFlight = new Set<Promise<void>>();
function inFlight(mail: Promise<void>): void {
  mailsInFlight.add(mail);
  void mail.finally(() => mailsInFlight.delete(mail));
}

/** Resolves once every status mail started so far is sent (or its failure logged). */
export async function statusMailsSent(): Promise<void> {
  await Promise.all(mailsInFlight);
}

/** The mail for a status the order just moved to (the shopper hears each change once). */
async function notifyStatus(
  deps: AppDeps,
  order: LeanOrder,
  status: OrderStatus,
  from: string,
  by: StatusChange['by'],
  at: Date,
): Promise<void> {
  if (
    (status === 'shipped' || status === 'delivered') &&
    !(await mailOnce(deps, order, status, from))
  )
    return;
  if (status === 'shipped') inFlight(notifyShipped(deps, order));
  if (status === 'delivered')
    inFlight(sendOrderMail(deps, order, 'delivered', (shop, to) => deliveredMail(shop, to, order)));
  if (status === 'cancelled') {
    const refund = refundOf(order);
    const notice = {
      by,
      at,
      refund: refund ? { amountPaise: refund.amount, status: refund.status } : null,
    };
    inFlight(
      sendOrderMail(deps, order, 'cancelled', (shop, to) => cancelledMail(shop, to, order, notice)),
    );
  }
}

/** The order's owner or an admin may read it; anyone else gets 403. */
async function ownOrder(orderId: string, actor: { id: string; isAdmin: boolean }) {
  const order = await Order.findById(orderId).lean<LeanOrder>();
  if (!order) throw notFound('Order not found');
  if (!actor.isAdmin && String(order.user) !== actor.id)
    throw forbidden('This order belongs to another account');
  return order;
}

/** GET /orders/{orderId}: the order page (owner or admin). */
export async function getOrder(orderId: string, actor: { id: string; isAdmin: boolean }) {
  return { success: true, order: toOrderDto(await ownOrder(orderId, actor)) };
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
    refund && refund.status !== 'failed'
      ? `Your order was cancelled. A refund of ${formatRupees(paiseToRupees(refund.amount))} is on its way.`
      : 'Your order was cancelled. Our team will arrange your refund.';
  return { success: true, message, order: toOrderDto(current) };
}

/**
 * Gives orders recorded before numbers were stored their number, so the admin can find them
 * (start-up; a few hundred at a time; nothing to do once every order has one).
 */
export async function backfillOrderNumbers(): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await Order.find({ number: null }, { _id: 1 }).limit(500).lean();
    if (!batch.length) return done;
    await Order.bulkWrite(
      batch.map((o) => ({
        updateOne: {
          filter: { _id: o._id },
          update: { $set: { number: orderNumber(String(o._id)) } },
        },
      })),
    );
    done += batch.length;
  }
}

/**
 * Whether the shipped or delivered mail is due: only for a real move, the first time the order
 * gets there. Delivered → shipped is a correction, and an order already told it shipped (or
 * was delivered) is never told again. Claimed in the database, so concurrent changes mail once.
 */
async function mailOnce(
  deps: AppDeps,
  order: LeanOrder,
  status: 'shipped' | 'delivered',
  from: string,
): Promise<boolean> {
  if (status === 'shipped' && from === 'delivered') return false;
  try {
    const claim = await Order.updateOne(
      { _id: order._id, mailed: { $ne: status } },
      { $addToSet: { mailed: status } },
    );
    return claim.modifiedCount === 1;
  } catch (err) {
    deps.logger.error({ err, orderId: String(order._id) }, `${status} mail not claimed`);
    return false;
  }
}

/** Hands the shipped mail to the mailer (not waiting for the mail server; failures logged). */
async function notifyShipped(deps: AppDeps, order: LeanOrder): Promise<void> {
  const log = (err: unknown) =>
    deps.logger.error({ err, orderId: String(order._id) }, 'shipped mail failed');
  try {
    const to = await recipientOf(order);
    if (to) deps.mailer.send(shippedMail(deps.config.shopName, to, order)).catch(log);
  } catch (err) {
    log(err);
  }
}

export const SHOP_TIME_ZONE = 'Asia/Kolkata';
const OVERVIEW_DAYS = 30;
const DAY_MS = 86_400_000;
const dayKey = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The admin overview: orders and revenue (rupees, cancelled orders excluded) per IST day for
 * the last 30 days, every day present, and the count of orders in each status, in one aggregate.
 */
export async function orderOverview(now = new Date()) {
  // India has no daylight saving: a day is always 24 hours there.
  const keys = Array.from({ length: OVERVIEW_DAYS }, (_, k) =>
    dayKey.format(new Date(now.getTime() - (OVERVIEW_DAYS - 1 - k) * DAY_MS)),
  );
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
              _id: {
                $dateToString: { format: '%Y-%m-%d', date: '$createdAt', timezone: SHOP_TIME_ZONE },
              },
              orders: { $sum: 1 },
              revenuePaise: {
                $sum: { $cond: [{ $eq: ['$status', 'cancelled'] }, 0, '$amountPaise'] },
              },
            },
          },
        ],
        statuses: [{ $group: { _id: '$status', count: { $sum: 1 } } }],
      },
    },
  ]);
  const byDay = new Map((result?.days ?? []).map((d) => [d._id, d]));
  const statusCounts: Record<string, number> = Object.fromEntries(
    ORDER_STATUSES.map((s) => [s, 0]),
  );
  for (const s of result?.statuses ?? []) statusCounts[s._id] = s.count;
  return {
    success: true,
    days: keys.map((date) => ({
      date,
      orders: byDay.get(date)?.orders ?? 0,
      revenue: paiseToRupees(byDay.get(date)?.revenuePaise ?? 0),
    })),
    statusCounts,
  };
}
