/**
 * The catalog's versions: three small Mongo documents that writes bump and every catalog read
 * checks (one lookup). Caches and ETags key on them, so they stay correct with any number of
 * API processes sharing the database.
 * - `catalog` moves on with every change of what a product or category says (names, prices,
 *   descriptions, photos, categories, products added or removed): every cached answer retires.
 * - `stock` moves on with every change of stock alone (a paid order, a cancellation, a
 *   restock): cached answers stay, and only the stock fields they show are read again
 *   (lib/cached-read.ts), so a busy checkout does not make every read compute afresh.
 * - `settings` moves on with every save of the shop's settings (modules/settings): pages that
 *   show the shop's details beside the catalog (a product page's seller, the launch pages) are
 *   kept for it too, so an admin's edit shows on the next page.
 *
 * Every write bumps its version before it is acknowledged: nothing waits in memory.
 *
 * The stock reads show moves on at most once per `STOCK_SETTLE_MS` (default 1 s), and that is
 * decided in the database, so every process and replica shows the same stock and the same ETag
 * for the same data: the `stock` document keeps the version reads show (`shown`) and when it
 * last moved (`shownAt`); a read that finds a newer version once the settle time has passed
 * moves `shown` on with one conditional write, which one reader wins. A busy checkout (tens of
 * orders a second) would otherwise make every answer showing stock be laid over again, and the
 * fast lane's copies retire, at every order. A change after a quiet spell shows at once; stock
 * shown is at most the settle time old; the checkout stays the authority and never sells what
 * is not there.
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
const SETTINGS = 'settings';

export interface CatalogVersion {
  /** What products and categories say, less their stock. */
  catalog: string;
  /** Both: what an answer showing stock is current for. */
  current: string;
  /** The shop's settings (read in the same lookup). */
  settings: string;
}

interface Meta {
  _id: string;
  epoch: string;
  version: number;
  /** The stock version reads show (stock only; the latest when absent). */
  shown?: number;
  shownAt?: Date;
}

const versionOf = (meta: Pick<Meta, 'epoch' | 'version'> | undefined) =>
  meta ? `${meta.epoch}.${meta.version}` : '0.0';

/** How often the stock reads show may move on, and the clock that says when (tests set both). */
const stockSettle = { ms: 1000, now: () => Date.now() };

export function settleStockVersion(
  ms: number,
  { now = Date.now }: { now?: () => number } = {},
): void {
  stockSettle.ms = ms;
  stockSettle.now = now;
  changes += 1;
}

/**
 * The stock version reads show: `shown` while it is younger than the settle time, else the
 * latest, moved on in the database (the reader whose conditional write lands first moves it;
 * the others read what it wrote). Answers it and, while a newer one waits, when that may show.
 */
async function shownStock(meta: Meta | undefined): Promise<{ version: string; settles: number }> {
  if (!meta) return { version: versionOf(meta), settles: Infinity };
  // A document from before `shown` existed moves on at once.
  const shown = meta.shown ?? -1;
  const now = stockSettle.now();
  const since = meta.shownAt?.getTime() ?? 0;
  if (shown === meta.version) return { version: versionOf(meta), settles: Infinity };
  if (now - since < stockSettle.ms)
    return { version: versionOf({ ...meta, version: shown }), settles: since + stockSettle.ms };
  const moved = await CatalogMeta.findOneAndUpdate(
    { _id: STOCK, shown: meta.shown ?? null },
    { $set: { shown: meta.version, shownAt: new Date(now) } },
    { returnDocument: 'after', projection: { epoch: 1, version: 1, shown: 1, shownAt: 1 } },
  ).lean<Meta>();
  if (moved) return { version: versionOf({ ...moved, version: moved.shown! }), settles: Infinity };
  // Another reader moved it first: read what it wrote.
  const current = await CatalogMeta.findById(STOCK, {
    epoch: 1,
    shown: 1,
    shownAt: 1,
  }).lean<Meta>();
  return {
    version: versionOf({ ...current!, version: current!.shown! }),
    settles: (current!.shownAt?.getTime() ?? 0) + stockSettle.ms,
  };
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
    { _id: { $in: [CATALOG, STOCK, SETTINGS] } },
    { epoch: 1, version: 1, shown: 1, shownAt: 1 },
  ).lean<Meta[]>();
  const catalog = versionOf(metas.find((m) => m._id === CATALOG));
  const stock = await shownStock(metas.find((m) => m._id === STOCK));
  const version = {
    catalog,
    current: `${catalog}-${stock.version}`,
    settings: versionOf(metas.find((m) => m._id === SETTINGS)),
  };
  // A newer stock version waiting for its settle time shows as soon as that has passed.
  lastRead = {
    version,
    until: Math.min(at + VERSION_FRESH_MS, stock.settles),
    changes: changesAtStart,
  };
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

/**
 * Moves a version on. A new stock document starts with the version it shows as its latest, so
 * the first change after a quiet spell shows at once.
 */
const bump = (id: string) =>
  CatalogMeta.updateOne(
    { _id: id },
    {
      $inc: { version: 1 },
      $setOnInsert: {
        epoch: randomBytes(4).toString('hex'),
        ...(id === STOCK ? { shown: 1, shownAt: new Date(0) } : {}),
      },
    },
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

/** After a save of the shop's settings: what pages show of them is made again. */
export async function bumpSettingsVersion(): Promise<void> {
  await bump(SETTINGS);
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

/** An array position in an update's path: `0`, `$`, `$[]` or `$[name]`. */
const POSITION = /^(\d+|\$|\$\[\w*\])$/;

/** Whether `path` is `pattern` or inside it; a `*` in the pattern stands for one array position. */
function underPath(path: string, pattern: string): boolean {
  const have = path.split('.');
  const want = pattern.split('.');
  return (
    have.length >= want.length &&
    want.every((segment, i) => (segment === '*' ? POSITION.test(have[i]!) : segment === have[i]))
  );
}

/**
 * What `update` (an update document) changes: only `stockPaths` (and the timestamp, and
 * `unshownPaths`) is 'stock', only `unshownPaths` is 'nothing shown', anything else (a pipeline,
 * a replacement, anything unknown included) is 'catalog'.
 */
export function changeOf(
  update: unknown,
  stockPaths: readonly string[],
  unshownPaths: readonly string[] = [],
): 'catalog' | 'stock' | 'nothing shown' {
  if (!update || typeof update !== 'object' || Array.isArray(update)) return 'catalog';
  const under = (paths: readonly string[], path: string) => paths.some((p) => underPath(path, p));
  let stock = false;
  let unshown = false;
  for (const [operator, fields] of Object.entries(update)) {
    if (!operator.startsWith('$') || !fields || typeof fields !== 'object') return 'catalog';
    for (const path of Object.keys(fields)) {
      if (path === 'updatedAt' && operator === '$set') continue;
      if (under(unshownPaths, path)) unshown = true;
      else if (under(stockPaths, path)) stock = true;
      else return 'catalog';
    }
  }
  if (stock) return 'stock';
  return unshown ? 'nothing shown' : 'catalog';
}

const UPDATES: MongooseQueryMiddleware[] = ['updateOne', 'updateMany', 'findOneAndUpdate'];

/**
 * `stockPaths`: the schema's stock fields (Product: quantity and its per-size stock);
 * `unshownPaths`: bookkeeping no read shows (a write of it alone moves no version).
 */
export function bumpCatalogOnWrite(
  schema: Schema,
  options: { stockPaths?: string[]; unshownPaths?: string[] } = {},
): void {
  const stockPaths = options.stockPaths ?? [];
  const unshownPaths = options.unshownPaths ?? [];
  const bumpCatalog = () => bumpCatalogVersion();
  schema.post('save', bumpCatalog);
  schema.post(UPDATES, function (this: { getUpdate(): unknown }, result: unknown) {
    const change = changeOf(this.getUpdate(), stockPaths, unshownPaths);
    if (change === 'catalog') return bumpCatalog();
    // A conditional stock update that matched nothing (not enough left) changed nothing.
    const modified = (result as { modifiedCount?: unknown } | null)?.modifiedCount;
    return modified === 0 || change === 'nothing shown' ? undefined : bumpStockVersion();
  });
  schema.post(
    QUERY_WRITES.filter((op) => !UPDATES.includes(op)),
    bumpCatalog,
  );
  schema.post('deleteOne', { document: true, query: false }, bumpCatalog);
  schema.post('insertMany', bumpCatalog);
  schema.post('bulkWrite', bumpCatalog);
}
