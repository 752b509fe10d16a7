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
 *   after a quiet spell shows at once, while a busy checkout (tens of orders a second) would
 *   otherwise make every answer showing stock be laid over again, and the fast lane's copies
 *   retire, at every order. So a page's stock is at most that old; the checkout stays the
 *   authority and never sells what is not there.
 *
 * `bumpCatalogOnWrite` is a Mongoose plugin for the Product and Category schemas: every write
 * made through those models (save, update*, delete*, insertMany, bulkWrite) bumps a version
 * after it completes, so no caller can forget; an update that changes only the schema's stock
 * paths (and `updatedAt`) bumps the stock version, any other write the catalog version. A write
 * inside a transaction bumps before the commit; call `bumpCatalogVersion()` again after
 * committing.
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

/** How often the stock reads see may move on, and the clock that says when (tests set both). */
const stockSettle = { ms: 1000, now: () => Date.now() };
/** The stock version reads see, and when it last moved on. */
let shownStock: { version: string; since: number } | undefined;

export function settleStockVersion(ms: number, now: () => number = Date.now): void {
  stockSettle.ms = ms;
  stockSettle.now = now;
  shownStock = undefined;
}

/** `latest` when the stock shown has held for the settle time, else the stock shown. */
function settledStock(latest: string): string {
  const now = stockSettle.now();
  if (shownStock?.version !== latest && (!shownStock || now - shownStock.since >= stockSettle.ms))
    shownStock = { version: latest, since: now };
  return shownStock.version;
}

async function lookup(): Promise<CatalogVersion> {
  const metas = await CatalogMeta.find(
    { _id: { $in: [CATALOG, STOCK] } },
    { epoch: 1, version: 1 },
  ).lean();
  const catalog = versionOf(metas.find((m) => m._id === CATALOG));
  const stock = settledStock(versionOf(metas.find((m) => m._id === STOCK)));
  return { catalog, current: `${catalog}-${stock}` };
}

let inflight: Promise<CatalogVersion> | undefined;
let queued: Promise<CatalogVersion> | undefined;

/**
 * The versions now ("<epoch>.<version>" each). Concurrent reads share lookups, at most one
 * running and one queued: a lookup already running may have read before this call arrived,
 * so a new caller waits for the next one, which starts after it. A read therefore never sees a
 * version older than the last write that finished before it arrived.
 */
export function catalogVersion(): Promise<CatalogVersion> {
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
  );

export async function bumpCatalogVersion(): Promise<void> {
  await bump(CATALOG);
}

export async function bumpStockVersion(): Promise<void> {
  await bump(STOCK);
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
    return modified === 0 ? undefined : bumpStockVersion();
  });
  schema.post(
    QUERY_WRITES.filter((op) => !UPDATES.includes(op)),
    bumpCatalog,
  );
  schema.post('deleteOne', { document: true, query: false }, bumpCatalog);
  schema.post('insertMany', bumpCatalog);
  schema.post('bulkWrite', bumpCatalog);
}
