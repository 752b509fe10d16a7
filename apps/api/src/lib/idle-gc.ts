/**
 * Memory given back at idle: a serving process that has stopped receiving requests collects
 * its garbage once, compacting the heap, so what it holds at rest is what it still uses; and
 * under load its heap grows to about twice what is alive, not four times (`limitHeapGrowth`).
 *
 * Why (measured, bench/README.md, 29 Nov 2026): under load V8 grows its heap to keep
 * collections rare (a worker reached 270 MiB of heap, 208 MiB of it "used", after the busy
 * bench's payments and distinct URLs), and it only collects when JavaScript allocates. At idle
 * nothing allocates, and Node 20's V8 never ran its own idle "memory reducer" in 45 s of
 * waiting: the process kept 370 MiB resident indefinitely, though a full collection showed only
 * ~58 MiB of it alive (the catalog cache about 10 MiB of that). Not glibc: its per-thread malloc
 * arenas held nothing resident (MALLOC_ARENA_MAX would change nothing); not a map that grows.
 * A plain full collection frees the garbage but leaves half-empty pages (a 87 MiB old space
 * holding 45 MiB); a compacting one moves the survivors together and gives the pages back.
 *
 * So once no request has started for `idleMs`, and the heap has grown by `growthBytes` since
 * the last such collection (a shop asked once every few seconds does not collect each time),
 * it runs one compacting collection, at a time when nothing waits for it: 0.46 s after the
 * bench's busy run (a 267 MiB heap, 57 MiB of it alive) on a machine loaded by other work (load
 * average 7 on 2 cores), once. A request arriving meanwhile waits for it, as it waits for V8's
 * own collections under load (15–35 ms each during that run); the idle time (IDLE_GC_MS, 5 s)
 * keeps that rare with sparse traffic.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleCollectorOptions {
  /** No request started for this long: the process is idle (ms). */
  idleMs: number;
  /** Collect only when the heap has grown by this much since the last idle collection. */
  growthBytes?: number;
  /** How often idleness is checked (ms). */
  checkEveryMs?: number;
  now?: () => number;
  /** The heap's size (V8's committed heap, `total_heap_size`). */
  heapBytes?: () => number;
  /** A compacting full collection (default: `compactingCollection()`). */
  collect?: () => void;
}

export const IDLE_GC_DEFAULTS = { growthBytes: 16 * 2 ** 20, checkEveryMs: 1000 };

export class IdleCollector {
  private lastRequest: number;
  private heapAfterLast: number;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private readonly heapBytes: () => number;
  private readonly collectNow: () => void;
  /** Idle collections run so far. */
  collections = 0;

  constructor(private readonly options: IdleCollectorOptions) {
    this.now = options.now ?? Date.now;
    this.heapBytes = options.heapBytes ?? (() => getHeapStatistics().total_heap_size);
    this.collectNow = options.collect ?? compactingCollection();
    this.lastRequest = this.now();
    // The heap as the process started serving: collected once it has grown from here and idles.
    this.heapAfterLast = 0;
  }

  /** A request started (the server's 'request' event): not idle. */
  readonly requestStarted = (): void => {
    this.lastRequest = this.now();
  };

  /** Collects when idle for `idleMs` and grown by `growthBytes`; answers whether it did. */
  check(): boolean {
    const { idleMs, growthBytes = IDLE_GC_DEFAULTS.growthBytes } = this.options;
    if (this.now() - this.lastRequest < idleMs) return false;
    if (this.heapBytes() - this.heapAfterLast < growthBytes) return false;
    this.collectNow();
    this.collections += 1;
    this.heapAfterLast = this.heapBytes();
    return true;
  }

  /** Checks every `checkEveryMs` (the timer never keeps the process alive). */
  start(): this {
    this.timer ??= setInterval(
      () => this.check(),
      this.options.checkEveryMs ?? IDLE_GC_DEFAULTS.checkEveryMs,
    ).unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/**
 * How far V8 lets the heap grow past what its last full collection left alive, in percent.
 * V8 picks a factor of up to 4 on a machine with much memory (its heap limit is ~4 GB here):
 * during the busy bench a worker's heap grew to ~270 MiB around ~59 MiB alive, collected every
 * ~10 s. At 100 (twice what is alive) it collects about three times as often, each collection
 * the same size (15–35 ms here, marking mostly on another thread), and the process peaked at
 * 221–247 MiB resident instead of 311–369, with the same reads a second (4,125 against 4,150,
 * two shops side by side taking turns, load average 3–5) and distinct URLs no slower.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Sets V8's heap growing factor for this process (serving processes: serve.ts), unless the
 * operator gave one (`node --heap-growing-percent=N`, or in NODE_OPTIONS). V8 reads it at each
 * full collection, so setting it once the process runs takes effect from the next one.
 * Answers whether it set it.
 */
export function limitHeapGrowth(
  percent = HEAP_GROWING_PERCENT,
  given: string[] = [...process.execArgv, process.env.NODE_OPTIONS ?? ''],
): boolean {
  if (given.some((arg) => /--heap[-_]growing[-_]percent/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
  return true;
}

let collection: (() => void) | undefined;

/**
 * A full, compacting collection. V8's `gc` function (the one `--expose-gc` gives, made available
 * here without the command-line flag, so the lone process and cluster workers alike have it),
 * run with `--compact-on-every-full-gc` for that one collection only: V8's own collections under
 * load keep their usual, cheaper choice of pages to compact.
 */
export function compactingCollection(): () => void {
  if (!collection) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    let gc = exposed;
    if (!gc) {
      setFlagsFromString('--expose-gc');
      // A new context is made with the flag set: its global has `gc`.
      gc = runInNewContext('gc') as () => void;
      // The app's own global keeps no `gc` it did not have.
      setFlagsFromString('--no-expose-gc');
    }
    const run = gc;
    collection = () => {
      setFlagsFromString('--compact-on-every-full-gc');
      try {
        run();
      } finally {
        setFlagsFromString('--no-compact-on-every-full-gc');
      }
    };
  }
  return collection;
}
