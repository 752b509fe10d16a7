// Runs a filter + sort + skip + limit over a collection using the planner's choice, and counts
// what it examined (for explain).
import type { Document } from 'bson';
import type { Query } from 'mingo/query';
import type { Collection } from '../storage/collection.js';
import type { Doc } from '../storage/values.js';
import type { Collation } from './collation.js';
import type { MingoEnv } from './mingo.js';
import { checkDeadline } from './deadline.js';
import { compileFilter } from './mingo.js';
import { findHintedIndex, plan } from './planner.js';
import type { SortField } from './sort.js';
import { sortDocs } from './sort.js';

export interface QuerySpec {
  filter?: Document | undefined;
  sort?: SortField[] | undefined;
  skip?: number | undefined;
  /** 0 or undefined: no limit */
  limit?: number | undefined;
  collation?: Collation | undefined;
  hint?: unknown;
  variables?: Document | undefined;
}

export interface QueryStats {
  stage: 'COLLSCAN' | 'IXSCAN' | 'EOF';
  indexName?: string;
  keyPattern?: Document;
  totalDocsExamined: number;
  totalKeysExamined: number;
  nReturned: number;
  executionTimeMillis: number;
}

export interface QueryResult {
  docs: Doc[];
  stats: QueryStats;
}

export function runQuery(
  coll: Collection | undefined,
  spec: QuerySpec,
  env: MingoEnv = {},
): QueryResult {
  const started = performance.now();
  const filter = spec.filter ?? {};
  const query = compileFilter(filter, {
    ...env,
    collation: spec.collation,
    variables: spec.variables,
  });
  const hint = findHintedIndex(coll, spec.hint);
  const stats: QueryStats = {
    stage: 'EOF',
    totalDocsExamined: 0,
    totalKeysExamined: 0,
    nReturned: 0,
    executionTimeMillis: 0,
  };
  if (!coll) return { docs: [], stats };
  // A hinted index without a sort returns documents in that index's order, as on mongod.
  const sort =
    spec.sort?.length || !hint || hint === 'natural' || !hint.ordered
      ? (spec.sort ?? [])
      : Object.entries(hint.spec.key).map(([path, dir]) => ({
          path,
          dir: (Number(dir) < 0 ? -1 : 1) as 1 | -1,
        }));
  const skip = spec.skip ?? 0;
  const want = spec.limit ? skip + spec.limit : undefined;
  const p = plan(coll, filter, sort, want, spec.collation, hint);
  stats.stage = p.kind;
  const test = p.consumed
    ? residualTest(filter, p.consumed, {
        ...env,
        collation: spec.collation,
        variables: spec.variables,
      })
    : (doc: Doc): boolean => query.test(doc);
  let matched: Doc[] = [];
  let sortedAlready = false;

  if (p.kind === 'COLLSCAN' || coll.isView) {
    stats.stage = 'COLLSCAN';
    for (const doc of coll.readDocs()) {
      if ((++stats.totalDocsExamined & 255) === 0) checkDeadline();
      if (query.test(doc)) {
        matched.push(doc);
        if (sort.length === 0 && want !== undefined && matched.length >= want) break;
      }
    }
  } else {
    const index = p.index!;
    stats.indexName = index.name;
    stats.keyPattern = index.spec.key;
    const entries = p.entries!;
    const seen = entries.length > 1 || index.multikey ? new Set<string>() : undefined;
    const rest = sort.slice(1);
    const n = entries.length;
    for (let i = 0; i < n; i++) {
      const entry = entries[p.reverse && p.sorted ? n - 1 - i : i]!;
      stats.totalKeysExamined += entry.ids.size;
      const group: Doc[] = [];
      for (const id of entry.ids) {
        if (seen) {
          if (seen.has(id)) continue;
          seen.add(id);
        }
        const doc = coll.docs.get(id);
        if (!doc) continue;
        if ((++stats.totalDocsExamined & 255) === 0) checkDeadline();
        if (test(doc)) group.push(doc);
      }
      if (p.sorted && rest.length && group.length > 1)
        matched.push(...sortDocs(group, rest, spec.collation));
      else matched.push(...group);
      if (want !== undefined && matched.length >= want && (p.sorted || sort.length === 0)) break;
    }
    sortedAlready = p.sorted;
  }
  checkDeadline();
  if (sort.length && !sortedAlready) matched = sortDocs(matched, sort, spec.collation);
  if (skip || want !== undefined) matched = matched.slice(skip, want);
  stats.nReturned = matched.length;
  stats.executionTimeMillis = Math.round(performance.now() - started);
  return { docs: matched, stats };
}

/** The filter without the part an index lookup already guarantees (cheaper per document). */
function residualTest(
  filter: Document,
  consumed: { field: string; ops: string[] },
  env: MingoEnv,
): (doc: Doc) => boolean {
  const rest: Document = { ...filter };
  const cond = rest[consumed.field];
  if (consumed.ops[0] === '' || !cond || typeof cond !== 'object') delete rest[consumed.field];
  else {
    const left: Document = { ...(cond as Document) };
    for (const op of consumed.ops) delete left[op];
    if (Object.keys(left).length) rest[consumed.field] = left;
    else delete rest[consumed.field];
  }
  if (Object.keys(rest).length === 0) return () => true;
  const q = compileFilter(rest, env);
  return (doc) => q.test(doc);
}

/** Convenience for write paths: compile once, test one document. */
export function matcher(filter: Document | undefined, env: MingoEnv): Query {
  return compileFilter(filter, env);
}
