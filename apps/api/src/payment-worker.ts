/**
 * The payments thread (lib/payment-thread.ts starts it): the shop's app, connected to the
 * same database, answering the main thread's /api/payment/ calls on a private Unix socket.
 * Start-up work (indexes, migrations, the seed), the reconciler and the mail queue's polling
 * stay on the main thread; this thread sends the mails it stores itself.
 */
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import mongoose from 'mongoose';
import { createApp } from './app.js';
import { loadConfig } from './config/index.js';
import { connectMongoose } from './lib/db.js';
import { createDeps, finishWrites } from './lib/deps.js';
import { createLogger } from './lib/logger.js';
import { PEER_HEADER, type FromWorker, type PaymentWorkerData } from './lib/payment-thread.js';

const port = parentPort!;
const { mongoUri, dbKind, socketPath } = workerData as PaymentWorkerData;
const tell = (message: FromWorker) => port.postMessage(message);
const config = loadConfig(process.env);
// Each line goes to the main thread as it is logged (about four a checkout): none waits in
// this thread to be lost if it stops.
const logger = createLogger(config.logLevel, { write: (lines) => tell({ type: 'log', lines }) });

/** The request as the main thread received it: its client's address is the peer's. */
function asReceived(req: IncomingMessage): void {
  const peer = req.headers[PEER_HEADER];
  delete req.headers[PEER_HEADER];
  Object.defineProperty(req.socket, 'remoteAddress', {
    value: typeof peer === 'string' && peer ? peer : undefined,
    configurable: true,
  });
}

try {
  await connectMongoose(mongoUri);
  const deps = createDeps(config, logger, { kind: dbKind });
  const app = createApp(deps);
  rmSync(socketPath, { force: true });
  const server = createServer((req, res) => {
    asReceived(req);
    app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  port.on('message', (message: { type: string }) => {
    if (message.type !== 'stop') return;
    void (async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await finishWrites(deps);
      await mongoose.disconnect();
      port.close();
    })();
  });
  tell({ type: 'ready' });
} catch (err) {
  logger.error({ err }, 'the payments thread could not start');
  tell({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  process.exit(1);
}
