/**
 * Start-up: config → logger → database → release steps (indexes, migrations, the first seed:
 * release.ts, once however many copies start) → app → the payments thread → background jobs
 * (lib/jobs.ts) → listen; graceful shutdown on SIGTERM/SIGINT.
 */
import { createServer, type Server } from 'node:http';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/index.js';
import { connectDatabase } from './lib/db.js';
import { createDeps, finishWrites } from './lib/deps.js';
import { Jobs } from './lib/jobs.js';
import { createLogger, endLogger } from './lib/logger.js';
import { MAIL_POLL_MS } from './lib/mailer/queue.js';
import { PaymentThread } from './lib/payment-thread.js';
import { ensurePrivateDirSync } from './lib/private-files.js';
import { statusMailsSent } from './modules/orders/index.js';
import { reconcileJobs } from './modules/payments/index.js';
import { couponJobs } from './modules/coupons/index.js';
import { runReleaseSteps } from './release.js';

export async function start(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  if (config.isProduction && !config.mail.smtpUrl)
    logger.warn(
      'SMTP_URL is not set: mail is written to DATA_DIR/outbox, where nobody receives it',
    );
  // Reset mails, the local JWT secret and the embedded database live here: the shop user's alone.
  ensurePrivateDirSync(config.dataDir);
  const db = await connectDatabase({ mongoUri: config.mongoUri, dataDir: config.dataDir, logger });
  const deps = createDeps(config, logger, { kind: db.kind });
  await runReleaseSteps(deps);
  // Checkouts are answered on a thread of their own (PAYMENTS_THREAD=off: on this one).
  const payments = config.payments.thread
    ? await PaymentThread.start(logger, { mongoUri: db.uri, dbKind: db.kind, env })
    : undefined;
  const app = createApp(deps, { payments });
  // Work done once however many copies run, each under a lease: reconciliation
  // (RECONCILE_INTERVAL_MS; off when 0) and the mail queue's poll (retries, and mail a stopped
  // process left).
  const jobs = new Jobs({ logger });
  for (const job of [...reconcileJobs(deps), ...couponJobs(deps)]) jobs.add(job);
  jobs.add({ name: 'mail-queue', everyMs: MAIL_POLL_MS, run: () => deps.mailer.runDue() });
  jobs.start();
  const server: Server = await new Promise((resolve) => {
    const s = createServer(app).listen(config.port, config.host, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, db: db.kind }, `the shop is open on http://localhost:${port}`);

  let stopping: Promise<void> | undefined;
  async function stop(timeoutMs = 10_000): Promise<void> {
    stopping ??= (async () => {
      logger.info('shutting down: no new connections, finishing requests in flight');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
      await closed;
      clearTimeout(force);
      await payments?.stop();
      await jobs.stop();
      await statusMailsSent(); // a status change already answered still gets its mail queued
      await finishWrites(deps);
      await db.close();
      logger.info('stopped');
    })();
    return stopping;
  }
  return { app, server, port, deps, payments, stop };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  start()
    .then(({ stop, deps }) => {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        process.once(signal, () => {
          // The log's last lines are written before the process exits.
          stop().then(
            () => endLogger(deps.logger).then(() => process.exit(0)),
            (err) => {
              deps.logger.error({ err }, 'shutdown failed');
              void endLogger(deps.logger).then(() => process.exit(1));
            },
          );
        });
      }
    })
    .catch((err) => {
      if (err instanceof ConfigError) console.error(err.message);
      else console.error('The shop could not start:', err);
      process.exit(1);
    });
}
