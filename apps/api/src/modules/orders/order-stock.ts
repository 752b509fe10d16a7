/**
 * An order's stock: taking a paid order's items from stock (at most once per item), giving a
 * cancelled order's back, and taking them again when it is reopened. Stock itself changes only
 * through the products module's decrementStock / restoreStock.
 */
import type { Types } from 'mongoose';
import type { Logger } from 'pino';
import { ONE_SIZE } from '@repo/shared';
import { conflict } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/types.js';
import { decrementStock, restoreStock, type StockLine } from '../products/index.js';
import { Order, type LeanOrder } from './order.model.js';

type Id = Types.ObjectId | string;

/**
 * Takes each item of a paid order from stock, at most once: the order's pending items are
 * claimed in one atomic write (pending → taking; the order as it was before that write names
 * exactly the items this caller claimed, so a concurrent caller gets none of them), then each
 * item's size is decremented only if enough is left, then the outcomes are written together.
 * Safe to call again and concurrently; an item whose stock had run out is marked short and the
 * order flagged.
 */
export async function takeStock(
  deps: Pick<AppDeps, 'logger'>,
  orderId: Id,
): Promise<{ short: string[] }> {
  const before = await Order.findOneAndUpdate(
    { _id: orderId, 'items.stock': 'pending' },
    { $set: { 'items.$[pending].stock': 'taking' } },
    {
      arrayFilters: [{ 'pending.stock': 'pending' }],
      projection: { items: 1 },
      returnDocument: 'before',
    },
  ).lean<LeanOrder>();
  const short: string[] = [];
  if (!before) return { short };
  const outcomes: Record<string, 'taken' | 'short'> = {};
  const taken: StockLine[] = [];
  for (const [i, item] of before.items.entries()) {
    if (item.stock !== 'pending') continue;
    // One line: a single conditional update of the item's size, never below zero.
    const line = stockLineOf(item);
    const result = await decrementStock([line]);
    outcomes[`items.${i}.stock`] = result.ok ? 'taken' : 'short';
    if (result.ok) taken.push(line);
    else short.push(item.name);
  }
  // The status is read in the same write: an order cancelled meanwhile did not give these
  // items back (they were still 'taking'), so they go back here; reopening takes them again.
  const settled = await Order.findOneAndUpdate(
    { _id: orderId },
    { $set: { ...outcomes, ...(short.length ? { stockShortage: true } : {}) } },
    { projection: { status: 1 } },
  ).lean();
  if (settled?.status === 'cancelled' && taken.length) await giveBack(deps.logger, orderId, taken);
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
export async function giveBack(logger: Logger, orderId: Id, lines: StockLine[]): Promise<void> {
  const lost = await restoreStock(lines);
  if (lost.length)
    logger.warn({ orderId: String(orderId), lost }, 'stock not given back: the size is gone');
}

/** The units an order holds while it is not cancelled: its items whose stock was taken. */
export function heldStock(order: Pick<LeanOrder, 'items'>): StockLine[] {
  return order.items.filter((i) => i.stock === 'taken').map(stockLineOf);
}

/** Takes a cancelled order's units again, or refuses (409, nothing taken) naming the first product short. */
export async function takeStockToReopen(order: LeanOrder, held: StockLine[]): Promise<void> {
  const taken = await decrementStock(held);
  if (taken.ok) return;
  const { productId, size, available } = taken;
  const name = order.items.find((i) => String(i.product) === productId)?.name ?? 'A product';
  // Worded like the checkout's refusal (payments); a deleted product counts as 0 left.
  const what = size === ONE_SIZE ? name : `${name} in size ${size}`;
  const shortage = available > 0 ? `Only ${available} left of ${what}` : `${what} is out of stock`;
  throw conflict(`${shortage}: not enough to reopen this order`, { productId, size, available });
}
