/**
 * The shop as `npm start` runs it: a primary process and WEB_CONCURRENCY identical workers
 * (Node's cluster module, the way PM2 runs Node servers), each a whole copy of the app
 * (server.ts) listening on the same port: the primary hands connections to them in turn.
 *
 * The primary answers no request. It
 * - runs the embedded database when MONGODB_URI is not set (lib/db.ts): the workers reach it
 *   over its private Unix socket in DATA_DIR/db;
 * - starts the first worker, which runs the release steps (release.ts) before it serves, and the
 *   others once it says they are done, so no worker serves before them (a process of their own
 *   would load most of the app once more: about 3.5 s of CPU on every start);
 * - restarts a worker that exits, alone (after a pause that doubles while it
 *   keeps failing soon after starting, up to 30 s); ends one that stops answering its heartbeat
 *   for WORKER_TIMEOUT_MS (a stuck event loop), which is then restarted;
 * - on SIGTERM or SIGINT tells every worker to stop (each finishes its requests in flight),
 *   waits for them, then stops the database.
 * Background work (reconciliation, the mail queue's poll) runs in whichever worker takes its
 * lease (lib/jobs.ts), as it would across replicas.
 */
import cluster, { type Address, type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config/index.js';
import { EMBEDDED_DB_URI, startDatabaseServer } from './lib/db-server.js';
import { endLogger } from './lib/logger.js';

/**
 * Why a worker was started: `first` runs the release steps before serving, `serve` serves (its
 * primary's first worker ran them).
 */
export const WORKER_ROLE = 'SHOP_WORKER';
export type WorkerRole = 'first' | 'serve';

/** Messages between the primary and a worker. */
export type ToWorker = { type: 'ping'; at: number };
export type FromWorker = { type: 'pong'; at: number } | { type: 'released' };

/** A worker that exits before it served, or within this of starting to serve, died young. */
const DIED_YOUNG_MS = 10_000;
const MAX_RESTART_PAUSE_MS = 30_000;

interface Slot {
  worker: Worker | undefined;
  /** Exits in a row soon after starting: each doubles the pause before the next start. */
  failures: number;
  lastPong: number;
  /** When it began to serve; the heartbeat is asked of it from then on. */
  listeningAt: number | undefined;
}

export async function runPrimary(config: Config, logger: Logger): Promise<void> {
  const database = config.mongoUri
    ? undefined
    : await startDatabaseServer({ dataDir: config.dataDir, logger });
  const env: Record<string, string> = database ? { [EMBEDDED_DB_URI]: database.uri } : {};
  let stopping = false;
  /** Until the first worker has run the release steps, its exit is the shop's failure to start. */
  let released = false;

  const slots: Slot[] = Array.from({ length: config.webConcurrency }, () => ({
    worker: undefined,
    failures: 0,
    lastPong: 0,
    listeningAt: undefined,
  }));
  let opened = false;

  const startWorker = (slot: Slot, role: WorkerRole = 'serve') => {
    const worker = cluster.fork({ ...env, [WORKER_ROLE]: role });
    slot.worker = worker;
    slot.listeningAt = undefined;
    logger.info({ worker: worker.process.pid }, 'a worker started');
    worker.on('message', (message: FromWorker) => {
      if (message?.type === 'pong') slot.lastPong = Date.now();
    });
    worker.once('listening', (address: Address) => {
      slot.listeningAt = Date.now();
      slot.lastPong = Date.now();
      if (opened || !slots.every((s) => s.listeningAt)) return;
      opened = true;
      // The port the workers share, as bound (PORT=0: the one the system chose).
      const port = address.port;
      logger.info(
        { port, workers: slots.length, db: database ? 'embedded' : 'mongodb' },
        `the shop is open on http://localhost:${port}`,
      );
    });
    worker.once('exit', (code, signal) => {
      if (slot.worker === worker) slot.worker = undefined;
      const served = slot.listeningAt === undefined ? 0 : Date.now() - slot.listeningAt;
      slot.listeningAt = undefined;
      if (stopping || !released) return;
      slot.failures = served < DIED_YOUNG_MS ? slot.failures + 1 : 0;
      const pause = slot.failures
        ? Math.min(1000 * 2 ** (slot.failures - 1), MAX_RESTART_PAUSE_MS)
        : 0;
      logger.error(
        { worker: worker.process.pid, code, signal, restartInMs: pause },
        'a worker stopped: starting another in its place',
      );
      setTimeout(() => {
        if (!stopping) startWorker(slot);
      }, pause).unref();
    });
    return worker;
  };

  const [first, ...others] = slots;
  const firstWorker = startWorker(first!, 'first');
  const code = await new Promise<number | undefined>((resolve) => {
    firstWorker.on('message', (message: FromWorker) => {
      // Set at once: an exit right after it is a serving worker's, restarted like any other.
      if (message?.type === 'released') resolve(void (released = true));
    });
    firstWorker.once('exit', (exitCode, signal) => resolve(signal ? 1 : (exitCode ?? 1)));
  });
  if (code !== undefined) {
    logger.fatal({ code }, 'the release steps failed: the shop does not start');
    await database?.stop();
    await endLogger(logger);
    process.exit(1);
  }
  logger.info(
    { worker: firstWorker.process.pid },
    'the release steps are done: starting the other workers',
  );
  for (const slot of others) startWorker(slot);

  // The heartbeat: a worker whose event loop no longer answers is ended, and so replaced.
  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const slot of slots) {
      const { worker } = slot;
      // Asked of serving workers only: a worker still loading the app answers nothing yet.
      if (!worker?.isConnected() || slot.listeningAt === undefined) continue;
      if (now - slot.lastPong > config.workerTimeoutMs) {
        logger.error(
          { worker: worker.process.pid, silentForMs: now - slot.lastPong },
          'a worker stopped answering: ending it',
        );
        slot.lastPong = now; // once: its exit restarts it
        worker.process.kill('SIGKILL');
        continue;
      }
      // A worker that died since the check above fails the send (EPIPE): given to the callback,
      // not thrown as an 'error' event that would end the primary. Its exit restarts it.
      worker.send({ type: 'ping', at: now } satisfies ToWorker, () => {});
    }
  }, config.workerTimeoutMs / 3);

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(heartbeat);
    logger.info({ signal }, 'shutting down: each worker finishes its requests in flight');
    const workers = slots.flatMap((s) => (s.worker ? [s.worker] : []));
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await database?.stop();
    logger.info('stopped');
    await endLogger(logger);
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal));
}

/** In a worker: answers the primary's heartbeat from this event loop. */
export function answerHeartbeat(): void {
  process.on('message', (message: ToWorker) => {
    if (message?.type === 'ping') process.send?.({ type: 'pong', at: message.at } as FromWorker);
  });
}
