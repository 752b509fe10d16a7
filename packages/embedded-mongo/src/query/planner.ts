// Picks how to produce candidate documents for a filter: an index lookup on the leading field
// of an index (equality, $in or a range), an ordered walk of an index matching the sort, or a
// collection scan. Candidates are always a superset of the matches; the full filter is then
// applied by mingo, so a plan can only make a query faster, never change its result.
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import type { Collection } from '../storage/collection.js';
import type { Index, LeadEntry } from '../storage/indexes.js';
import { compareValues, isPlainObject, keyString, typeRank } from '../storage/values.js';
import type { Collation } from './collation.js';
import { coarserKeys, sameCollation, sameKeys } from './collation.js';
import type { SortField } from './sort.js';

interface Bound {
  value: unknown;
  inclusive: boolean;
}

interface Predicate {
  field: string;
  /** operators of a top-level field condition this predicate came from ('' = plain equality) */
  ops?: string[];
  eq?: unknown[];
  lower?: Bound;
  upper?: Bound;
}

export interface Plan {
  kind: 'COLLSCAN' | 'IXSCAN';
  index?: Index;
  /** Entries of the index to visit, in ascending key order (IXSCAN). */
  entries?: LeadEntry[];
  /** The entries' order satisfies the first sort field (walk backwards when `reverse`). */
  sorted: boolean;
  reverse: boolean;
  /** Part of the filter the index answers exactly, which need not be re-tested per document. */
  consumed?: { field: string; ops: string[] };
}

function isOperatorObject(v: unknown): v is Document {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

function equalityValue(v: unknown): boolean {
  if (v === null || v === undefined || v instanceof RegExp || Array.isArray(v)) return false;
  if (isPlainObject(v)) return !Object.keys(v).some((k) => k.startsWith('$'));
  const r = typeRank(v);
  return r !== 0 && r !== 13 && r !== 11;
}

function rangeValue(v: unknown): boolean {
  if (v === null || v === undefined || Array.isArray(v) || isPlainObject(v) || v instanceof RegExp)
    return false;
  const r = typeRank(v);
  return r !== 0 && r !== 1 && r !== 13 && r !== 11;
}

function predicates(filter: Document, out: Predicate[] = [], top = true): Predicate[] {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(v)) {
      for (const sub of v) if (isPlainObject(sub)) predicates(sub, out, false);
      continue;
    }
    if (k.startsWith('$')) continue;
    if (isOperatorObject(v)) {
      const p: Predicate = { field: k };
      const eqOps: string[] = [];
      const rangeOps: string[] = [];
      for (const [op, x] of Object.entries(v)) {
        if (op === '$eq' && equalityValue(x)) {
          p.eq = [x];
          eqOps.splice(0, eqOps.length, op);
        } else if (op === '$in' && Array.isArray(x) && x.every(equalityValue) && !p.eq) {
          p.eq = x;
          eqOps.push(op);
        } else if ((op === '$gt' || op === '$gte') && rangeValue(x) && !p.lower) {
          p.lower = { value: x, inclusive: op === '$gte' };
          rangeOps.push(op);
        } else if ((op === '$lt' || op === '$lte') && rangeValue(x) && !p.upper) {
          p.upper = { value: x, inclusive: op === '$lte' };
          rangeOps.push(op);
        }
      }
      if (p.lower && p.upper && typeRank(p.lower.value) !== typeRank(p.upper.value)) {
        delete p.upper;
        rangeOps.length = 0;
      }
      if (top) p.ops = p.eq ? eqOps : rangeOps;
      if (p.eq || p.lower || p.upper) out.push(p);
    } else if (equalityValue(v)) {
      out.push(top ? { field: k, eq: [v], ops: [''] } : { field: k, eq: [v] });
    }
  }
  return out;
}

/** Index entries holding candidates for a predicate, or undefined if the index can't serve it. */
function entriesFor(
  index: Index,
  p: Predicate,
  collation: Collation | undefined,
): LeadEntry[] | undefined {
  if (p.eq) {
    const hasString = p.eq.some((v) => typeof v === 'string' || isPlainObject(v));
    if (hasString && !coarserKeys(index.collation, collation)) return undefined;
    const seen = new Set<string>();
    const out: LeadEntry[] = [];
    for (const v of p.eq) {
      const k = keyString(v, index.collation);
      if (seen.has(k)) continue;
      seen.add(k);
      const e = index.lookup(v);
      if (e) out.push(e);
    }
    return p.eq.length > 1
      ? out.sort((a, b) => compareValues(a.value, b.value, index.collation))
      : out;
  }
  const strings = typeRank((p.lower ?? p.upper)!.value) === 3;
  if (strings && !sameCollation(index.collation, collation)) return undefined;
  // On a multikey index two bounds may be met by different elements: use one bound only.
  if (index.multikey && p.lower && p.upper) return index.range(p.lower, undefined);
  return index.range(p.lower, p.upper);
}

function countOf(entries: LeadEntry[]): number {
  let n = 0;
  for (const e of entries) n += e.ids.size;
  return n;
}

/**
 * Whether index membership decides the predicate exactly (same equality/ordering rules as the
 * query), so the executor may drop it from the per-document filter.
 */
function exactlyAnswered(
  index: Index,
  p: Predicate,
  collation: Collation | undefined,
): { field: string; ops: string[] } | undefined {
  if (!p.ops || p.ops.length === 0 || index.sparse) return undefined;
  if (!sameKeys(index.collation, collation)) return undefined;
  if (!p.eq && index.multikey) return undefined; // only one bound was used
  if (p.eq && p.lower) return undefined;
  return { field: p.field, ops: p.ops };
}

export function findHintedIndex(
  coll: Collection | undefined,
  hint: unknown,
): Index | 'natural' | undefined {
  if (hint === undefined || hint === null) return undefined;
  if (isPlainObject(hint) && Object.keys(hint).length === 0) return undefined;
  if (isPlainObject(hint) && '$natural' in hint) return 'natural';
  if (!coll) return undefined;
  let found: Index | undefined;
  if (typeof hint === 'string') found = coll.indexes.get(hint);
  else if (isPlainObject(hint)) {
    const want = keyString(hint);
    found = [...coll.indexes.values()].find((i) => keyString(i.spec.key) === want);
  }
  if (!found)
    throw new MongoCommandError(
      ErrorCodes.BadValue,
      'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index',
    );
  return found;
}

export function plan(
  coll: Collection,
  filter: Document,
  sort: SortField[],
  want: number | undefined,
  collation: Collation | undefined,
  hint?: Index | 'natural',
): Plan {
  const collscan: Plan = { kind: 'COLLSCAN', sorted: false, reverse: false };
  if (hint === 'natural') return collscan;
  const total = coll.docs.size;
  const preds = predicates(filter);
  let best: { index: Index; entries: LeadEntry[]; count: number; pred: Predicate } | undefined;
  for (const index of coll.indexes.values()) {
    if (!index.ordered || index.isPartial || (hint && index !== hint)) continue;
    for (const p of preds) {
      if (index.fields[0] !== p.field) continue;
      const entries = entriesFor(index, p, collation);
      if (!entries) continue;
      const count = countOf(entries);
      if (!best || count < best.count) best = { index, entries, count, pred: p };
    }
  }
  const first = sort[0];
  let sortIndex: Index | undefined;
  if (first) {
    for (const index of coll.indexes.values()) {
      if (hint && index !== hint) continue;
      if (
        index.fields[0] !== first.path ||
        !index.ordered ||
        index.multikey ||
        index.sparse ||
        index.isPartial
      )
        continue;
      if (!sameCollation(index.collation, collation)) continue;
      sortIndex = index;
      break;
    }
  }
  if (best) {
    // Entries are in key order, so a lookup on the sort's own index comes out sorted already.
    const sorted = !!first && best.index === sortIndex;
    const consumed = exactlyAnswered(best.index, best.pred, collation);
    if (sorted || !sortIndex || want === undefined) {
      return {
        kind: 'IXSCAN',
        index: best.index,
        entries: best.entries,
        sorted,
        reverse: first?.dir === -1,
        consumed,
      };
    }
    // Walking the sort index stops after `want` matches; expect to visit want * total / count.
    const orderedCost = (want * total) / Math.max(best.count, 1);
    if (best.count <= orderedCost) {
      return {
        kind: 'IXSCAN',
        index: best.index,
        entries: best.entries,
        sorted: false,
        reverse: false,
        consumed,
      };
    }
  }
  if (sortIndex && first)
    return {
      kind: 'IXSCAN',
      index: sortIndex,
      entries: sortIndex.sorted,
      sorted: true,
      reverse: first.dir === -1,
    };
  if (hint)
    return { kind: 'IXSCAN', index: hint, entries: hint.sorted, sorted: false, reverse: false };
  return collscan;
}
