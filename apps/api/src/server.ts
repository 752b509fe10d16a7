/**
 * Start-up: config → logger → database → sizes migration → seed → app → the payments thread →
 * listen; graceful shutdown on SIGTERM/SIGINT.
 */
import { createServer, type Server } from 'node:http';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/index.js';
import { connectDatabase } from './lib/db.js';
import { createDeps, finishWrites } from './lib/deps.js';
import { createLogger, endLogger } from './lib/logger.js';
import { PaymentThread } from './lib/payment-thread.js';
import { ensurePrivateDirSync } from './lib/private-files.js';
import { backfillOrderNumbers, statusMailsSent } from './modules/orders/index.js';
import { listOlderUnsettled, startReconciler } from './modules/payments/index.js';
import { migrateToSizes } from './modules/products/index.js';
import { seedIfEmpty } from './seed/index.js';

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
  // Products saved before sizes existed become One size before the first request.
  const migrated = await migrateToSizes();
  if (migrated) logger.info({ migrated }, 'products without sizes are now One size');
  await seedIfEmpty(deps);
  const numbered = await backfillOrderNumbers();
  if (numbered) logger.info({ orders: numbered }, 'gave older orders their number');
  const unsettled = await listOlderUnsettled();
  if (unsettled) logger.info({ checkouts: unsettled }, 'older payments to settle are listed');
  // Checkouts are answered on a thread of their own (PAYMENTS_THREAD=off: on this one).
  const payments = config.payments.thread
    ? await PaymentThread.start(logger, { mongoUri: db.uri, dbKind: db.kind, env })
    : undefined;
  const app = createApp(deps, { payments });
  // Settles checkouts left pending (RECONCILE_INTERVAL_MS; off when 0).
  const stopReconciler = startReconciler(deps);
  // Sends queued mail: retries, and mail a stopped process left in the queue.
  deps.mailer.start();
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
      stopReconciler();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
      await closed;
      clearTimeout(force);
      await payments?.stop();
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
