/**
 * Each order line's own id (`itemId`): returns name a line by it, since two lines can be the same
 * tee. New orders get theirs when recorded; older ones from the release step backfillItemIds,
 * and any line still without one (an order recorded by an older copy during a rolling release)
 * when it is first read through withItemIds.
 */
import { Types } from 'mongoose';
import { Order, type LeanOrder } from './order.model.js';

const missing = (order: Pick<LeanOrder, 'items'>) =>
  order.items.flatMap((item, i) => (item.itemId ? [] : [i]));

/**
 * Gives the order's lines without an id theirs, once: the write matches only while those lines
 * still have none, so of two readers at once one names them and both then read the same ids.
 */
async function nameLines(orderId: Types.ObjectId, lines: number[]): Promise<number> {
  if (!lines.length) return 0;
  const res = await Order.updateOne(
    {
      _id: orderId,
      ...Object.fromEntries(lines.map((i) => [`items.${i}.itemId`, { $exists: false }])),
    },
    {
      $set: Object.fromEntries(
        lines.map((i) => [`items.${i}.itemId`, new Types.ObjectId().toHexString()]),
      ),
    },
  );
  return res.modifiedCount;
}

/** The order with every line's id (given now to lines that had none). */
export async function withItemIds(order: LeanOrder): Promise<LeanOrder> {
  const lines = missing(order);
  if (!lines.length) return order;
  await nameLines(order._id, lines);
  return (await Order.findById(order._id).lean<LeanOrder>()) ?? order;
}

/** Release step: the lines of orders recorded before line ids, a few hundred orders at a time. */
export async function backfillItemIds(): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await Order.find(
      { items: { $elemMatch: { itemId: { $exists: false } } } },
      { items: 1 },
    )
      .limit(300)
      .lean<LeanOrder[]>();
    let named = 0;
    for (const order of batch) named += await nameLines(order._id, missing(order));
    // Nothing named: no line is left that a write can name (never loop on one).
    if (!named) return done;
    done += named;
  }
}
