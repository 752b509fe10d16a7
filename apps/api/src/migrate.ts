/**
 * `pnpm migrate`: the release steps (release.ts: indexes, migrations, the first seed) against
 * the configured database, then exit; `npm start` runs them before its workers serve. Run it
 * before rolling a new version out to replicas (docs/operations/scaling.md); a copy started
 * meanwhile waits for it. With the embedded database it needs the database's socket: run it
 * while the shop runs (its primary serves the database), or the shop's start does it.
 */
import { ConfigError, loadConfig } from './config/index.js';
import { connectDatabase } from './lib/db.js';
import { createDeps } from './lib/deps.js';
import { createLogger, endLogger } from './lib/logger.js';
import { runReleaseSteps } from './release.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const db = await connectDatabase({ mongoUri: config.mongoUri, dataDir: config.dataDir, logger });
  const deps = createDeps(config, logger, { kind: db.kind });
  try {
    await runReleaseSteps(deps);
    logger.info('the release steps are done');
  } finally {
    await deps.mailer.close();
    await db.close();
    await endLogger(logger);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
