// All databases and collections of the server. Every mutation is applied synchronously (so a
// command is atomic with respect to others on the single JS thread) and recorded as a logical
// journal record: full document images and catalog changes, which replay idempotently.
import type { Document, UUID } from 'bson';
import { calculateObjectSize } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { Collection } from './collection.js';
import type { IndexSpec } from './indexes.js';
import type { Doc } from './values.js';
import { cloneValue } from './values.js';
import { runPipeline } from '../query/mingo.js';

export interface Durability {
  append(rec: Document): void;
  /** Number of records appended so far. */
  readonly appended: number;
  /** Resolves once every record appended so far is on disk. */
  flushed(): Promise<void>;
}

export class Engine {
  readonly dbs = new Map<string, Map<string, Collection>>();
  durability: Durability | undefined;
  private readonly sink = (rec: Document): void => this.durability?.append(rec);

  flushed(): Promise<void> {
    return this.durability ? this.durability.flushed() : Promise.resolve();
  }

  /** Changes whenever a mutation is journaled; lets callers tell whether a command wrote. */
  seq(): number {
    return this.durability?.appended ?? 0;
  }

  collection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  /** The collection, or a NamespaceNotFound error like mongod's. */
  requireCollection(db: string, name: string): Collection {
    const c = this.collection(db, name);
    if (!c)
      throw new MongoCommandError(ErrorCodes.NamespaceNotFound, `ns does not exist: ${db}.${name}`);
    return c;
  }

  /** Collections are created implicitly by writes and createIndexes. */
  ensureCollection(db: string, name: string): Collection {
    return this.collection(db, name) ?? this.createCollection(db, name, {});
  }

  createCollection(
    db: string,
    name: string,
    options: Document,
    journal = true,
    uuid?: UUID,
  ): Collection {
    validateNamespace(db, name);
    let colls = this.dbs.get(db);
    if (!colls) this.dbs.set(db, (colls = new Map()));
    const coll = new Collection(db, name, options, this.sink, uuid);
    if (coll.isView) coll.viewSource = () => this.viewDocs(coll);
    colls.set(name, coll);
    if (journal) this.sink({ t: 'cc', db, c: name, options, uuid: coll.uuid });
    return coll;
  }

  private viewDocs(view: Collection, depth = 0): Doc[] {
    if (depth > 20) throw new MongoCommandError(ErrorCodes.BadValue, 'View nesting too deep');
    const source = this.collection(view.db, view.options.viewOn as string);
    const docs = source
      ? source.isView
        ? this.viewDocs(source, depth + 1)
        : [...source.docs.values()]
      : [];
    const pipeline = (view.options.pipeline as Document[] | undefined) ?? [];
    const resolver = (n: string): Doc[] =>
      [...(this.collection(view.db, n)?.readDocs() ?? [])].map(cloneValue);
    return pipeline.length ? runPipeline(docs.map(cloneValue), pipeline, { resolver }) : docs;
  }

  dropCollection(db: string, name: string, journal = true): boolean {
    const colls = this.dbs.get(db);
    if (!colls?.delete(name)) return false;
    if (colls.size === 0) this.dbs.delete(db);
    if (journal) this.sink({ t: 'dc', db, c: name });
    return true;
  }

  dropDatabase(db: string, journal = true): void {
    this.dbs.delete(db);
    if (journal) this.sink({ t: 'dd', db });
  }

  rename(db: string, name: string, toDb: string, toName: string, journal = true): void {
    const coll = this.requireCollection(db, name);
    this.dropCollection(toDb, toName, false);
    this.dbs.get(db)!.delete(name);
    if (this.dbs.get(db)!.size === 0) this.dbs.delete(db);
    coll.db = toDb;
    coll.name = toName;
    let colls = this.dbs.get(toDb);
    if (!colls) this.dbs.set(toDb, (colls = new Map()));
    colls.set(toName, coll);
    if (journal) this.sink({ t: 'rn', db, c: name, toDb, to: toName });
  }

  /** Applies one journal/snapshot record during recovery (no checks, no re-journaling). */
  replay(rec: Document): void {
    const db = rec.db as string;
    const c = rec.c as string;
    switch (rec.t) {
      case 'cc':
        if (!this.collection(db, c))
          this.createCollection(db, c, rec.options as Document, false, rec.uuid as UUID);
        break;
      case 'dc':
        this.dropCollection(db, c, false);
        break;
      case 'dd':
        this.dropDatabase(db, false);
        break;
      case 'rn':
        if (this.collection(db, c)) this.rename(db, c, rec.toDb as string, rec.to as string, false);
        break;
      case 'put':
        this.ensureQuiet(db, c).putUnchecked(rec.d as Doc);
        break;
      case 'docs':
        for (const d of rec.docs as Doc[]) this.ensureQuiet(db, c).putUnchecked(d);
        break;
      case 'del': {
        const coll = this.collection(db, c);
        const doc = coll?.getById(rec.id);
        if (coll && doc) coll.remove(doc, false);
        break;
      }
      case 'ix': {
        const coll = this.ensureQuiet(db, c);
        const spec = rec.spec as IndexSpec;
        coll.indexes.delete(spec.name);
        try {
          coll.createIndex(spec, false);
        } catch {
          // A unique index that could not be built was never acknowledged; ignore.
        }
        break;
      }
      case 'dx':
        this.collection(db, c)?.dropIndex(rec.name as string, false);
        break;
      case 'ixm':
        this.collection(db, c)?.modifyIndex(rec.spec as IndexSpec, false);
        break;
      case 'co':
        this.collection(db, c)?.setOptions(rec.options as Document, false);
        break;
      default:
        break;
    }
  }

  private ensureQuiet(db: string, name: string): Collection {
    return this.collection(db, name) ?? this.createCollection(db, name, {}, false);
  }

  /** Snapshot records that rebuild the current state when replayed in order. */
  *snapshotRecords(): Generator<Document> {
    for (const [db, colls] of this.dbs) {
      for (const [name, coll] of colls) {
        yield { t: 'cc', db, c: name, options: coll.options, uuid: coll.uuid };
        for (const spec of coll.indexSpecs())
          if (spec.name !== '_id_') yield { t: 'ix', db, c: name, spec };
        let batch: Doc[] = [];
        let bytes = 0;
        for (const doc of coll.docs.values()) {
          const size = calculateObjectSize(doc);
          if (batch.length && (batch.length >= 1000 || bytes + size > 4 * 1024 * 1024)) {
            yield { t: 'docs', db, c: name, docs: batch };
            batch = [];
            bytes = 0;
          }
          batch.push(doc);
          bytes += size;
        }
        if (batch.length) yield { t: 'docs', db, c: name, docs: batch };
      }
    }
  }
}

export function validateNamespace(db: string, name: string): void {
  if (!db || /[/\\. "$]/.test(db) || db.length > 63)
    throw new MongoCommandError(ErrorCodes.InvalidNamespace, `Invalid database name: '${db}'`);
  if (!name || name.includes('$') || name.startsWith('.') || name.includes('\0'))
    throw new MongoCommandError(ErrorCodes.InvalidNamespace, `Invalid collection name: ${name}`);
}
