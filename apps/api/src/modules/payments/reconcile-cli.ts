/**
 * `pnpm --filter @repo/api reconcile`: one reconciliation pass, then exit.
 * With the embedded database, run it while the API is stopped (the API's own timer does the
 * same work while it runs); with MONGODB_URI, run it any time, e.g. from cron.
 */
import { ConfigError, loadConfig } from '../../config/index.js';
import { connectDatabase } from '../../lib/db.js';
import { createDeps } from '../../lib/deps.js';
import { createLogger } from '../../lib/logger.js';
import { reconcileRefunds } from '../orders/index.js';
import { reconcilePendingCheckouts } from './reconcile.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = await connectDatabase({ mongoUri: config.mongoUri, dataDir: config.dataDir, logger });
  const deps = createDeps(config, logger, { kind: db.kind });
  try {
    const summary = await reconcilePendingCheckouts(deps);
    console.log(
      `Reconciled with ${deps.payments.provider}: ${summary.checked} checked, ${summary.completed} completed, ${summary.failed} marked failed, ${summary.errors} errors.`,
    );
    const refunds = await reconcileRefunds(deps);
    console.log(
      `Refunds: ${refunds.checked} pending checked, ${refunds.moved} moved, ${refunds.requested} requested again, ${refunds.errors} errors.`,
    );
    process.exitCode = summary.errors || refunds.errors ? 1 : 0;
  } finally {
    // The pass's mails get their first attempt now; a failed one waits in the queue for the API.
    await deps.mailer.idle();
    await deps.mailer.close();
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
