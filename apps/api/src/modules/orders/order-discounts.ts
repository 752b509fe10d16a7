/**
 * What the coupons module needs to know of orders, passed to it by app.ts (it sits below
 * orders): whether a customer has ordered before, and what each code and offer took off the
 * orders that stand.
 */
import { Types } from 'mongoose';
import type { DiscountTotals } from '../coupons/index.js';
import { Order } from './order.model.js';

/** No order yet, or only cancelled ones: a first-order code still applies. */
export async function isFirstOrder(userId: string): Promise<boolean> {
  const earlier = await Order.exists({
    user: new Types.ObjectId(userId),
    status: { $ne: 'cancelled' },
  });
  return earlier === null;
}

type Totals = { _id: Types.ObjectId | null; orders: number; paise: number };

/** Orders (not cancelled) and paise given, by coupon and by offer. */
export async function discountTotals(): Promise<DiscountTotals> {
  const match = { 'discount.amountPaise': { $gt: 0 }, status: { $ne: 'cancelled' } };
  const by = (id: string, paise: string) =>
    Order.aggregate<Totals>([
      { $match: { ...match, [id.slice(1)]: { $ne: null } } },
      { $group: { _id: id, orders: { $sum: 1 }, paise: { $sum: paise } } },
    ]);
  const [coupons, offers] = await Promise.all([
    by('$discount.couponId', '$discount.codePaise'),
    by('$discount.offerId', '$discount.offerPaise'),
  ]);
  const toMap = (rows: Totals[]) =>
    new Map(rows.map((r) => [String(r._id), { orders: r.orders, givenAwayPaise: r.paise }]));
  return { coupons: toMap(coupons), offers: toMap(offers) };
}
