/**
 * A serving copy of the shop: a cluster worker, or the lone process (WEB_CONCURRENCY=1). Loaded
 * by server.ts only in those processes: the primary (cluster.ts) loads none of the app.
 *
 * A worker, or the lone process: config → logger → database → release steps (indexes,
 * migrations, the first seed: release.ts; of a primary's workers only the first runs them, and
 * the primary starts the others once it says they are done) → app → background jobs
 * (background-jobs.ts: each run once however many copies run) → listen; on SIGTERM/SIGINT a
 * graceful stop (`stop`).
 */
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { createApp } from './app.js';
import { backgroundJobs } from './background-jobs.js';
import { answerHeartbeat, WORKER_ROLE, type FromWorker } from './cluster.js';
import { loadConfig } from './config/index.js';
import { connectDatabase } from './lib/db.js';
import { createDeps, finishWrites } from './lib/deps.js';
import { IdleCollector, limitHeapGrowth } from './lib/idle-gc.js';
import { createLogger, endLogger, flushLog } from './lib/logger.js';
import { ensurePrivateDirSync } from './lib/private-files.js';
import { statusMailsSent } from './modules/orders/index.js';
import { runReleaseSteps } from './release.js';

/**
 * How long a stop lets requests in flight finish before closing their connections, and how long
 * it may take in all (its last writes included) before the process exits anyway: within
 * docker-compose's stop_grace_period (20 s). What is left then is safe in the database (queued
 * mail, leases that run out).
 */
export const DRAIN_MS = 10_000;
export const STOP_DEADLINE_MS = 15_000;

/** `release: false`: a worker started once its primary's first worker had run the release steps. */
export async function start(
  env: NodeJS.ProcessEnv = process.env,
  { release = true }: { release?: boolean } = {},
) {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  // Reset mails, the local JWT secret and the embedded database live here: the shop user's alone.
  ensurePrivateDirSync(config.dataDir);
  const db = await connectDatabase({ mongoUri: config.mongoUri, dataDir: config.dataDir, logger });
  const deps = createDeps(config, logger, { kind: db.kind });
  if (release) {
    await runReleaseSteps(deps);
    // The primary starts the other workers now (cluster.ts).
    if (cluster.isWorker) process.send?.({ type: 'released' } satisfies FromWorker);
  }
  let stopping: Promise<void> | undefined;
  const app = createApp(deps, { stopping: () => stopping !== undefined });
  // Work done once however many copies run, each under a lease, on the app's clock.
  const jobs = backgroundJobs(deps);
  jobs.start();
  const server: Server = await new Promise((resolve) => {
    const s = createServer(app).listen(config.port, config.host, () => resolve(s));
  });
  // At idle the process gives back the heap V8 grew under load (lib/idle-gc.ts).
  const idle = config.idleGcMs ? new IdleCollector({ idleMs: config.idleGcMs }).start() : undefined;
  if (idle) server.on('request', idle.requestStarted);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (cluster.isWorker) logger.info({ port, db: db.kind }, 'a worker is serving');
  else logger.info({ port, db: db.kind }, `the shop is open on http://localhost:${port}`);
  flushLog(logger);

  /**
   * Stops taking connections (/api/ready answers 503 meanwhile), lets the requests in flight
   * finish (those still running after `timeoutMs` are cut), then the jobs, the last writes and
   * the database.
   */
  function stop(timeoutMs = DRAIN_MS): Promise<void> {
    stopping ??= (async () => {
      logger.info('shutting down: no new connections, finishing requests in flight');
      flushLog(logger);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
      await closed;
      clearTimeout(force);
      idle?.stop();
      await jobs.stop();
      await statusMailsSent(); // a status change already answered still gets its mail queued
      await finishWrites(deps);
      await db.close();
      logger.info('stopped');
    })();
    return stopping;
  }
  return { app, server, port, deps, stop };
}

/**
 * Serves as a worker or as the lone process, the lone process and a primary's first worker
 * running the release steps first; on SIGTERM/SIGINT stops gracefully, within STOP_DEADLINE_MS.
 */
export async function serve(): Promise<void> {
  // Under load the heap grows to about twice what is alive, not four times (lib/idle-gc.ts).
  limitHeapGrowth();
  if (cluster.isWorker) answerHeartbeat();
  const release = !cluster.isWorker || process.env[WORKER_ROLE] === 'first';
  const { stop, deps } = await start(process.env, { release });
  const exit = (code: number) => void endLogger(deps.logger).then(() => process.exit(code));
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        deps.logger.warn('the stop took too long: exiting with its last writes unfinished');
        exit(1);
      }, STOP_DEADLINE_MS).unref();
      // The log's last lines are written before the process exits.
      stop().then(
        () => exit(0),
        (err: unknown) => {
          deps.logger.error({ err }, 'shutdown failed');
          exit(1);
        },
      );
    });
  }
}
