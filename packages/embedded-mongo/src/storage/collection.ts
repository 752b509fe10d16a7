// One collection: documents keyed by their `_id` key string (Map keeps insertion order, which
// serves as natural order) plus its indexes. Mutations check unique indexes before touching
// anything, so a failed write leaves no trace; the owner (Engine) journals successful ones.
import { UUID } from 'bson';
import type { Query } from 'mingo/query';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { compileFilter } from '../query/mingo.js';
import { markStored } from './numbers.js';
import type { IndexKey, IndexSpec } from './indexes.js';
import { Index } from './indexes.js';
import type { Doc } from './values.js';
import { formatValue, keyString } from './values.js';

export type JournalSink = (rec: Document) => void;

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
    this.indexes.set('_id_', new Index({ v: 2, key: { _id: 1 }, name: '_id_' }));
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

  insert(doc: Doc, journal = true): void {
    this.writable();
    const id = keyString(doc._id);
    if (this.docs.has(id)) throw this.dupError(this.idIndex, { key: id, values: [doc._id] });
    const keys = this.checkedKeys(id, doc);
    for (const [index, k] of keys) index.add(id, doc, k);
    markStored(doc);
    this.docs.set(id, doc);
    if (journal) this.sink({ t: 'put', db: this.db, c: this.name, d: doc });
  }

  /** Replaces the stored version of a document (same _id) with `next`. */
  replace(prev: Doc, next: Doc, journal = true): void {
    this.writable();
    const id = keyString(prev._id);
    const keys = this.checkedKeys(id, next);
    for (const index of this.indexes.values()) index.remove(id, prev);
    for (const [index, k] of keys) index.add(id, next, k);
    markStored(next);
    this.docs.set(id, next);
    if (journal) this.sink({ t: 'put', db: this.db, c: this.name, d: next });
  }

  remove(doc: Doc, journal = true): void {
    this.writable();
    const id = keyString(doc._id);
    if (!this.docs.has(id)) return;
    for (const index of this.indexes.values()) index.remove(id, doc);
    this.docs.delete(id);
    if (journal) this.sink({ t: 'del', db: this.db, c: this.name, id: doc._id });
  }

  /** Upsert by _id without unique checks; used when replaying the journal. */
  putUnchecked(doc: Doc): void {
    const prev = this.docs.get(keyString(doc._id));
    const id = keyString(doc._id);
    if (prev) for (const index of this.indexes.values()) index.remove(id, prev);
    for (const index of this.indexes.values()) index.add(id, doc);
    markStored(doc);
    this.docs.set(id, doc);
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

  /** The compiled `validator` option (undefined when none, or when it can't be evaluated). */
  validator(): Query | undefined {
    if (this.validatorQuery === undefined) {
      const v = this.options.validator as Document | undefined;
      try {
        this.validatorQuery =
          v && Object.keys(v).length && !('$jsonSchema' in v) ? compileFilter(v) : null;
      } catch {
        this.validatorQuery = null;
      }
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
    for (const index of this.indexes.values()) index.clear();
  }

  indexSpecs(): IndexSpec[] {
    return [...this.indexes.values()].map((i) => i.spec);
  }
}
