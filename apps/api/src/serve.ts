/**
 * A serving copy of the shop: a cluster worker, or the lone process (WEB_CONCURRENCY=1). Loaded
 * by server.ts only in those processes: the primary (cluster.ts) loads none of the app.
 *
 * A worker, or the lone process: config → logger → database → release steps (indexes,
 * migrations, the first seed: release.ts; a primary runs them in a worker of their own before
 * the others start) → app → background jobs (lib/jobs.ts, run once however many copies run) →
 * listen; on SIGTERM/SIGINT a graceful stop (`stop`).
 */
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { createApp } from './app.js';
import { answerHeartbeat } from './cluster.js';
import { loadConfig } from './config/index.js';
import { connectDatabase } from './lib/db.js';
import { createDeps, finishWrites } from './lib/deps.js';
import { IdleCollector } from './lib/idle-gc.js';
import { Jobs } from './lib/jobs.js';
import { createLogger, endLogger, flushLog } from './lib/logger.js';
import { MAIL_POLL_MS } from './lib/mailer/queue.js';
import { ensurePrivateDirSync } from './lib/private-files.js';
import { statusMailsSent, taxDocumentsJob } from './modules/orders/index.js';
import { reconcileJobs } from './modules/payments/index.js';
import { couponJobs } from './modules/coupons/index.js';
import { reviewRequestJob } from './modules/reviews/index.js';
import { backInStockJob } from './modules/back-in-stock/index.js';
import { runReleaseSteps } from './release.js';

/**
 * How long a stop lets requests in flight finish before closing their connections, and how long
 * it may take in all (its last writes included) before the process exits anyway: within
 * docker-compose's stop_grace_period (20 s). What is left then is safe in the database (queued
 * mail, leases that run out).
 */
export const DRAIN_MS = 10_000;
export const STOP_DEADLINE_MS = 15_000;

/** `release: false`: a worker whose primary ran the release steps before starting it. */
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
  if (release) await runReleaseSteps(deps);
  let stopping: Promise<void> | undefined;
  const app = createApp(deps, { stopping: () => stopping !== undefined });
  // Work done once however many copies run, each under a lease: reconciliation
  // (RECONCILE_INTERVAL_MS; off when 0) and the mail queue's poll (retries, and mail a stopped
  // process left).
  const jobs = new Jobs({ logger });
  for (const job of [...reconcileJobs(deps), ...couponJobs(deps)]) jobs.add(job);
  jobs.add({ name: 'mail-queue', everyMs: MAIL_POLL_MS, run: () => deps.mailer.runDue() });
  // Asks buyers for a review some days after delivery (each order once).
  jobs.add(reviewRequestJob(deps));
  jobs.add(taxDocumentsJob(deps));
  // Mails each "Notify me" once its colour and size is back in stock.
  jobs.add(backInStockJob(deps));
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
 * Serves as a worker (its primary ran the release steps) or as the lone process (which runs
 * them first); on SIGTERM/SIGINT stops gracefully, within STOP_DEADLINE_MS.
 */
export async function serve(): Promise<void> {
  if (cluster.isWorker) answerHeartbeat();
  const { stop, deps } = await start(process.env, { release: !cluster.isWorker });
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
