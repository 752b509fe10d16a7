// One collection: documents keyed by their `_id` key string (Map keeps insertion order, which
// serves as natural order) plus its indexes. Mutations check unique indexes before touching
// anything, so a failed write leaves no trace; the owner (Engine) journals successful ones.
import { calculateObjectSize, UUID } from 'bson';
import type { Query } from 'mingo/query';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { parseCollation } from '../query/collation.js';
import { compileFilter } from '../query/mingo.js';
import { markStored } from './numbers.js';
import type { IndexKey, IndexSpec } from './indexes.js';
import { Index } from './indexes.js';
import type { Doc } from './values.js';
import { formatValue, keyString } from './values.js';

export type JournalSink = (rec: Document) => void;

/** mongod's limit on a stored document (BSONObjectMaxUserSize). */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

/**
 * The `_id` index of a collection with these options: under the collection's default
 * collation when it has one (written out in full, as createIndexes writes it), as on mongod.
 */
export function idIndexSpec(options: Document): IndexSpec {
  const spec: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };
  const collation = parseCollation(options.collation);
  if (collation)
    spec.collation = {
      locale: collation.locale,
      strength: collation.strength,
      ...(options.collation as Document),
    };
  return spec;
}

export class Collection {
  readonly docs = new Map<string, Doc>();
  readonly indexes = new Map<string, Index>();
  uuid: UUID;
  private validatorQuery: Query | null | undefined;

  constructor(
    public db: string,
    public name: string,
    public options: Document,
    private readonly sink: JournalSink,
    uuid?: UUID,
  ) {
    this.uuid = uuid ?? new UUID();
    this.indexes.set('_id_', new Index(idIndexSpec(options)));
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get idIndex(): Index {
    return this.indexes.get('_id_')!;
  }

  /** Set by the engine for views: computes the view's documents from its source. */
  viewSource: (() => Doc[]) | undefined;

  get isView(): boolean {
    return typeof this.options.viewOn === 'string';
  }

  /** Documents as readers see them (a view's are computed on each read). */
  readDocs(): Iterable<Doc> {
    return this.viewSource ? this.viewSource() : this.docs.values();
  }

  private writable(): void {
    if (this.isView)
      throw new MongoCommandError(166, `Namespace ${this.ns} is a view, not a collection`);
  }

  getById(id: unknown): Doc | undefined {
    return this.docs.get(keyString(id));
  }

  private dupError(index: Index, key: IndexKey): MongoCommandError {
    const keyPattern: Document = {};
    const keyValue: Document = {};
    index.fields.forEach((f, i) => {
      keyPattern[f] = index.spec.key[f];
      keyValue[f] = key.values[i] ?? null;
    });
    const shown = index.fields.map((f, i) => `${f}: ${formatValue(key.values[i])}`).join(', ');
    const collation = index.collation
      ? ` collation: { locale: "${index.collation.locale}", strength: ${index.collation.strength} }`
      : '';
    return new MongoCommandError(
      ErrorCodes.DuplicateKey,
      `E11000 duplicate key error collection: ${this.ns} index: ${index.name}${collation} dup key: { ${shown} }`,
      { keyPattern, keyValue },
    );
  }

  /** Computes every index's keys for `doc`, throwing E11000 if a unique index already has one. */
  private checkedKeys(id: string, doc: Doc): Map<Index, IndexKey[]> {
    const all = new Map<Index, IndexKey[]>();
    for (const index of this.indexes.values()) {
      const keys = index.keysOf(doc);
      const clash = index.conflict(keys, id);
      if (clash) throw this.dupError(index, clash);
      all.set(index, keys);
    }
    return all;
  }

  /** Capped collections: bytes of each stored document (insertion order is the natural order). */
  private cappedBytes: Map<string, number> | undefined;
  private cappedTotal = 0;

  get capped(): boolean {
    return this.options.capped === true;
  }

  insert(doc: Doc, journal = true): void {
    this.writable();
    const size = calculateObjectSize(doc);
    if (size > MAX_DOCUMENT_BYTES)
      throw new MongoCommandError(
        ErrorCodes.BSONObjectTooLarge,
        `object to insert too large. size in bytes: ${size}, max size: ${MAX_DOCUMENT_BYTES}`,
      );
    const id = keyString(doc._id);
    if (this.docs.has(id)) throw this.dupError(this.idIndex, { key: id, values: [doc._id] });
    const keys = this.checkedKeys(id, doc);
    for (const [index, k] of keys) index.add(id, doc, k);
    markStored(doc);
    this.docs.set(id, doc);
    if (journal) this.sink({ t: 'put', db: this.db, c: this.name, d: doc });
    if (this.capped) this.trackCapped(id, size, journal);
  }

  /** Removes the oldest documents while a capped collection is over its `size` or `max`. */
  private trackCapped(id: string, size: number, journal: boolean): void {
    this.cappedBytes ??= new Map();
    this.cappedTotal += size - (this.cappedBytes.get(id) ?? 0);
    this.cappedBytes.set(id, size);
    if (journal) this.evictOldest(id); // on replay the journal holds the deletions that followed
  }

  /**
   * Deletes the oldest documents (never `keepId`) while a capped collection holds more than
   * its `size` (raised like mongod's: at least 4096, a multiple of 256) or `max` documents.
   */
  evictOldest(keepId?: string): void {
    if (!this.capped) return;
    const size = Number(this.options.size);
    const maxBytes = size <= 4096 ? 4096 : Math.ceil(size / 256) * 256;
    const max = Number(this.options.max ?? 0);
    const maxDocs = max > 0 ? max : Infinity;
    for (const [oldId, old] of this.docs) {
      if (this.cappedTotal <= maxBytes && this.docs.size <= maxDocs) break;
      if (oldId !== keepId) this.remove(old);
    }
  }

  /** Replaces the stored version of a document (same _id) with `next`. */
  replace(prev: Doc, next: Doc, journal = true): void {
    this.writable();
    const size = calculateObjectSize(next);
    if (size > MAX_DOCUMENT_BYTES)
      throw new MongoCommandError(
        ErrorCodes.Location17419,
        `Resulting document after update is larger than ${MAX_DOCUMENT_BYTES}`,
      );
    const id = keyString(prev._id);
    const keys = this.checkedKeys(id, next);
    for (const [index, k] of keys) index.update(id, prev, next, k);
    markStored(next);
    this.docs.set(id, next);
    if (journal) this.sink({ t: 'put', db: this.db, c: this.name, d: next });
    if (this.capped) this.trackCapped(id, size, journal);
  }

  remove(doc: Doc, journal = true): void {
    this.writable();
    const id = keyString(doc._id);
    if (!this.docs.has(id)) return;
    for (const index of this.indexes.values()) index.remove(id, doc);
    this.docs.delete(id);
    if (this.cappedBytes?.has(id)) {
      this.cappedTotal -= this.cappedBytes.get(id)!;
      this.cappedBytes.delete(id);
    }
    if (journal) this.sink({ t: 'del', db: this.db, c: this.name, id: doc._id });
  }

  /** Upsert by _id without unique checks; used when replaying the journal. */
  putUnchecked(doc: Doc): void {
    const prev = this.docs.get(keyString(doc._id));
    const id = keyString(doc._id);
    for (const index of this.indexes.values())
      if (prev) index.update(id, prev, doc);
      else index.add(id, doc);
    markStored(doc);
    this.docs.set(id, doc);
    if (this.capped) this.trackCapped(id, calculateObjectSize(doc), false);
  }

  /** Builds a new index over existing documents; fails with E11000 if a unique one can't hold. */
  createIndex(spec: IndexSpec, journal = true): void {
    this.writable();
    const index = new Index(spec);
    for (const [id, doc] of this.docs) {
      const keys = index.keysOf(doc);
      const clash = index.conflict(keys, id);
      if (clash) throw this.dupError(index, clash);
      index.add(id, doc, keys);
    }
    this.indexes.set(spec.name, index);
    if (journal) this.sink({ t: 'ix', db: this.db, c: this.name, spec });
  }

  dropIndex(name: string, journal = true): void {
    this.indexes.delete(name);
    if (journal) this.sink({ t: 'dx', db: this.db, c: this.name, name });
  }

  /** Changes options that don't affect keys (expireAfterSeconds, hidden). */
  modifyIndex(spec: IndexSpec, journal = true): void {
    const index = this.indexes.get(spec.name);
    if (index) index.spec = spec;
    if (journal) this.sink({ t: 'ixm', db: this.db, c: this.name, spec });
  }

  /** The compiled `validator` option (undefined when none). */
  validator(): Query | undefined {
    if (this.validatorQuery === undefined) {
      const v = this.options.validator as Document | undefined;
      // create/collMod refuse what cannot be compiled, so a failure here is an error too.
      this.validatorQuery = v && Object.keys(v).length ? compileFilter(v) : null;
    }
    return this.validatorQuery ?? undefined;
  }

  setOptions(options: Document, journal = true): void {
    this.options = options;
    this.validatorQuery = undefined;
    if (journal) this.sink({ t: 'co', db: this.db, c: this.name, options });
  }

  /** Removes all documents but keeps indexes (for $out replacement). */
  truncate(journal = true): void {
    if (journal)
      for (const doc of this.docs.values())
        this.sink({ t: 'del', db: this.db, c: this.name, id: doc._id });
    this.docs.clear();
    this.cappedBytes = undefined;
    this.cappedTotal = 0;
    for (const index of this.indexes.values()) index.clear();
  }

  indexSpecs(): IndexSpec[] {
    return [...this.indexes.values()].map((i) => i.spec);
  }
}
