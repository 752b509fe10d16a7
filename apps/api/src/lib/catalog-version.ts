/**
 * The catalog's versions: two small Mongo documents that writes bump and every catalog read
 * checks (one lookup). Caches and ETags key on them, so they stay correct with any number of
 * API processes sharing the database.
 * - `catalog` moves on with every change of what a product or category says (names, prices,
 *   descriptions, photos, categories, products added or removed): every cached answer retires.
 * - `stock` moves on with every change of stock alone (a paid order, a cancellation, a
 *   restock): cached answers stay, and only the stock fields they show are read again
 *   (lib/cached-read.ts), so a busy checkout does not make every read compute afresh.
 *
 * - The stock a read sees moves on at most once per `STOCK_SETTLE_MS` (default 1 s): a change
 *   after a quiet spell shows within a tenth of that (stock writes' bumps are gathered), while
 *   a busy checkout (tens of orders a second) would otherwise make every answer showing stock
 *   be laid over again, and the fast lane's copies retire, at every order. So a page's stock is
 *   at most 1.1 times that old; the checkout stays the authority and never sells what is not
 *   there.
 *
 * `bumpCatalogOnWrite` is a Mongoose plugin for the Product and Category schemas: every write
 * made through those models (save, update*, delete*, insertMany, bulkWrite) bumps a version
 * after it completes, so no caller can forget; an update that changes only the schema's stock
 * paths (and `updatedAt`) bumps the stock version (gathered: see gatherStockBump), any other
 * write the catalog version. A write inside a transaction bumps before the commit; call
 * `bumpCatalogVersion()` again after committing.
 */
import { randomBytes } from 'node:crypto';
import type { MongooseQueryMiddleware, Schema } from 'mongoose';
import { CatalogMeta } from './catalog-meta.model.js';

const CATALOG = 'catalog';
const STOCK = 'stock';

export interface CatalogVersion {
  /** What products and categories say, less their stock. */
  catalog: string;
  /** Both: what an answer showing stock is current for. */
  current: string;
}

const versionOf = (meta: { epoch: string; version: number } | undefined) =>
  meta ? `${meta.epoch}.${meta.version}` : '0.0';

/** Runs `fn` after `ms`; answers a function that cancels it. */
export type Schedule = (fn: () => void, ms: number) => () => void;
/** A timer that never keeps the process alive (a gathered bump is flushed at shutdown). */
const setTimer: Schedule = (fn, ms) => {
  const timer = setTimeout(fn, ms).unref();
  return () => clearTimeout(timer);
};

/**
 * How often the stock reads see may move on, the clock that says when, the timer of the
 * gathered stock bumps (tests set those three), and who hears of a gathered bump the database
 * refused (the app's log).
 */
const stockSettle = {
  ms: 1000,
  now: () => Date.now(),
  schedule: setTimer,
  onRefused: (_err: unknown): void => undefined,
};
/** The stock version reads see, and when it last moved on. */
let shownStock: { version: string; since: number } | undefined;

export function settleStockVersion(
  ms: number,
  {
    now = Date.now,
    schedule = setTimer,
    onRefused = () => undefined,
  }: { now?: () => number; schedule?: Schedule; onRefused?: (err: unknown) => void } = {},
): void {
  stockSettle.ms = ms;
  stockSettle.now = now;
  stockSettle.schedule = schedule;
  stockSettle.onRefused = onRefused;
  shownStock = undefined;
  changes += 1;
  // A bump gathered under the old timer is written now.
  if (gathered) {
    gathered();
    gathered = undefined;
    writeGatheredBump();
  }
}

/** `latest` when the stock shown has held for the settle time, else the stock shown. */
function settledStock(latest: string): string {
  const now = stockSettle.now();
  if (shownStock?.version !== latest && (!shownStock || now - shownStock.since >= stockSettle.ms))
    shownStock = { version: latest, since: now };
  return shownStock.version;
}

/**
 * How long a version read from the database answers later reads without a lookup of their
 * own (ms). A version write made by this process is seen at once: it makes the next read look
 * again. One made by another API process sharing the database is seen within this time. Reads
 * arriving back to back otherwise made a lookup per database round trip (about a thousand a
 * second, a quarter of the shop's CPU while it answered cached reads).
 */
export const VERSION_FRESH_MS = 10;

/**
 * Version writes this process has finished (or given up on), and settleStockVersion() calls: a
 * lookup's answer serves later reads only while none came since the lookup began.
 */
let changes = 0;
/** The last lookup: its answer, until when it serves, and `changes` when it began. */
let lastRead: { version: CatalogVersion; until: number; changes: number } | undefined;

async function lookup(): Promise<CatalogVersion> {
  const at = stockSettle.now();
  const changesAtStart = changes;
  const metas = await CatalogMeta.find(
    { _id: { $in: [CATALOG, STOCK] } },
    { epoch: 1, version: 1 },
  ).lean();
  const catalog = versionOf(metas.find((m) => m._id === CATALOG));
  const latestStock = versionOf(metas.find((m) => m._id === STOCK));
  const stock = settledStock(latestStock);
  const version = { catalog, current: `${catalog}-${stock}` };
  // A newer stock version waiting for its settle time shows as soon as that has passed.
  const settles = stock === latestStock ? Infinity : shownStock!.since + stockSettle.ms;
  lastRead = { version, until: Math.min(at + VERSION_FRESH_MS, settles), changes: changesAtStart };
  return version;
}

/** The last lookup's answer, while it serves and nothing of `changes` came since it began. */
function freshVersion(): CatalogVersion | undefined {
  if (!lastRead || lastRead.changes !== changes) return undefined;
  return stockSettle.now() < lastRead.until ? lastRead.version : undefined;
}

let inflight: Promise<CatalogVersion> | undefined;
let queued: Promise<CatalogVersion> | undefined;

/**
 * The versions now ("<epoch>.<version>" each). Concurrent reads share lookups, at most one
 * running and one queued: a lookup already running may have read before this call arrived,
 * so a new caller waits for the next one, which starts after it. A read therefore never sees a
 * version older than the last write of this process that finished before it arrived, nor one
 * older than VERSION_FRESH_MS for another process's write.
 */
export function catalogVersion(): Promise<CatalogVersion> {
  const fresh = freshVersion();
  if (fresh) return Promise.resolve(fresh);
  if (!inflight) {
    inflight = lookup().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }
  queued ??= inflight
    .catch(() => undefined)
    .then(() => {
      queued = undefined;
      return catalogVersion();
    });
  return queued;
}

const bump = (id: string) =>
  CatalogMeta.updateOne(
    { _id: id },
    { $inc: { version: 1 }, $setOnInsert: { epoch: randomBytes(4).toString('hex') } },
    { upsert: true },
  ).finally(() => {
    changes += 1;
  });

export async function bumpCatalogVersion(): Promise<void> {
  await bump(CATALOG);
}

export async function bumpStockVersion(): Promise<void> {
  await bump(STOCK);
}

/** The gathered stock bump waiting for its turn (its cancel), and the one being written. */
let gathered: (() => void) | undefined;
let writing: Promise<void> | undefined;

/**
 * A stock write's bump, gathered: reads see the stock version move on at most once per settle
 * time anyway, so the bump is written a tenth of it later (100 ms by default), once for every
 * stock write of that while, and the write does not wait for it. A busy checkout takes stock a
 * few dozen times a second: this spares it a round trip per line. Stock shown is then at most
 * the settle time and a tenth old. With no settle time (tests) the write bumps at once.
 */
function gatherStockBump(): Promise<void> | undefined {
  if (stockSettle.ms === 0) return bumpStockVersion();
  scheduleGatheredBump(stockSettle.ms / 10);
  return undefined;
}

function scheduleGatheredBump(ms: number): void {
  gathered ??= stockSettle.schedule(() => {
    gathered = undefined;
    writeGatheredBump();
  }, ms);
}

/** Writes the gathered bump; one the database refused is tried again a settle time later. */
function writeGatheredBump(): void {
  const bumped: Promise<void> = bumpStockVersion()
    .catch((err: unknown) => {
      stockSettle.onRefused(err);
      scheduleGatheredBump(stockSettle.ms);
    })
    .finally(() => {
      if (writing === bumped) writing = undefined;
    });
  writing = bumped;
}

/**
 * Writes the gathered stock bump now, after any being written (shutdown, and a command that
 * exits once done); rejects when the database refuses it.
 */
export async function flushStockVersion(): Promise<void> {
  while (writing) await writing;
  if (!gathered) return;
  gathered();
  gathered = undefined;
  await bumpStockVersion();
}

const QUERY_WRITES: MongooseQueryMiddleware[] = [
  'updateOne',
  'updateMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'replaceOne',
  'deleteOne',
  'deleteMany',
];

/**
 * Whether `update` (an update document) changes only `stockPaths` (and the timestamp): then
 * only stock moved. A pipeline, a replacement or anything unknown counts as a catalog write.
 */
export function changesOnlyStock(update: unknown, stockPaths: readonly string[]): boolean {
  if (!update || typeof update !== 'object' || Array.isArray(update)) return false;
  const isStock = (path: string) => stockPaths.some((p) => path === p || path.startsWith(`${p}.`));
  let stock = false;
  for (const [operator, fields] of Object.entries(update)) {
    if (!operator.startsWith('$') || !fields || typeof fields !== 'object') return false;
    for (const path of Object.keys(fields)) {
      if (path === 'updatedAt' && operator === '$set') continue;
      if (!isStock(path)) return false;
      stock = true;
    }
  }
  return stock;
}

const UPDATES: MongooseQueryMiddleware[] = ['updateOne', 'updateMany', 'findOneAndUpdate'];

/** `stockPaths`: the schema's stock fields (Product: quantity and its per-size stock). */
export function bumpCatalogOnWrite(schema: Schema, options: { stockPaths?: string[] } = {}): void {
  const stockPaths = options.stockPaths ?? [];
  const bumpCatalog = () => bumpCatalogVersion();
  schema.post('save', bumpCatalog);
  schema.post(UPDATES, function (this: { getUpdate(): unknown }, result: unknown) {
    if (!changesOnlyStock(this.getUpdate(), stockPaths)) return bumpCatalog();
    // A conditional stock update that matched nothing (not enough left) changed nothing.
    const modified = (result as { modifiedCount?: unknown } | null)?.modifiedCount;
    return modified === 0 ? undefined : gatherStockBump();
  });
  schema.post(
    QUERY_WRITES.filter((op) => !UPDATES.includes(op)),
    bumpCatalog,
  );
  schema.post('deleteOne', { document: true, query: false }, bumpCatalog);
  schema.post('insertMany', bumpCatalog);
  schema.post('bulkWrite', bumpCatalog);
}
