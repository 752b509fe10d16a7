/**
 * The payments thread. Every call under /api/payment/ (create-order, the sandbox's pay,
 * verify-payment, the webhook, refunds of payments to settle) is answered by a second copy of
 * the shop's app in a worker thread (payment-worker.ts), so a checkout's work never runs on the
 * event loop that answers the catalog. Measured: a checkout costs a shared event loop about
 * 25 ms beside catalog reads (13–16 ms alone), so 21 checkouts a second took half of it and the
 * reads fell to about 55% of idle; with the thread they keep over 70% (docs/decisions/0006-payments-thread.md).
 *
 * The main thread passes such a request on (lib/forward-request.ts) over a Unix socket in a
 * private folder (0700: only the shop's user can reach the thread), adding only the client's
 * address, which the thread sets back as the request's peer, so `req.ip`, rate limits and logs
 * see what the main thread's Express would. The thread's log lines are written by the main
 * thread. Should the thread stop (a crash), the next payment call starts it again; until it
 * answers, such calls answer 503 with the shop's "temporarily unavailable" text. Every payment
 * call is safe to repeat.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { AppError, DB_UNAVAILABLE, toErrorResponse } from './errors.js';
import { forwardRequest } from './forward-request.js';
import { requestId, writeLogLines } from './logger.js';

export const PAYMENT_PATH = '/api/payment';
/** The header carrying the client's address to the thread (any one sent by a client is dropped). */
export const PEER_HEADER = 'x-shop-peer-address';
/** How long stop() waits for the thread's own shutdown (its requests in flight, its mail). */
const STOP_MS = 15_000;

/** What the worker is started with. */
export interface PaymentWorkerData {
  /** The database the main thread connected to (the embedded one's socket included). */
  mongoUri: string;
  dbKind: 'mongodb' | 'embedded';
  socketPath: string;
}

/** Messages from the worker. */
export type FromWorker =
  { type: 'ready' } | { type: 'log'; lines: string } | { type: 'failed'; message: string };

export class PaymentThread {
  private running: Worker | undefined;
  private ready = false;
  private stopping = false;
  private starting: Promise<void> | undefined;
  private readonly dir = mkdtempSync(join(tmpdir(), 'shop-payments-'));
  private readonly socketPath = join(this.dir, 'payments.sock');
  // Connections to the thread are kept and reused, as a browser's to the shop.
  private readonly agent = new Agent({ keepAlive: true });

  private constructor(
    private readonly logger: Logger,
    private readonly data: Omit<PaymentWorkerData, 'socketPath'>,
    /** The configuration the shop started with (the thread reads the same). */
    private readonly env: NodeJS.ProcessEnv,
  ) {
    // A Unix socket's path has room for 107 bytes.
    if (Buffer.byteLength(this.socketPath) > 100) {
      this.removeSocketDir();
      throw new Error(
        `The payments thread's socket path is too long (${this.socketPath}): set TMPDIR to a shorter folder`,
      );
    }
  }

  /** Starts the thread and resolves once it answers (rejects if it cannot start). */
  static async start(
    logger: Logger,
    { env, ...data }: Omit<PaymentWorkerData, 'socketPath'> & { env: NodeJS.ProcessEnv },
  ): Promise<PaymentThread> {
    const thread = new PaymentThread(logger, data, env);
    await thread.spawn().catch((err: unknown) => {
      thread.removeSocketDir();
      throw err;
    });
    return thread;
  }

  /** The thread while it runs (tests end it to see the shop start it again). */
  get worker(): Worker | undefined {
    return this.running;
  }

  /**
   * Passes a request on to the thread and its answer back. `url`: the request's own, as it
   * arrived (Express mounts this under /api/payment and matches as its routers do).
   */
  forward(req: IncomingMessage, res: ServerResponse, url: string): void {
    if (!this.ready) {
      this.startAgain();
      this.logger.warn({ url }, 'a payment call refused: the payments thread is not running');
      return unavailable(req, res);
    }
    forwardRequest(req, res, {
      socketPath: this.socketPath,
      agent: this.agent,
      path: url,
      headers: { [PEER_HEADER]: req.socket.remoteAddress ?? '' },
      drop: [PEER_HEADER],
      onFailure: (err) => {
        this.logger.warn({ err, url }, 'the payments thread did not answer');
        unavailable(req, res);
      },
    });
  }

  /**
   * Ends the thread once its requests in flight are answered (called once the main server has
   * closed, so nothing more is forwarded). A thread still starting gets the message once it
   * runs; one that does not end within STOP_MS is ended.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.ready = false;
    const worker = this.running;
    if (worker) {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'stop' });
      const force = setTimeout(() => void worker.terminate(), STOP_MS);
      await exited;
      clearTimeout(force);
    }
    this.agent.destroy();
    this.removeSocketDir();
  }

  private removeSocketDir(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  private spawn(): Promise<void> {
    this.ready = false;
    const workerData: PaymentWorkerData = { ...this.data, socketPath: this.socketPath };
    const [entry, options] = workerEntry();
    const worker = new Worker(entry, { ...options, workerData, env: { ...this.env } });
    this.running = worker;
    return new Promise((resolve, reject) => {
      let started = false;
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'log') writeLogLines(this.logger, message.lines);
        else if (message.type === 'ready') {
          started = true;
          // A thread that became ready as the shop stops takes no more calls.
          this.ready = !this.stopping;
          resolve();
        } else if (message.type === 'failed' && !started) reject(new Error(message.message));
      });
      worker.on('error', (err) => {
        this.logger.error({ err }, 'the payments thread failed');
        if (!started) reject(err);
      });
      worker.on('exit', (code) => {
        this.ready = false;
        if (this.running === worker) this.running = undefined;
        if (!started) return reject(new Error(`the payments thread exited with ${code}`));
        if (!this.stopping)
          this.logger.error(
            { code },
            'the payments thread stopped: the next payment call starts it',
          );
      });
    });
  }

  /** Starts a stopped thread again: one start at a time, none while the shop stops. */
  private startAgain(): void {
    if (this.stopping || this.starting) return;
    this.starting = this.spawn()
      .catch((err: unknown) => {
        this.logger.error({ err }, 'the payments thread could not start again');
      })
      .finally(() => {
        this.starting = undefined;
      });
  }
}

/**
 * The worker's entry: the built payment-worker.js; run from the TypeScript source (tsx, the
 * tests), its source loaded through tsx as the rest of the shop is.
 */
function workerEntry(): [URL | string, { eval?: boolean }] {
  if (!import.meta.url.endsWith('.ts'))
    return [new URL('../payment-worker.js', import.meta.url), {}];
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const entry = new URL('../payment-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(pathToFileURL(tsx).href)}).then((m) => m.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return [code, { eval: true }];
}

/** 503 with the shop's own text, as while the database is away: the caller tries again. */
function unavailable(req: IncomingMessage, res: ServerResponse): void {
  const id = requestId(req);
  const { status, body } = toErrorResponse(new AppError(503, DB_UNAVAILABLE));
  req.resume();
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Retry-After': '1',
    'X-Request-Id': id,
  });
  res.end(JSON.stringify({ ...body, requestId: id }));
}
