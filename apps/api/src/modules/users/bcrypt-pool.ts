/**
 * bcrypt on worker threads. One hash costs about a quarter of a second of CPU at cost 12; on
 * the event loop a burst of logins stalls every other request. Here at most `size` hashes run
 * at once, each on its own thread; the others wait their turn in a queue, so a burst of logins
 * can take at most `size` cores however many arrive.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

type Job =
  | { op: 'hash'; args: [plain: string, cost: number] }
  | { op: 'compare'; args: [plain: string, hash: string] };

interface Queued {
  job: Job;
  resolve: (value: never) => void;
  reject: (err: Error) => void;
}

// The worker is a plain script (the API also runs from TypeScript sources in tests and dev),
// loading bcryptjs from where this module resolves it.
const WORKER_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptjs);
parentPort.on('message', ({ op, args }) => {
  try {
    const result = op === 'hash' ? bcrypt.hashSync(args[0], args[1]) : bcrypt.compareSync(args[0], args[1]);
    parentPort.postMessage({ result });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
`;
const bcryptjsPath = createRequire(import.meta.url).resolve('bcryptjs');

export interface PoolStats {
  /** Threads allowed at once. */
  size: number;
  /** Hashes running now (never more than size). */
  running: number;
  /** Hashes waiting for a thread. */
  queued: number;
  /** Hashes finished since start. */
  done: number;
}

export class BcryptPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Queued[] = [];
  private threads = 0;
  private running = 0;
  private done = 0;

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error('the pool needs at least one thread');
  }

  hash(plain: string, cost: number): Promise<string> {
    return this.run({ op: 'hash', args: [plain, cost] });
  }

  compare(plain: string, hash: string): Promise<boolean> {
    return this.run({ op: 'compare', args: [plain, hash] });
  }

  stats(): PoolStats {
    return { size: this.size, running: this.running, queued: this.queue.length, done: this.done };
  }

  private run<T>(job: Job): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job, resolve: resolve as (value: never) => void, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.queue.length && (this.idle.length || this.threads < this.size)) {
      const worker = this.idle.pop() ?? this.spawn();
      this.start(worker, this.queue.shift()!);
    }
  }

  private spawn(): Worker {
    this.threads += 1;
    return new Worker(WORKER_SCRIPT, { eval: true, workerData: { bcryptjs: bcryptjsPath } });
  }

  private start(worker: Worker, { job, resolve, reject }: Queued): void {
    this.running += 1;
    // A busy thread keeps the process alive until its answer is in; an idle one does not.
    worker.ref();
    const settle = () => {
      worker.off('message', onMessage);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
      this.running -= 1;
      this.done += 1;
    };
    const onMessage = (msg: { result?: unknown; error?: string }) => {
      settle();
      worker.unref();
      this.idle.push(worker);
      if (msg.error !== undefined) reject(new Error(msg.error));
      else resolve(msg.result as never);
      this.next();
    };
    // A thread that dies takes only its own job with it; the next job gets a new thread.
    const onFailure = (err: unknown) => {
      settle();
      this.threads -= 1;
      void worker.terminate();
      reject(err instanceof Error ? err : new Error(`the hashing thread stopped (${String(err)})`));
      this.next();
    };
    worker.on('message', onMessage);
    worker.once('error', onFailure);
    worker.once('exit', onFailure);
    worker.postMessage(job);
  }

  /** Stops every thread (graceful shutdown); queued jobs are refused. */
  async close(): Promise<void> {
    for (const { reject } of this.queue.splice(0)) reject(new Error('the hashing pool is closed'));
    const idle = this.idle.splice(0);
    this.threads -= idle.length;
    await Promise.all(idle.map((w) => w.terminate()));
  }
}
