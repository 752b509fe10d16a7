/**
 * Reading orders: the one shape that leaves the API, the shopper's and the admin's lists,
 * one order for its owner or an admin, and whether any order shows a photo.
 */
import {
  ONE_SIZE,
  paiseToRupees,
  parseOrderNumber,
  RETURN_AWAITING_STAFF,
  RETURNS_WAITING,
  type Order as OrderDto,
  type OrderReturn,
  type OrderTimelineEntry,
} from '@repo/shared';
import type { Types } from 'mongoose';
import { forbidden, notFound } from '../../lib/errors.js';
import { containsText } from '../../lib/literal-pattern.js';
import { userContacts, userIdsMatching } from '../users/index.js';
import { withItemIds } from './item-ids.js';
import {
  discountOf,
  Order,
  paymentOf,
  refundOf,
  returnRefundOf,
  shipmentOf,
  type LeanOrder,
  type StoredReturn,
} from './order.model.js';

/**
 * Whether any order shows this photo: its items keep the photo URL they were bought with, so
 * the product's photo files must outlive a replacement or a deletion (one indexed query).
 */
export async function ordersShowPhoto(urls: string[]): Promise<boolean> {
  return urls.length > 0 && (await Order.exists({ 'items.photo': { $in: urls } })) !== null;
}

export interface PublicUserRef {
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
    shippingFee: paiseToRupees(o.shippingFeePaise ?? 0),
    codFee: paiseToRupees(o.codFeePaise ?? 0),
    discount: discountDto(o),
    deliveryBy: o.deliveryBy ?? null,
    shippingAddress: o.shippingAddress ?? '',
    items: o.items.map((i) => ({
      _id: String(i.product),
      // Every read names the lines first (withItemIds).
      itemId: i.itemId ?? '',
      name: i.name,
      photo: i.photo ?? '',
      price: i.price,
      cartQuantity: i.cartQuantity,
      size: i.size ?? ONE_SIZE,
      ...(i.colour ? { colour: i.colour } : {}),
      stock: i.stock ?? 'pending',
    })),
    createdAt: o.createdAt.toISOString(),
    paymentId: o.paymentId,
    stockShortage: o.stockShortage ?? false,
    refund: refundDto(o),
    extraPaymentRefunds: (o.extraPaymentRefunds ?? []).map((r) => ({
      refundId: r.refundId,
      amount: r.amountPaise,
      at: r.at.toISOString(),
    })),
    timeline: timelineOf(o),
    addressNeeded: o.addressNeeded ?? false,
    payment: paymentOf(o),
    shipment: shipmentDto(o),
    invoice: o.invoice
      ? { number: o.invoice.number, issuedAt: o.invoice.issuedAt.toISOString() }
      : null,
    creditNotes: (o.creditNotes ?? []).map((c) => ({
      number: c.number,
      issuedAt: c.issuedAt.toISOString(),
    })),
    returns: ((o.returns ?? []) as StoredReturn[]).map(returnDto),
    exchangeFor: o.exchangeFor
      ? { orderId: String(o.exchangeFor.orderId), returnId: String(o.exchangeFor.returnId) }
      : null,
    ...(user !== undefined ? { user } : {}),
  };
}

function discountDto(o: LeanOrder): OrderDto['discount'] {
  const d = discountOf(o);
  if (!d) return null;
  return {
    code: d.code,
    offer: d.offer,
    amount: paiseToRupees(d.amountPaise),
    codeAmount: paiseToRupees(d.codePaise),
    offerAmount: paiseToRupees(d.offerPaise),
    lines: d.lines.map((l) => paiseToRupees(l.amountPaise)),
  };
}

/** A return or exchange as the API shows it (shared `orderReturn`). */
export function returnDto(r: StoredReturn): OrderReturn {
  const refund = returnRefundOf(r);
  return {
    _id: String(r._id),
    kind: r.kind as OrderReturn['kind'],
    status: r.status as OrderReturn['status'],
    items: r.items.map((i) => ({
      itemId: i.itemId,
      name: i.name,
      quantity: i.quantity,
      size: i.size,
      ...(i.colour ? { colour: i.colour } : {}),
      ...(i.wantedSize ? { wantedSize: i.wantedSize } : {}),
      ...(i.wantedColour ? { wantedColour: i.wantedColour } : {}),
    })),
    reason: r.reason as OrderReturn['reason'],
    ...(r.comment ? { comment: r.comment } : {}),
    ...(r.photo ? { photo: { url: r.photo.url, widths: r.photo.widths } } : {}),
    refund: refund
      ? {
          method: refund.method,
          id: refund.id,
          amount: refund.amount,
          status: refund.status,
          createdAt: refund.createdAt.toISOString(),
          ...(refund.status === 'failed'
            ? { failureReason: refund.failureReason || 'Unknown' }
            : {}),
        }
      : null,
    replacement: r.replacement
      ? { orderId: String(r.replacement.orderId), number: r.replacement.number }
      : null,
    timeline: r.timeline.map((t) => ({
      status: t.status as OrderReturn['status'],
      at: t.at.toISOString(),
      by: t.by as 'customer' | 'admin',
      ...(t.note ? { note: t.note } : {}),
    })),
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

function shipmentDto(o: LeanOrder): OrderDto['shipment'] {
  const s = shipmentOf(o);
  return s ? { courier: s.courier, awb: s.awb } : null;
}

/** Paid (the order's creation), then every recorded change, oldest first. */
function timelineOf(o: LeanOrder): OrderTimelineEntry[] {
  const history = (o.history ?? []).map((h) => ({
    event: h.event as OrderTimelineEntry['event'],
    at: h.at.toISOString(),
    ...(h.by ? { by: h.by as 'customer' | 'admin' } : {}),
    ...(h.reason ? { reason: h.reason } : {}),
  }));
  return [{ event: 'paid', at: o.createdAt.toISOString() }, ...history];
}

/**
 * One page of the orders matching `filter`, newest first, and how many match in all; lines not
 * named yet get their itemId (no write for orders whose lines all have one).
 */
async function pageOfOrders(filter: Record<string, unknown>, page: number, limit: number) {
  const [read, total] = await Promise.all([
    Order.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<LeanOrder[]>(),
    Order.countDocuments(filter),
  ]);
  return { orders: await Promise.all(read.map(withItemIds)), total };
}

export async function listUserOrders(userId: string, page: number, limit: number) {
  const { orders, total } = await pageOfOrders({ user: userId }, page, limit);
  return { orders: orders.map((o) => toOrderDto(o)), total };
}

/**
 * The admin's view of who placed each order: the account (the users module's contacts, one
 * query for the whole list), else the payer's contact.
 */
export async function withBuyers(orders: LeanOrder[]): Promise<OrderDto[]> {
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

/**
 * `?q=`: an order number ("#08D68A95"), a full order id, or any part of the buyer's name, email
 * or phone (their account's, or a guest's contact); empty finds every order.
 */
async function orderSearch(q: string | undefined): Promise<Record<string, unknown>> {
  if (!q) return {};
  const number = parseOrderNumber(q);
  if (number) return { number };
  if (/^[a-f\d]{24}$/i.test(q)) return { _id: q.toLowerCase() };
  const words = containsText(q);
  return {
    $or: [
      { user: { $in: await userIdsMatching(q) } },
      { 'contact.email': words },
      { 'contact.phone': words },
    ],
  };
}

/**
 * Every order (or those matching `q`, in `status`), newest first, with the buyer's name, email
 * and phone (one more query for the page, no N+1).
 */
export async function listAllOrders(page: number, limit: number, q?: string, status?: string) {
  const filter = { ...(await orderSearch(q)), ...(status ? { status } : {}) };
  const { orders, total } = await pageOfOrders(filter, page, limit);
  return { success: true, orders: await withBuyers(orders), total };
}

/** The order's owner or an admin may read it; anyone else gets 403. */
export async function ownOrder(orderId: string, actor: { id: string; isAdmin: boolean }) {
  const order = await Order.findById(orderId).lean<LeanOrder>();
  if (!order) throw notFound('Order not found');
  if (!actor.isAdmin && String(order.user) !== actor.id)
    throw forbidden('This order belongs to another account');
  return order;
}

/** GET /orders/{orderId}: the order page (owner or admin); lines read first get their itemId. */
export async function getOrder(orderId: string, actor: { id: string; isAdmin: boolean }) {
  return { success: true, order: toOrderDto(await withItemIds(await ownOrder(orderId, actor))) };
}

/**
 * GET /orders/returns: the admin's Returns page, the requests (of one status, those waiting for
 * the staff's next step, or all) newest first. The database unwinds, sorts and pages the requests (an order holds several); one more
 * query names the page's buyers.
 */
export async function listReturns(status: string | undefined, page: number, limit: number) {
  const wanted =
    status === RETURNS_WAITING ? { $in: [...RETURN_AWAITING_STAFF] } : (status ?? undefined);
  const [result] = await Order.aggregate<{
    page: Array<{
      _id: Types.ObjectId;
      number?: string;
      user?: Types.ObjectId;
      contact?: LeanOrder['contact'];
      returns: StoredReturn;
    }>;
    total: Array<{ n: number }>;
  }>([
    { $match: wanted ? { 'returns.status': wanted } : { 'returns.0': { $exists: true } } },
    { $project: { number: 1, user: 1, contact: 1, returns: 1 } },
    { $unwind: '$returns' },
    ...(wanted ? [{ $match: { 'returns.status': wanted } }] : []),
    { $sort: { 'returns.createdAt': -1, 'returns._id': -1 } },
    {
      $facet: {
        page: [{ $skip: (page - 1) * limit }, { $limit: limit }],
        total: [{ $count: 'n' }],
      },
    },
  ]);
  const shown = result?.page ?? [];
  const accounts = await userContacts(shown.flatMap((o) => (o.user ? [o.user] : [])));
  return {
    success: true,
    returns: shown.map((o) => {
      const buyer = accounts.get(String(o.user));
      return {
        orderId: String(o._id),
        orderNumber: o.number ?? String(o._id).slice(-8).toUpperCase(),
        customer: {
          name: buyer?.name ?? 'Guest',
          email: buyer?.email ?? o.contact?.email ?? '',
          phone: buyer?.phone ?? o.contact?.phone ?? '',
        },
        createdAt: o.returns.createdAt.toISOString(),
        request: returnDto(o.returns),
      };
    }),
    total: result?.total[0]?.n ?? 0,
  };
}
