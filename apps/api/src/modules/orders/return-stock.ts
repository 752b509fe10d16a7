/**
 * The stock a return or exchange gives back, each in one keyed, idempotent step that a retry,
 * a second process or the sweep after a crash repeats without giving anything twice: every
 * line's units go back with giveOnce (the units and a key of the request and the line in one
 * write of the product, so a line goes back once however many callers ask), then the request
 * is marked in one conditional write. The move that starts it (return-moves.ts) writes the new
 * status with the step still owed, so a process that dies before the step ends leaves what the
 * sweep looks for (the `return-stock` job: every few minutes across all copies, in whichever
 * copy holds its lease). The sweep and a move still under way may both take the step: the keys
 * and the conditional mark make that harmless. The keys are kept: a caller still under way
 * elsewhere might ask again.
 *
 * - The size an exchange holds: taken from stock when the exchange is asked for (`hold:
 *   'held'`), given back when it ends unused (check failed, rejected or cancelled) under the key
 *   `hold:<returnId>:<line>`, then marked `released`. Before commit b3bab85 an exchange that
 *   failed its check kept its size; the release step (`releaseEndedExchangeHolds`, once) gives
 *   those back the same way.
 * - The pieces sent back, once the check passed (`restock: 'due'`): back in stock in the size and
 *   colour bought under the key `back:<returnId>:<line>`, then marked `done`.
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

/** How often the sweep looks for stock a stopped process left owed. */
export const RETURN_STOCK_EVERY_MS = 5 * 60_000;

/** The pieces an exchange holds: the size and colour wanted. */
export const heldPieces = (r: StoredReturn): StockLine[] =>
  r.items.map((i) => ({
    productId: String(i.product),
    ...(i.wantedColour ? { colour: i.wantedColour } : {}),
    size: i.wantedSize ?? i.size,
    quantity: i.quantity,
  }));

/** The pieces the request sends back, as stock lines in the size and colour bought. */
export const returnedPieces = (r: StoredReturn): StockLine[] =>
  r.items.map((i) => ({
    productId: String(i.product),
    ...(i.colour ? { colour: i.colour } : {}),
    size: i.size,
    quantity: i.quantity,
  }));

/** An exchange that ended unused and still holds its size (its release is owed). */
export const owesRelease = (r: Pick<StoredReturn, 'kind' | 'status' | 'hold'>) =>
  r.kind === 'exchange' &&
  r.hold === 'held' &&
  (ENDED_UNUSED as readonly string[]).includes(r.status);

/** Gives `lines` back once each under `<prefix>:<returnId>:<line>`; answers those that found no such colour or size. */
async function giveEachOnce(r: StoredReturn, prefix: string, lines: StockLine[]) {
  const lost: StockLine[] = [];
  for (const [i, line] of lines.entries())
    if (!(await giveOnce(line, `${prefix}:${String(r._id)}:${i}`))) lost.push(line);
  return lost;
}

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
  const lost = await giveEachOnce(r, 'hold', heldPieces(r));
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

/**
 * Puts the pieces of a request that passed its check back in stock, once however often and by
 * however many callers it is asked, then marks it done. Answers 1 when this call marked it.
 */
export async function restockReturned(
  deps: Pick<AppDeps, 'logger'>,
  orderId: Types.ObjectId,
  r: StoredReturn,
): Promise<number> {
  const lost = await giveEachOnce(r, 'back', returnedPieces(r));
  const marked = await Order.updateOne(
    { _id: orderId, returns: { $elemMatch: { _id: r._id, restock: 'due' } } },
    { $set: { 'returns.$[r].restock': 'done' } },
    { arrayFilters: [{ 'r._id': r._id }] },
  );
  if (lost.length && marked.modifiedCount)
    deps.logger.warn(
      { orderId: String(orderId), returnId: String(r._id), lost },
      'stock of a return not given back: the colour or size is gone',
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

/** Restocks every passed request whose pieces are still owed; answers how many it marked done. */
export async function sweepDueRestocks(deps: Pick<AppDeps, 'logger'>): Promise<number> {
  const orders = await Order.find({ 'returns.restock': 'due' }, { returns: 1 }).lean<
    Array<Pick<LeanOrder, '_id' | 'returns'>>
  >();
  let done = 0;
  for (const order of orders)
    for (const r of (order.returns ?? []) as StoredReturn[])
      if (r.restock === 'due') done += await restockReturned(deps, order._id, r);
  return done;
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

/** The sweeps as a job: finishes what a stopped process left owed. */
export function returnStockJob(deps: Pick<AppDeps, 'logger'>): Job {
  return {
    name: 'return-stock',
    everyMs: RETURN_STOCK_EVERY_MS,
    async run({ signal }) {
      const released = await sweepEndedExchangeHolds(deps);
      if (released)
        deps.logger.info({ requests: released }, 'sizes held by ended exchanges are back');
      if (signal.aborted) return;
      const restocked = await sweepDueRestocks(deps);
      if (restocked)
        deps.logger.info({ requests: restocked }, 'pieces of passed returns are back in stock');
    },
  };
}
