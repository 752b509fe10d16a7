/**
 * Release step: sizes still held by exchanges that ended without a replacement. An exchange
 * takes the size wanted from stock when it is asked for (`hold: 'held'`) and gives it back when
 * it ends unused; before commit b3bab85 an exchange that failed its check kept it, so that
 * stock was lost to sale. Each such request (check failed, rejected or cancelled, still
 * holding) gives its size back here, once.
 *
 * Per request, and safe with several copies at once or after a crash: each line's units go back
 * with giveOnce (the units and the key `hold:<returnId>:<line>` in one write of the product, so a
 * line is given back once however many runs ask), then the request is marked released in one
 * conditional write. The keys are kept: a run still under way elsewhere might ask again.
 */
import type { Types } from 'mongoose';
import type { ReturnStatus } from '@repo/shared';
import { runOnce } from '../../lib/migrations.js';
import type { AppDeps } from '../../lib/types.js';
import { giveOnce } from '../products/index.js';
import { Order, type LeanOrder, type StoredReturn } from './order.model.js';
import { heldPieces } from './return-moves.js';

/** Where an exchange ends with no replacement to ship. */
const ENDED_UNUSED: readonly ReturnStatus[] = ['check_failed', 'rejected', 'cancelled'];

const stillHolding = { kind: 'exchange', status: { $in: ENDED_UNUSED }, hold: 'held' };

/** Gives back what those exchanges hold; answers how many requests it released (undefined once done). */
export function releaseEndedExchangeHolds(
  deps: Pick<AppDeps, 'logger'>,
): Promise<number | undefined> {
  return runOnce('give back sizes held by exchanges that ended unused', async () => {
    const orders = await Order.find({ returns: { $elemMatch: stillHolding } }, { returns: 1 }).lean<
      Array<Pick<LeanOrder, '_id' | 'returns'>>
    >();
    let released = 0;
    for (const order of orders)
      for (const r of (order.returns ?? []) as StoredReturn[])
        if (
          r.kind === 'exchange' &&
          r.hold === 'held' &&
          (ENDED_UNUSED as readonly string[]).includes(r.status)
        )
          released += await release(deps, order._id, r);
    return released;
  });
}

async function release(
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
