/**
 * An order's stock: taking a paid order's items from stock (at most once per item), giving a
 * cancelled order's back, and taking them again when it is reopened. Stock itself changes only
 * through the products module's decrementStock / restoreStock.
 */
import { randomBytes } from 'node:crypto';
import type { Types } from 'mongoose';
import type { Logger } from 'pino';
import { describeLine, ONE_SIZE } from '@repo/shared';
import { conflict } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/types.js';
import {
  decrementStock,
  forgetTakes,
  restoreStock,
  takeEachOnce,
  type StockLine,
} from '../products/index.js';
import { Order, type LeanOrder } from './order.model.js';

type Id = Types.ObjectId | string;

/** How long a claim on an order's items stands before another process takes them over. */
export const STOCK_CLAIM_MS = 60_000;

/** Orders with items whose stock is unsettled and whose claim (or lack of one) is stale. */
const staleTakes = (stale: Date) => [
  // recorded, but the process completing the payment stopped before taking
  { 'items.stock': 'pending' as const, createdAt: { $lte: stale } },
  { 'items.stock': 'taking' as const, stockClaimedAt: { $lte: stale } },
  // claimed before claims were dated
  { 'items.stock': 'taking' as const, stockClaimedAt: null, createdAt: { $lte: stale } },
];

/**
 * A claim on an order's items (step 1 below): its token and when it was made. The order's
 * insert can make it (recordPaidOrder's `stockClaim`: the items stored 'taking' under it), so
 * the process that recorded the order takes its stock without a write to claim it first.
 */
export interface StockClaim {
  token: string;
  /** When it was made (ms, by the clock takeStock is given). */
  at: number;
}

export const newStockClaim = (now: () => number = Date.now): StockClaim => ({
  token: randomBytes(8).toString('hex'),
  at: now(),
});

/**
 * Takes each item of a paid order from stock exactly once, even when a process dies half-way:
 * 1. the order's open items are claimed in one atomic write (pending → taking, with a claim
 *    token and its time; the order as it was before that write names exactly the items this
 *    caller claimed, so a concurrent caller gets none of them); a claim STOCK_CLAIM_MS old is
 *    taken over, its process presumed stopped. `claimed`: the order was inserted with all its
 *    items claimed by this caller already (its items as inserted), and this write is not made;
 * 2. the claimed items are taken in one write with the products module's takeEachOnce, which
 *    writes each item's key with its units, so whoever takes a claim over knows whether they
 *    were taken;
 * 3. the outcomes are written together, only while the claim is still this caller's (a
 *    shortage flags the order), then the keys are forgotten.
 * A caller past half the claim time does not take and leaves it to the take-over, so two
 * never take the same item at once. An item whose stock had run out is marked short.
 */
export async function takeStock(
  deps: Pick<AppDeps, 'logger'>,
  orderId: Id,
  {
    now = Date.now,
    claimed,
  }: {
    now?: () => number;
    claimed?: StockClaim & { items: LeanOrder['items'] };
  } = {},
): Promise<{ short: string[] }> {
  const short: string[] = [];
  const claim = claimed ?? (await claimItems(orderId, newStockClaim(now)));
  if (!claim) return { short };
  const open = [...claim.items.entries()].filter(
    ([, item]) => item.stock === 'pending' || item.stock === 'taking',
  );
  // Late (a stalled process): whoever takes the claim over finishes, knowing what was taken.
  if (now() - claim.at > STOCK_CLAIM_MS / 2) return { short: [] };
  const lines = open.map(([i, item]) => ({
    ...stockLineOf(item),
    key: `${String(orderId)}:${i}`,
  }));
  const took = await takeEachOnce(lines);
  const outcomes: Record<string, 'taken' | 'short'> = {};
  const taken: Array<StockLine & { key: string }> = [];
  for (const [n, [i, item]] of open.entries()) {
    outcomes[`items.${i}.stock`] = took[n] ? 'taken' : 'short';
    if (took[n]) taken.push(lines[n]!);
    else short.push(item.name);
  }
  // The status is read in the same write: an order cancelled meanwhile did not give these
  // items back (they were still 'taking'), so they go back here; reopening takes them again.
  const settled = await Order.findOneAndUpdate(
    { _id: orderId, stockClaim: claim.token },
    {
      $set: { ...outcomes, ...(short.length ? { stockShortage: true } : {}) },
      $unset: { stockClaim: 1, stockClaimedAt: 1 },
    },
    { projection: { status: 1 } },
  ).lean();
  // Taken over meanwhile: the take-over records the outcomes (takeEachOnce tells it what was taken).
  if (!settled) return { short: [] };
  // (A process stopping right here leaves its keys on the products: small, and never asked again.)
  await forgetTakes(taken);
  if (settled.status === 'cancelled' && taken.length) await giveBack(deps.logger, orderId, taken);
  return { short };
}

/**
 * Step 1: claims the order's open items (pending, or under a stale claim) in one atomic write;
 * answers the claim with the items as they were before it (null: none were open).
 */
async function claimItems(
  orderId: Id,
  claim: StockClaim,
): Promise<(StockClaim & { items: LeanOrder['items'] }) | null> {
  const before = await Order.findOneAndUpdate(
    {
      _id: orderId,
      $or: [{ 'items.stock': 'pending' }, ...staleTakes(new Date(claim.at - STOCK_CLAIM_MS))],
    },
    {
      $set: {
        'items.$[open].stock': 'taking',
        stockClaim: claim.token,
        stockClaimedAt: new Date(claim.at),
      },
    },
    {
      arrayFilters: [{ 'open.stock': { $in: ['pending', 'taking'] } }],
      projection: { items: 1 },
      returnDocument: 'before',
    },
  ).lean<LeanOrder>();
  return before ? { ...claim, items: before.items } : null;
}

/**
 * Finishes taking the stock of paid orders a stopped process left half-way (reconciliation):
 * items still pending, or claimed, STOCK_CLAIM_MS after. Answers how many orders it finished.
 */
export async function finishStockTakes(
  deps: Pick<AppDeps, 'logger'>,
  { now = Date.now, limit = 100 }: { now?: () => number; limit?: number } = {},
): Promise<number> {
  const orders = await Order.find({ $or: staleTakes(new Date(now() - STOCK_CLAIM_MS)) }, { _id: 1 })
    .limit(limit)
    .lean();
  for (const { _id } of orders) {
    const { short } = await takeStock(deps, _id, { now });
    deps.logger.warn(
      { orderId: String(_id), short },
      'finished taking the stock of a paid order a stopped process left half-way',
    );
  }
  return orders.length;
}

/**
 * An order item's stock line: its product, its colour (none before colours: the product's
 * first), its size (One size before sizes) and quantity.
 */
function stockLineOf(item: LeanOrder['items'][number]): StockLine {
  return {
    productId: String(item.product),
    ...(item.colour ? { colour: item.colour } : {}),
    size: item.size ?? ONE_SIZE,
    quantity: item.cartQuantity,
  };
}

/**
 * Puts an order's units back in their colours and sizes. A colour or size the product no longer
 * has (or a deleted product) cannot take them: that is logged for the admin, never guessed.
 */
export async function giveBack(logger: Logger, orderId: Id, lines: StockLine[]): Promise<void> {
  const lost = await restoreStock(lines);
  if (lost.length)
    logger.warn(
      { orderId: String(orderId), lost },
      'stock not given back: the colour or size is gone',
    );
}

/** A return's pieces are back in stock once its check passed (return-moves.ts restocks them). */
const BACK_IN_STOCK = new Set(['check_passed', 'exchanged', 'refunded']);

/**
 * The units an order holds while it is not cancelled: its items whose stock was taken, less the
 * pieces returns already put back (a delivered order cancelled after a return gives back only
 * what is still out).
 */
export function heldStock(
  order: Pick<LeanOrder, 'items'> & Partial<Pick<LeanOrder, 'returns'>>,
): StockLine[] {
  const returned = new Map<string, number>();
  for (const r of order.returns ?? [])
    if (BACK_IN_STOCK.has(r.status))
      for (const i of r.items) returned.set(i.itemId, (returned.get(i.itemId) ?? 0) + i.quantity);
  return order.items.flatMap((item) => {
    if (item.stock !== 'taken') return [];
    const line = stockLineOf(item);
    const quantity = line.quantity - (item.itemId ? (returned.get(item.itemId) ?? 0) : 0);
    return quantity > 0 ? [{ ...line, quantity }] : [];
  });
}

/** Takes a cancelled order's units again, or refuses (409, nothing taken) naming the first product short. */
export async function takeStockToReopen(order: LeanOrder, held: StockLine[]): Promise<void> {
  const taken = await decrementStock(held);
  if (taken.ok) return;
  const { productId, colour, size, available } = taken;
  const name = order.items.find((i) => String(i.product) === productId)?.name ?? 'A product';
  // Worded like the checkout's refusal (payments); a deleted product counts as 0 left.
  const what = describeLine(name, colour, size);
  const shortage = available > 0 ? `Only ${available} left of ${what}` : `${what} is out of stock`;
  throw conflict(`${shortage}: not enough to reopen this order`, {
    productId,
    ...(colour ? { colour } : {}),
    size,
    available,
  });
}
