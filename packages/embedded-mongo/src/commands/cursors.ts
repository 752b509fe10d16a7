// Server-side cursors: results are computed when the cursor opens and handed out in batches.
// A cursor lives until exhausted, killed, or idle for `timeoutMs` (10 minutes like mongod).
import { Long, calculateObjectSize } from 'bson';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';

const MAX_BATCH_BYTES = 16 * 1024 * 1024;
const DEFAULT_FIRST_BATCH = 101;

interface OpenCursor {
  id: Long;
  ns: string;
  docs: Document[];
  pos: number;
  lastUsed: number;
}

export class CursorManager {
  private readonly cursors = new Map<string, OpenCursor>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly timeoutMs = 10 * 60 * 1000,
    /** A milliseconds clock; tests pass their own to age cursors without waiting. */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.timer = setInterval(() => this.reap(), Math.min(60_000, timeoutMs)).unref();
  }

  get size(): number {
    return this.cursors.size;
  }

  private reap(): void {
    const now = this.now();
    for (const [k, c] of this.cursors)
      if (now - c.lastUsed > this.timeoutMs) this.cursors.delete(k);
  }

  close(): void {
    clearInterval(this.timer);
    this.cursors.clear();
  }

  private newId(): Long {
    for (;;) {
      // Positive 53-bit ids so they survive any client's number handling.
      const n = Math.floor(Math.random() * Number.MAX_SAFE_INTEGER) + 1;
      if (!this.cursors.has(String(n))) return Long.fromNumber(n);
    }
  }

  /** Takes up to `batchSize` documents (0/undefined: as many as fit in 16MB) from `docs`. */
  private static batch(docs: Document[], pos: number, batchSize: number | undefined): Document[] {
    const out: Document[] = [];
    let bytes = 0;
    const limit = batchSize && batchSize > 0 ? batchSize : Infinity;
    while (pos + out.length < docs.length && out.length < limit) {
      const d = docs[pos + out.length]!;
      const size = calculateObjectSize(d);
      if (out.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
      out.push(d);
      bytes += size;
    }
    return out;
  }

  /** Builds the `cursor` reply for a find/aggregate/list* command, registering the rest. */
  open(ns: string, docs: Document[], batchSize: number | undefined, singleBatch = false): Document {
    const size = batchSize === undefined ? DEFAULT_FIRST_BATCH : batchSize;
    const first = batchSize === 0 ? [] : CursorManager.batch(docs, 0, size);
    let id = Long.ZERO;
    if (!singleBatch && first.length < docs.length) {
      id = this.newId();
      this.cursors.set(id.toString(), { id, ns, docs, pos: first.length, lastUsed: this.now() });
    }
    return { cursor: { firstBatch: first, id, ns }, ok: 1 };
  }

  getMore(cmd: Document, db: string): Document {
    const raw = cmd.getMore as unknown;
    const key =
      typeof raw === 'number' || typeof raw === 'bigint' || Long.isLong(raw)
        ? String(raw)
        : undefined;
    if (key === undefined)
      throw new MongoCommandError(
        ErrorCodes.TypeMismatch,
        "Field 'getMore' must be of type long in: " + JSON.stringify(cmd),
      );
    if (typeof cmd.collection !== 'string')
      throw new MongoCommandError(
        ErrorCodes.TypeMismatch,
        "Field 'collection' must be of type string",
      );
    const c = this.cursors.get(key);
    if (!c) throw new MongoCommandError(ErrorCodes.CursorNotFound, `cursor id ${key} not found`);
    if (c.ns !== `${db}.${cmd.collection}`)
      throw new MongoCommandError(
        13,
        `Requested getMore on namespace '${db}.${cmd.collection}', but cursor belongs to a different namespace ${c.ns}`,
      );
    const batch = CursorManager.batch(
      c.docs,
      c.pos,
      typeof cmd.batchSize === 'number' ? cmd.batchSize : undefined,
    );
    c.pos += batch.length;
    c.lastUsed = this.now();
    let id = c.id;
    if (c.pos >= c.docs.length) {
      this.cursors.delete(key);
      id = Long.ZERO;
    }
    return { cursor: { nextBatch: batch, id, ns: c.ns }, ok: 1 };
  }

  kill(ids: unknown[]): Document {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const raw of ids) {
      const id = Long.isLong(raw) ? raw : Long.fromNumber(Number(raw));
      if (this.cursors.delete(id.toString())) killed.push(id);
      else notFound.push(id);
    }
    return {
      cursorsKilled: killed,
      cursorsNotFound: notFound,
      cursorsAlive: [],
      cursorsUnknown: [],
      ok: 1,
    };
  }
}
