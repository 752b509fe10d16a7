/**
 * A command's life (`pnpm migrate`, `pnpm --filter @repo/api reconcile`): the shop's
 * configuration, logger, database and adapters, then `work`, then the mails it queued get their
 * first attempt and everything is closed. A failure prints its message and exits 1.
 */
import { ConfigError, loadConfig } from '../config/index.js';
import { connectDatabase } from './db.js';
import { createDeps } from './deps.js';
import { createLogger, endLogger } from './logger.js';
import type { AppDeps } from './types.js';

export function runCommand(work: (deps: AppDeps) => Promise<void>): void {
  const main = async () => {
    const config = loadConfig();
    const logger = createLogger(config.logLevel);
    const db = await connectDatabase({
      mongoUri: config.mongoUri,
      dataDir: config.dataDir,
      logger,
    });
    const deps = createDeps(config, logger, { kind: db.kind });
    try {
      await work(deps);
    } finally {
      // Mails queued by the work are tried now; one that fails waits in the queue for the shop.
      await deps.mailer.idle();
      await deps.mailer.close();
      await db.close();
      await endLogger(logger);
    }
  };
  // Exits once done (a cluster worker's channel to its primary would keep it alive).
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (err: unknown) => {
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(1);
    },
  );
}
