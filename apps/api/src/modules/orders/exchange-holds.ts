/**
 * Giving back the size an exchange holds. An exchange takes the size wanted from stock when it
 * is asked for (`hold: 'held'`) and gives it back when it ends unused: check failed, rejected
 * or cancelled. The move that ends it (return-moves.ts) writes the new status and leaves the
 * hold `held`; then `releaseHold` gives the size back as one keyed, idempotent step:
 *
 * - each line's units go back with giveOnce: the units and the key `hold:<returnId>:<line>` in
 *   one write of the product, so a line is given back once however many callers ask, at once
 *   or again after a crash;
 * - then the request is marked released in one conditional write.
 *
 * A process that dies between the move and the release, or between the two steps, leaves an
 * ended exchange still `held`: that is what the sweep looks for (the `exchange-holds` job, every
 * few minutes in whichever copy holds its lease, and the same move asked again), and the keys
 * make its second go give nothing twice. The keys are kept: a caller still under way elsewhere
 * might ask again.
 *
 * Before commit b3bab85 an exchange that failed its check kept its size; the release step
 * (`releaseEndedExchangeHolds`, once) gives those back the same way.
 */
import type { Types } from 'mongoose';
import type { ReturnStatus } from '@repo/shared';
import type { Job } from '../../lib/jobs.js';
import { runOnce } from '../../lib/migrations.js';
import type { AppDeps } from '../../lib/types.js';
import { giveOnce, type StockLine } from '../products/index.js';
import { Order, type LeanOrder, type StoredReturn } from './order.model.js';

/** Where an exchange ends with no replacement to ship. */
export const ENDED_UNUSED: readonly ReturnStatus[] = ['check_failed', 'rejected', 'cancelled'];

const stillHolding = { kind: 'exchange', status: { $in: ENDED_UNUSED }, hold: 'held' };

/** How often the sweep looks for ended exchanges still holding their size. */
export const EXCHANGE_HOLDS_EVERY_MS = 5 * 60_000;

/** The pieces an exchange holds: the size and colour wanted. */
export const heldPieces = (r: StoredReturn): StockLine[] =>
  r.items.map((i) => ({
    productId: String(i.product),
    ...(i.wantedColour ? { colour: i.wantedColour } : {}),
    size: i.wantedSize ?? i.size,
    quantity: i.quantity,
  }));

/** An exchange that ended unused and still holds its size (its release is owed). */
export const owesRelease = (r: Pick<StoredReturn, 'kind' | 'status' | 'hold'>) =>
  r.kind === 'exchange' &&
  r.hold === 'held' &&
  (ENDED_UNUSED as readonly string[]).includes(r.status);

/**
 * Gives back the size an ended exchange holds, once however often and by however many callers
 * it is asked: each line through giveOnce under the request's key, then the request marked
 * released. Answers 1 when this call marked it, else 0 (another did, or it was not holding).
 */
export async function releaseHold(
  deps: Pick<AppDeps, 'logger'>,
  orderId: Types.ObjectId,
  r: StoredReturn,
): Promise<number> {
  const lost = [];
  for (const [i, line] of heldPieces(r).entries())
    if (!(await giveOnce(line, `hold:${String(r._id)}:${i}`))) lost.push(line);
  const marked = await Order.updateOne(
    { _id: orderId, returns: { $elemMatch: { _id: r._id, ...stillHolding } } },
    { $set: { 'returns.$[r].hold': 'released' } },
    { arrayFilters: [{ 'r._id': r._id }] },
  );
  if (lost.length && marked.modifiedCount)
    deps.logger.warn(
      { orderId: String(orderId), returnId: String(r._id), lost },
      'stock held by an ended exchange not given back: the colour or size is gone',
    );
  return marked.modifiedCount;
}

/** Releases every ended exchange still holding its size; answers how many it marked released. */
export async function sweepEndedExchangeHolds(deps: Pick<AppDeps, 'logger'>): Promise<number> {
  const orders = await Order.find({ returns: { $elemMatch: stillHolding } }, { returns: 1 }).lean<
    Array<Pick<LeanOrder, '_id' | 'returns'>>
  >();
  let released = 0;
  for (const order of orders)
    for (const r of (order.returns ?? []) as StoredReturn[])
      if (owesRelease(r)) released += await releaseHold(deps, order._id, r);
  return released;
}

/**
 * Start-up, once: exchanges that ended before their size was given back at all (before commit
 * b3bab85); answers how many requests it released (undefined once done).
 */
export function releaseEndedExchangeHolds(
  deps: Pick<AppDeps, 'logger'>,
): Promise<number | undefined> {
  return runOnce('give back sizes held by exchanges that ended unused', () =>
    sweepEndedExchangeHolds(deps),
  );
}

/** The sweep as a job: finishes releases a stopped process left half done. */
export function exchangeHoldsJob(deps: Pick<AppDeps, 'logger'>): Job {
  return {
    name: 'exchange-holds',
    everyMs: EXCHANGE_HOLDS_EVERY_MS,
    async run() {
      const released = await sweepEndedExchangeHolds(deps);
      if (released)
        deps.logger.info({ requests: released }, 'sizes held by ended exchanges are back');
    },
  };
}
