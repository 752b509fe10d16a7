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

/**
 * A give-back a request can owe: its pieces and their keys' prefix, the request's fields while
 * it is owed, the sweep's query for such requests (one an index answers), and the field its
 * conditional mark sets.
 */
interface GiveBack {
  prefix: 'hold' | 'back';
  pieces: (r: StoredReturn) => StockLine[];
  owed: Record<string, unknown>;
  isOwed: (r: StoredReturn) => boolean;
  sweepFilter: Record<string, unknown>;
  mark: { field: 'hold'; value: 'released' } | { field: 'restock'; value: 'done' };
  lostMessage: string;
}

/** The size an ended exchange holds. */
const HELD_SIZE: GiveBack = {
  prefix: 'hold',
  pieces: heldPieces,
  owed: stillHolding,
  isOwed: owesRelease,
  sweepFilter: { returns: { $elemMatch: stillHolding } },
  mark: { field: 'hold', value: 'released' },
  lostMessage: 'stock held by an ended exchange not given back: the colour or size is gone',
};

/** The pieces of a request that passed its check. */
const RETURNED_PIECES: GiveBack = {
  prefix: 'back',
  pieces: returnedPieces,
  owed: { restock: 'due' },
  isOwed: (r) => r.restock === 'due',
  sweepFilter: { 'returns.restock': 'due' },
  mark: { field: 'restock', value: 'done' },
  lostMessage: 'stock of a return not given back: the colour or size is gone',
};

/**
 * Gives `step`'s pieces of `r` back, once however often and by however many callers it is
 * asked: each line through giveOnce under `<prefix>:<returnId>:<line>`, then the request marked
 * while it still owes them. Answers 1 when this call marked it, else 0 (another did, or nothing
 * was owed).
 */
async function giveBackOnce(
  deps: Pick<AppDeps, 'logger'>,
  step: GiveBack,
  orderId: Types.ObjectId,
  r: StoredReturn,
): Promise<number> {
  const lost: StockLine[] = [];
  for (const [i, line] of step.pieces(r).entries())
    if (!(await giveOnce(line, `${step.prefix}:${String(r._id)}:${i}`))) lost.push(line);
  const marked = await Order.updateOne(
    { _id: orderId, returns: { $elemMatch: { _id: r._id, ...step.owed } } },
    { $set: { [`returns.$[r].${step.mark.field}`]: step.mark.value } },
    { arrayFilters: [{ 'r._id': r._id }] },
  );
  if (lost.length && marked.modifiedCount)
    deps.logger.warn({ orderId: String(orderId), returnId: String(r._id), lost }, step.lostMessage);
  return marked.modifiedCount;
}

/** Gives back everything `step` finds owed; answers how many requests it marked. */
async function sweep(deps: Pick<AppDeps, 'logger'>, step: GiveBack): Promise<number> {
  const orders = await Order.find(step.sweepFilter, { returns: 1 }).lean<
    Array<Pick<LeanOrder, '_id' | 'returns'>>
  >();
  let marked = 0;
  for (const order of orders)
    for (const r of (order.returns ?? []) as StoredReturn[])
      if (step.isOwed(r)) marked += await giveBackOnce(deps, step, order._id, r);
  return marked;
}

/** Gives back the size an ended exchange holds (giveBackOnce); answers 1 when this call marked it released. */
export const releaseHold = (
  deps: Pick<AppDeps, 'logger'>,
  orderId: Types.ObjectId,
  r: StoredReturn,
): Promise<number> => giveBackOnce(deps, HELD_SIZE, orderId, r);

/** Puts a passed request's pieces back in stock (giveBackOnce); answers 1 when this call marked it done. */
export const restockReturned = (
  deps: Pick<AppDeps, 'logger'>,
  orderId: Types.ObjectId,
  r: StoredReturn,
): Promise<number> => giveBackOnce(deps, RETURNED_PIECES, orderId, r);

/** Releases every ended exchange still holding its size; answers how many it marked released. */
export const sweepEndedExchangeHolds = (deps: Pick<AppDeps, 'logger'>): Promise<number> =>
  sweep(deps, HELD_SIZE);

/** Restocks every passed request whose pieces are still owed; answers how many it marked done. */
export const sweepDueRestocks = (deps: Pick<AppDeps, 'logger'>): Promise<number> =>
  sweep(deps, RETURNED_PIECES);

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
