/**
 * `pnpm --filter @repo/api reconcile`: one reconciliation pass, then exit: the checkouts due a
 * check, the stock left half-taken, the refunds still pending.
 * With the embedded database, run it while the API is stopped (the API's own jobs do the same
 * work while it runs); with MONGODB_URI, run it any time, e.g. from cron.
 */
import { runCommand } from '../../lib/command.js';
import { finishStockTakes, reconcileRefunds } from '../orders/index.js';
import { reconcilePendingCheckouts } from './reconcile.js';

runCommand(async (deps) => {
  const summary = await reconcilePendingCheckouts(deps);
  console.log(
    `Reconciled with ${deps.payments.provider}: ${summary.checked} checked, ${summary.completed} completed, ${summary.failed} marked failed, ${summary.errors} errors.`,
  );
  const finished = await finishStockTakes(deps);
  if (finished) console.log(`Stock left half-taken: ${finished} orders finished.`);
  const refunds = await reconcileRefunds(deps);
  console.log(
    `Refunds: ${refunds.checked} pending checked, ${refunds.moved} moved, ${refunds.requested} requested again, ${refunds.errors} errors.`,
  );
  process.exitCode = summary.errors || refunds.errors ? 1 : 0;
});
