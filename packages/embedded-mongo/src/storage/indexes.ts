// A secondary index: a Map from the full (compound) key to document ids, used for uniqueness
// and exact lookups, plus a sorted list of the distinct values of the leading field, used for
// equality/$in/range lookups and for ordered scans (sort + limit) without touching every doc.
import type { Document } from 'bson';
import type { Query } from 'mingo/query';
import type { Collation } from '../query/collation.js';
import { parseCollation } from '../query/collation.js';
import { compileFilter } from '../query/mingo.js';
import type { Doc } from './values.js';
import { compareValues, keyString, pathHasArray, pathValues, typeRank } from './values.js';

export interface IndexSpec extends Document {
  v: number;
  key: Document;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Document;
  expireAfterSeconds?: number;
  collation?: Document;
}

export interface LeadEntry {
  value: unknown;
  ids: Set<string>;
}

/** One index key of a document: the values of each field and its Map key. */
export interface IndexKey {
  key: string;
  values: unknown[];
}

const MAX_KEYS_PER_DOC = 10_000;

export function defaultIndexName(key: Document): string {
  return Object.entries(key)
    .map(([k, v]) => `${k}_${String(v)}`)
    .join('_');
}

export class Index {
  readonly fields: string[];
  readonly collation: Collation | undefined;
  /** true for ascending/descending fields (not text/hashed/2dsphere), which can serve queries */
  readonly ordered: boolean;
  private readonly partial: Query | undefined;
  multikey = false;
  readonly entries = new Map<string, Set<string>>();
  readonly lead = new Map<string, LeadEntry>();
  readonly sorted: LeadEntry[] = [];

  constructor(public spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    this.collation = parseCollation(spec.collation);
    this.ordered = Object.values(spec.key).every((v) => typeof v === 'number');
    this.partial = spec.partialFilterExpression
      ? compileFilter(spec.partialFilterExpression)
      : undefined;
  }

  get name(): string {
    return this.spec.name;
  }

  get unique(): boolean {
    return !!this.spec.unique || this.spec.name === '_id_';
  }

  get sparse(): boolean {
    return !!this.spec.sparse;
  }

  get isPartial(): boolean {
    return this.partial !== undefined;
  }

  /** Whether a document has entries in this index at all (sparse/partial exclude some). */
  covers(doc: Doc): boolean {
    if (this.partial && !this.partial.test(doc)) return false;
    if (this.sparse && this.fields.every((f) => pathValues(doc, f).length === 0)) return false;
    return true;
  }

  /** The index keys of a document (several for arrays: one per element), or [] if not covered. */
  keysOf(doc: Doc): IndexKey[] {
    if (!this.covers(doc)) return [];
    let combos: unknown[][] = [[]];
    for (const f of this.fields) {
      let vals = pathValues(doc, f);
      if (vals.length === 0) vals = [null];
      else vals = vals.map((v) => (v === undefined ? null : v));
      const next: unknown[][] = [];
      for (const c of combos)
        for (const v of vals) if (next.length < MAX_KEYS_PER_DOC) next.push([...c, v]);
      combos = next;
    }
    const seen = new Map<string, IndexKey>();
    for (const values of combos) {
      const key = values.map((v) => keyString(v, this.collation)).join('\u0001');
      if (!seen.has(key)) seen.set(key, { key, values });
    }
    return [...seen.values()];
  }

  /** The first document id (other than `selfId`) that already holds one of these keys. */
  conflict(keys: IndexKey[], selfId: string): IndexKey | undefined {
    if (!this.unique) return undefined;
    for (const k of keys) {
      const ids = this.entries.get(k.key);
      if (ids) for (const id of ids) if (id !== selfId) return k;
    }
    return undefined;
  }

  add(id: string, doc: Doc, keys = this.keysOf(doc)): void {
    if (!this.multikey && this.fields.some((f) => pathHasArray(doc, f))) this.multikey = true;
    const leadSeen = new Set<string>();
    for (const k of keys) {
      let set = this.entries.get(k.key);
      if (!set) this.entries.set(k.key, (set = new Set()));
      set.add(id);
      const lk = keyString(k.values[0], this.collation);
      if (leadSeen.has(lk)) continue;
      leadSeen.add(lk);
      let entry = this.lead.get(lk);
      if (!entry) {
        entry = { value: k.values[0], ids: new Set() };
        this.lead.set(lk, entry);
        this.sorted.splice(this.position(entry.value), 0, entry);
      }
      entry.ids.add(id);
    }
  }

  /**
   * Moves a document's entries from `prev` to `next` (same id). An update that leaves this
   * index's keys as they were (most updates: stock, status, timestamps) touches nothing.
   */
  update(id: string, prev: Doc, next: Doc, nextKeys = this.keysOf(next)): void {
    const prevKeys = this.keysOf(prev);
    if (
      prevKeys.length === nextKeys.length &&
      prevKeys.every((k, i) => k.key === nextKeys[i]!.key)
    ) {
      // Same keys, but an array may now hold them: the index is multikey from then on.
      if (!this.multikey && this.fields.some((f) => pathHasArray(next, f))) this.multikey = true;
      return;
    }
    this.remove(id, prev, prevKeys);
    this.add(id, next, nextKeys);
  }

  remove(id: string, doc: Doc, keys = this.keysOf(doc)): void {
    for (const k of keys) {
      const set = this.entries.get(k.key);
      if (set) {
        set.delete(id);
        if (set.size === 0) this.entries.delete(k.key);
      }
      const lk = keyString(k.values[0], this.collation);
      const entry = this.lead.get(lk);
      if (entry) {
        entry.ids.delete(id);
        if (entry.ids.size === 0) {
          this.lead.delete(lk);
          const pos = this.position(entry.value);
          const at = this.sorted[pos] === entry ? pos : this.sorted.indexOf(entry);
          if (at >= 0) this.sorted.splice(at, 1);
        }
      }
    }
  }

  clear(): void {
    this.entries.clear();
    this.lead.clear();
    this.sorted.length = 0;
    this.multikey = false;
  }

  /** First position whose value is >= v (lower bound). */
  position(v: unknown): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareValues(this.sorted[mid]!.value, v, this.collation) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First position whose value is > v (upper bound). */
  positionAfter(v: unknown): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareValues(this.sorted[mid]!.value, v, this.collation) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Leading-field entries within bounds, restricted to the bounds' BSON type bracket as MongoDB
   * does ($gt: 5 matches numbers only).
   */
  range(
    lower?: { value: unknown; inclusive: boolean },
    upper?: { value: unknown; inclusive: boolean },
  ): LeadEntry[] {
    const rank = typeRank(lower ? lower.value : upper!.value);
    let start = lower
      ? lower.inclusive
        ? this.position(lower.value)
        : this.positionAfter(lower.value)
      : 0;
    if (!lower)
      while (start < this.sorted.length && typeRank(this.sorted[start]!.value) < rank) start++;
    const out: LeadEntry[] = [];
    for (let i = start; i < this.sorted.length; i++) {
      const e = this.sorted[i]!;
      if (typeRank(e.value) !== rank) break;
      if (upper) {
        const c = compareValues(e.value, upper.value, this.collation);
        if (c > 0 || (c === 0 && !upper.inclusive)) break;
      }
      out.push(e);
    }
    return out;
  }

  lookup(value: unknown): LeadEntry | undefined {
    return this.lead.get(keyString(value, this.collation));
  }
}
