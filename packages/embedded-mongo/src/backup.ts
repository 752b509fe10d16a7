// Backup and restore in mongodump's directory format, so `mongorestore DUMP` loads a backup
// into any MongoDB and a `mongodump` of a real server loads here:
//   DUMP/<db>/<collection>.bson           the documents, concatenated BSON
//   DUMP/<db>/<collection>.metadata.json  {options, indexes, uuid, collectionName, type} in
//                                          canonical Extended JSON (views: metadata only)
// `dumpDataDir` reads a data directory without locking it (the durable state: snapshot plus
// journal), so it works while a server is running on it.
import fs from 'node:fs';
import path from 'node:path';
import { EJSON, serialize, UUID } from 'bson';
import type { Document } from 'bson';
import { normalizeSpec } from './commands/indexes.js';
import type { Collection } from './storage/collection.js';
import { Engine } from './storage/engine.js';
import { Journal } from './storage/journal.js';
import { decodeBson } from './storage/numbers.js';

export interface DumpSummary {
  databases: number;
  collections: number;
  documents: number;
}

/** File name of a collection as mongodump writes it (a few characters percent-escaped). */
export function escapeCollectionName(name: string): string {
  return name.replace(/[%/\\:*?"<>|]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

function unescapeCollectionName(file: string): string {
  return file.replace(/%([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function writeFileSynced(file: string, data: Buffer | string): void {
  const fd = fs.openSync(file, 'w', 0o600);
  try {
    fs.writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes every collection and view of `engine` to `out` (which must not exist or be empty). */
export function dumpEngine(engine: Engine, out: string): DumpSummary {
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0)
    throw new Error(`${out} exists and is not empty`);
  fs.mkdirSync(out, { recursive: true, mode: 0o700 });
  const summary: DumpSummary = { databases: 0, collections: 0, documents: 0 };
  for (const [db, colls] of engine.dbs) {
    const dir = path.join(out, db);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    summary.databases++;
    for (const coll of colls.values()) {
      const base = path.join(dir, escapeCollectionName(coll.name));
      const meta: Document = {
        indexes: coll.isView ? [] : coll.indexSpecs(),
        uuid: coll.isView ? undefined : Buffer.from(coll.uuid.buffer).toString('hex'),
        collectionName: coll.name,
        type: coll.isView ? 'view' : 'collection',
      };
      if (Object.keys(coll.options).length) meta.options = coll.options;
      if (meta.uuid === undefined) delete meta.uuid;
      writeFileSynced(base + '.metadata.json', EJSON.stringify(meta, { relaxed: false }));
      summary.collections++;
      if (coll.isView) continue;
      const parts: Uint8Array[] = [];
      for (const doc of coll.docs.values()) parts.push(serialize(doc));
      summary.documents += parts.length;
      writeFileSynced(base + '.bson', Buffer.concat(parts));
    }
  }
  return summary;
}

/** Dumps the durable state of a data directory, also while a server runs on it. */
export function dumpDataDir(dataDir: string, out: string): DumpSummary {
  if (!fs.existsSync(dataDir)) throw new Error(`no data directory at ${dataDir}`);
  return dumpEngine(
    Journal.readState(dataDir, () => new Engine()),
    out,
  );
}

/** Splits a .bson file into its documents (each starts with its int32 length). */
export function readBsonFile(file: string): Document[] {
  const buf = fs.readFileSync(file);
  const docs: Document[] = [];
  let pos = 0;
  while (pos < buf.length) {
    if (pos + 5 > buf.length) throw new Error(`${file}: truncated document at byte ${pos}`);
    const len = buf.readInt32LE(pos);
    if (len < 5 || pos + len > buf.length)
      throw new Error(`${file}: bad document length ${len} at byte ${pos}`);
    docs.push(decodeBson(buf.subarray(pos, pos + len)));
    pos += len;
  }
  return docs;
}

export interface RestoreOptions {
  /** Drop collections that exist already (like mongorestore --drop); else they are an error. */
  drop?: boolean;
}

/**
 * Loads a dump into `engine` (journaled when the engine has a journal): collections with their
 * options and UUID, their indexes, then their documents; views last.
 */
export function restoreInto(engine: Engine, from: string, opts: RestoreOptions = {}): DumpSummary {
  const summary: DumpSummary = { databases: 0, collections: 0, documents: 0 };
  const dbs = fs
    .readdirSync(from, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  if (dbs.length === 0) throw new Error(`${from} holds no database folders`);
  const views: [string, string, Document][] = [];
  if (!opts.drop)
    for (const db of dbs)
      for (const f of fs.readdirSync(path.join(from, db)))
        if (f.endsWith('.metadata.json') || f.endsWith('.bson')) {
          const name = unescapeCollectionName(f.replace(/(\.metadata\.json|\.bson)$/, ''));
          if (engine.collection(db, name))
            throw new Error(`${db}.${name} exists already (restore with --drop to replace it)`);
        }
  for (const db of dbs) {
    const dir = path.join(from, db);
    summary.databases++;
    const metas = fs.readdirSync(dir).filter((f) => f.endsWith('.metadata.json'));
    const bsons = fs.readdirSync(dir).filter((f) => f.endsWith('.bson'));
    const names = new Set([
      ...metas.map((f) => f.slice(0, -'.metadata.json'.length)),
      ...bsons.map((f) => f.slice(0, -'.bson'.length)),
    ]);
    for (const file of names) {
      const metaPath = path.join(dir, file + '.metadata.json');
      const meta = fs.existsSync(metaPath)
        ? (EJSON.parse(fs.readFileSync(metaPath, 'utf8'), { relaxed: false }) as Document)
        : {};
      const name =
        typeof meta.collectionName === 'string'
          ? meta.collectionName
          : unescapeCollectionName(file);
      if (name.startsWith('system.')) continue;
      const options = normalizeOptions((meta.options as Document | undefined) ?? {});
      if (meta.type === 'timeseries' || options.timeseries)
        throw new Error(`${db}.${name}: time-series collections are not supported`);
      if (engine.collection(db, name)) {
        if (!opts.drop)
          throw new Error(`${db}.${name} exists already (restore with --drop to replace it)`);
        engine.dropCollection(db, name);
      }
      if (options.viewOn !== undefined) {
        views.push([db, name, options]);
        continue;
      }
      const uuid =
        typeof meta.uuid === 'string' && /^[0-9a-f]{32}$/i.test(meta.uuid)
          ? new UUID(meta.uuid)
          : undefined;
      const coll: Collection = engine.createCollection(db, name, options, true, uuid);
      for (const raw of (meta.indexes as Document[] | undefined) ?? []) {
        const spec = normalizeSpec(normalizeOptions(raw));
        if (spec.name !== '_id_') coll.createIndex(spec);
      }
      const bsonPath = path.join(dir, file + '.bson');
      if (fs.existsSync(bsonPath))
        for (const doc of readBsonFile(bsonPath)) {
          coll.insert(doc);
          summary.documents++;
        }
      summary.collections++;
    }
  }
  for (const [db, name, options] of views) {
    engine.createCollection(db, name, options);
    summary.collections++;
  }
  return summary;
}

/** Extended JSON gives plain numbers for int32 and Double objects for doubles: make them typed. */
function normalizeOptions(doc: Document): Document {
  return decodeBson(serialize(doc));
}

/** Restores a dump into a data directory that no server is using. */
export async function restoreDataDir(
  dataDir: string,
  from: string,
  opts: RestoreOptions = {},
): Promise<DumpSummary> {
  if (!fs.existsSync(from)) throw new Error(`no dump at ${from}`);
  const engine = new Engine();
  const journal = Journal.open(dataDir, engine);
  try {
    const summary = restoreInto(engine, from, opts);
    await engine.flushed();
    return summary;
  } finally {
    await journal.close();
  }
}
