/** The admin overview of the last 30 days. */
import { ORDER_STATUSES, paiseToRupees, RETURN_AWAITING_STAFF } from '@repo/shared';
import { Order } from './order.model.js';

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
 * the last 30 days, every day present, the count of orders in each status, and the return
 * requests waiting for the staff's next step, in one aggregate.
 */
export async function orderOverview(now = new Date()) {
  // India has no daylight saving: a day is always 24 hours there.
  const keys = Array.from({ length: OVERVIEW_DAYS }, (_, k) =>
    dayKey.format(new Date(now.getTime() - (OVERVIEW_DAYS - 1 - k) * DAY_MS)),
  );
  const since = new Date(`${keys[0]}T00:00:00+05:30`);
  const waiting = { $in: [...RETURN_AWAITING_STAFF] };
  const [result] = await Order.aggregate<{
    days: Array<{ _id: string; orders: number; revenuePaise: number }>;
    statuses: Array<{ _id: string; count: number }>;
    returnsWaiting: Array<{ n: number }>;
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
                // A COD order counts once its cash is collected (not while due or returned).
                $sum: {
                  $cond: [
                    {
                      $or: [
                        { $eq: ['$status', 'cancelled'] },
                        { $in: ['$payment.status', ['due', 'returned']] },
                      ],
                    },
                    0,
                    '$amountPaise',
                  ],
                },
              },
            },
          },
        ],
        statuses: [{ $group: { _id: '$status', count: { $sum: 1 } } }],
        returnsWaiting: [
          { $match: { 'returns.status': waiting } },
          { $project: { returns: 1 } },
          { $unwind: '$returns' },
          { $match: { 'returns.status': waiting } },
          { $count: 'n' },
        ],
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
    returnsWaiting: result?.returnsWaiting[0]?.n ?? 0,
  };
}
