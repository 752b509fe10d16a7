// find / getMore / killCursors / count / distinct and explain of them.
import type { Document } from 'bson';
import type { Query } from 'mingo/query';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import type { Collation } from '../query/collation.js';
import { parseCollation } from '../query/collation.js';
import type { QueryResult, QuerySpec } from '../query/executor.js';
import { runQuery } from '../query/executor.js';
import { compileFilter, evalLet, newQuery } from '../query/mingo.js';
import { bigintsAsLongs, numberValue, plainValue } from '../storage/numbers.js';
import { parseSort } from '../query/sort.js';
import type { Collection } from '../storage/collection.js';
import type { Doc } from '../storage/values.js';
import {
  isPlainObject,
  keyString,
  ownField,
  pathValues,
  typeRank,
  withIdFirst,
} from '../storage/values.js';
import type { CommandContext, CommandHandler } from './context.js';
import { collName } from './context.js';

function optionalObject(cmd: Document, field: string): Document | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v))
    throw new MongoCommandError(
      ErrorCodes.TypeMismatch,
      `BSON field '${field}' is the wrong type '${Array.isArray(v) ? 'array' : typeof v}', expected type 'object'`,
    );
  return v;
}

function nonNegative(cmd: Document, field: string, command: string): number | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n))
    throw new MongoCommandError(
      ErrorCodes.TypeMismatch,
      `BSON field '${command}.${field}' is the wrong type, expected a number`,
    );
  if (n < 0)
    throw new MongoCommandError(
      51024,
      `BSON field '${field}' value must be >= 0, actual value '${n}'`,
    );
  return Math.floor(n);
}

/** Collation of a command, falling back to the collection's default collation. */
export function commandCollation(
  cmd: Document,
  coll: Collection | undefined,
): Collation | undefined {
  if (cmd.collation !== undefined) return parseCollation(cmd.collation);
  return parseCollation(coll?.options.collation);
}

/**
 * A projection as mongod applies it. `$slice` does not decide between inclusion and exclusion
 * (`{arr: {$slice: 1}}` keeps every other field; `{dev: 0, arr: {$slice: 1}}` is allowed), and
 * `$elemMatch` conditions may be operators only (`{ids: {$elemMatch: {$in: ['q']}}}`), so both
 * are applied here; mingo applies the rest.
 */
export function applyProjection(
  docs: Doc[],
  projection: Document | undefined,
  filter: Document | undefined,
  spec: QuerySpec,
): Doc[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  const env = { collation: spec.collation, variables: spec.variables };
  const slices: [string, number | [number, number]][] = [];
  const elemMatches: [string, Query][] = [];
  const rest: Document = {};
  for (const [field, v] of Object.entries(projection)) {
    if (isPlainObject(v) && Object.keys(v).length === 1 && '$slice' in v) {
      slices.push([field, checkSlice(v.$slice)]);
    } else if (isPlainObject(v) && Object.keys(v).length === 1 && '$elemMatch' in v) {
      if (field.includes('.'))
        throw new MongoCommandError(
          ErrorCodes.BadValue,
          'Cannot use $elemMatch projection on a nested field.',
        );
      if (!isPlainObject(v.$elemMatch))
        throw new MongoCommandError(
          ErrorCodes.BadValue,
          'elemMatch: Invalid argument, object required.',
        );
      elemMatches.push([field, compileFilter({ [field]: { $elemMatch: v.$elemMatch } }, env)]);
      rest[field] = 1;
    } else rest[field] = v;
  }
  // $slice fields are kept by an inclusion projection, as if included.
  const inclusion = Object.entries(rest).some(([k, v]) => k !== '_id' && isInclusion(v));
  if (inclusion) for (const [field] of slices) rest[field] = 1;
  const positional = Object.keys(rest).some((k) => k.endsWith('.$'));
  let out: Doc[];
  if (Object.keys(rest).length === 0) out = docs.map((d) => ({ ...d }));
  else {
    try {
      const q = newQuery(positional ? bigintsAsLongs(filter ?? {}) : {}, env);
      // mingo may emit _id last; mongod keeps it first.
      out = (q.find(docs, plainValue(rest)).all() as Doc[]).map((d) =>
        '_id' in d ? withIdFirst(d) : d,
      );
    } catch (e) {
      if (e instanceof MongoCommandError) throw e;
      const msg = e instanceof Error ? e.message : String(e);
      throw new MongoCommandError(
        /exclusion|inclusion/i.test(msg) ? ErrorCodes.Location31254 : ErrorCodes.BadValue,
        msg,
      );
    }
  }
  if (elemMatches.length || slices.length)
    out = out.map((d, i) => {
      const source = docs[i]!;
      for (const [field, q] of elemMatches) {
        const arr = ownField(source, field);
        const hit = Array.isArray(arr) ? arr.find((e) => q.test({ [field]: [e] })) : undefined;
        if (hit === undefined) delete d[field];
        else d[field] = [hit];
      }
      for (const [field, s] of slices) sliceAt(d, field.split('.'), s);
      return d;
    });
  return out;
}

function isInclusion(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return true; // expressions, $meta, positional: all inclusion-style
}

function checkSlice(spec: unknown): number | [number, number] {
  const int = (x: unknown): number | undefined => {
    const n = typeRank(x) === 2 ? numberValue(x) : NaN;
    return Number.isInteger(n) ? n : undefined;
  };
  if (int(spec) !== undefined) return int(spec)!;
  if (Array.isArray(spec) && spec.length === 2 && spec.every((x) => int(x) !== undefined)) {
    const [skip, limit] = spec.map((x) => int(x)!) as [number, number];
    if (limit <= 0)
      throw new MongoCommandError(ErrorCodes.BadValue, '$slice limit must be positive');
    return [skip, limit];
  }
  throw new MongoCommandError(
    ErrorCodes.BadValue,
    '$slice only supports numbers and [skip, limit] arrays',
  );
}

/** Applies a $slice projection at a path of a projected copy (copying what it changes). */
function sliceAt(d: Doc, parts: string[], spec: number | [number, number]): void {
  const [head, ...tail] = parts;
  const v = ownField(d, head!);
  if (tail.length) {
    if (isPlainObject(v)) {
      const copy = { ...v };
      sliceAt(copy, tail, spec);
      d[head!] = copy;
    } else if (Array.isArray(v))
      d[head!] = v.map((e) => {
        if (!isPlainObject(e)) return e;
        const copy = { ...e };
        sliceAt(copy, tail, spec);
        return copy;
      });
    return;
  }
  if (!Array.isArray(v)) return;
  if (typeof spec === 'number') d[head!] = spec >= 0 ? v.slice(0, spec) : v.slice(spec);
  else {
    const [skip, limit] = spec as [number, number];
    const start = skip >= 0 ? skip : Math.max(0, v.length + skip);
    d[head!] = v.slice(start, start + limit);
  }
}

interface FindParts {
  coll: Collection | undefined;
  spec: QuerySpec;
  projection: Document | undefined;
  batchSize: number | undefined;
  singleBatch: boolean;
}

function parseFind(cmd: Document, ctx: CommandContext): FindParts {
  const name = collName(cmd, 'find');
  const coll = ctx.server.engine.collection(ctx.db, name);
  const limitRaw = cmd.limit === undefined || cmd.limit === null ? 0 : Number(cmd.limit);
  if (!Number.isFinite(limitRaw))
    throw new MongoCommandError(ErrorCodes.TypeMismatch, "BSON field 'limit' must be a number");
  if (cmd.tailable || cmd.awaitData) {
    if (!coll?.capped)
      throw new MongoCommandError(
        ErrorCodes.BadValue,
        `error processing query: ns=${ctx.db}.${name} tailable cursor requested on non capped collection`,
      );
    throw new MongoCommandError(
      ErrorCodes.NotImplemented,
      'tailable cursors are not supported by embedded-mongo',
    );
  }
  if (cmd.min !== undefined || cmd.max !== undefined)
    throw new MongoCommandError(
      ErrorCodes.NotImplemented,
      'find min/max are not supported by embedded-mongo',
    );
  const spec: QuerySpec = {
    filter: optionalObject(cmd, 'filter'),
    sort: parseSort(optionalObject(cmd, 'sort')),
    skip: nonNegative(cmd, 'skip', 'find'),
    limit: Math.abs(Math.trunc(limitRaw)),
    collation: commandCollation(cmd, coll),
    hint: cmd.hint,
    variables: evalLet(optionalObject(cmd, 'let')),
  };
  return {
    coll,
    spec,
    projection: optionalObject(cmd, 'projection'),
    batchSize: nonNegative(cmd, 'batchSize', 'find'),
    singleBatch: !!cmd.singleBatch || limitRaw < 0,
  };
}

const find: CommandHandler = (cmd, ctx) => {
  const parts = parseFind(cmd, ctx);
  const { docs } = runQuery(parts.coll, parts.spec);
  const out = applyProjection(docs, parts.projection, parts.spec.filter, parts.spec);
  return ctx.server.cursors.open(
    `${ctx.db}.${cmd.find as string}`,
    out,
    parts.batchSize,
    parts.singleBatch,
  );
};

const getMore: CommandHandler = (cmd, ctx) => ctx.server.cursors.getMore(cmd, ctx.db);

const killCursors: CommandHandler = (cmd, ctx) => {
  if (!Array.isArray(cmd.cursors))
    throw new MongoCommandError(
      ErrorCodes.TypeMismatch,
      "BSON field 'killCursors.cursors' is missing but a required field",
    );
  return ctx.server.cursors.kill(cmd.cursors);
};

function countSpec(cmd: Document, ctx: CommandContext): [Collection | undefined, QuerySpec] {
  const coll = ctx.server.engine.collection(ctx.db, collName(cmd, 'count'));
  const limit =
    cmd.limit === undefined || cmd.limit === null ? 0 : Math.abs(Math.trunc(Number(cmd.limit)));
  return [
    coll,
    {
      filter: optionalObject(cmd, 'query'),
      skip: nonNegative(cmd, 'skip', 'count'),
      limit,
      collation: commandCollation(cmd, coll),
      hint: cmd.hint,
    },
  ];
}

const count: CommandHandler = (cmd, ctx) => {
  const [coll, spec] = countSpec(cmd, ctx);
  if (coll && !coll.isView && !spec.filter && !spec.skip && !spec.limit && !spec.hint)
    return { n: coll.docs.size, ok: 1 };
  return { n: runQuery(coll, spec).docs.length, ok: 1 };
};

function distinctParts(
  cmd: Document,
  ctx: CommandContext,
): [QuerySpec, Collection | undefined, string] {
  const coll = ctx.server.engine.collection(ctx.db, collName(cmd, 'distinct'));
  if (typeof cmd.key !== 'string')
    throw new MongoCommandError(
      ErrorCodes.TypeMismatch,
      "BSON field 'distinct.key' is missing but a required field",
    );
  return [
    {
      filter: optionalObject(cmd, 'query'),
      collation: commandCollation(cmd, coll),
      hint: cmd.hint,
    },
    coll,
    cmd.key,
  ];
}

const distinct: CommandHandler = (cmd, ctx) => {
  const [spec, coll, key] = distinctParts(cmd, ctx);
  const { docs } = runQuery(coll, spec);
  const seen = new Set<string>();
  const values: unknown[] = [];
  for (const doc of docs) {
    for (const v of pathValues(doc, key)) {
      if (v === undefined) continue;
      const k = keyString(v, spec.collation);
      if (seen.has(k)) continue;
      seen.add(k);
      values.push(v);
    }
  }
  return { values, ok: 1 };
};

export function explainReply(
  ns: string,
  filter: Document | undefined,
  result: QueryResult,
  ctx: CommandContext,
  command: Document,
): Document {
  const s = result.stats;
  const winningPlan: Document =
    s.stage === 'IXSCAN'
      ? {
          stage: 'IXSCAN',
          indexName: s.indexName,
          keyPattern: s.keyPattern,
          isMultiKey: false,
          direction: 'forward',
          inputStage: undefined,
        }
      : { stage: s.stage, filter: filter ?? {}, direction: 'forward' };
  return {
    explainVersion: '1',
    queryPlanner: {
      namespace: ns,
      indexFilterSet: false,
      parsedQuery: filter ?? {},
      winningPlan,
      rejectedPlans: [],
    },
    executionStats: {
      executionSuccess: true,
      nReturned: s.nReturned,
      executionTimeMillis: s.executionTimeMillis,
      totalKeysExamined: s.totalKeysExamined,
      totalDocsExamined: s.totalDocsExamined,
      executionStages: {
        ...winningPlan,
        nReturned: s.nReturned,
        docsExamined: s.totalDocsExamined,
        keysExamined: s.totalKeysExamined,
      },
    },
    command,
    serverInfo: {
      host: ctx.server.host,
      port: ctx.server.port,
      version: '7.0.0',
      gitVersion: 'embedded-mongo',
    },
    ok: 1,
  };
}

/** explain for find/count/distinct; aggregate explains itself (see aggregate.ts). */
export function explainRead(inner: Document, ctx: CommandContext): Document | undefined {
  const name = Object.keys(inner)[0];
  if (name === 'find') {
    const parts = parseFind(inner, ctx);
    return explainReply(
      `${ctx.db}.${inner.find as string}`,
      parts.spec.filter,
      runQuery(parts.coll, parts.spec),
      ctx,
      inner,
    );
  }
  if (name === 'count') {
    const [coll, spec] = countSpec(inner, ctx);
    return explainReply(
      `${ctx.db}.${inner.count as string}`,
      spec.filter,
      runQuery(coll, spec),
      ctx,
      inner,
    );
  }
  if (name === 'distinct') {
    const [spec, coll] = distinctParts(inner, ctx);
    return explainReply(
      `${ctx.db}.${inner.distinct as string}`,
      spec.filter,
      runQuery(coll, spec),
      ctx,
      inner,
    );
  }
  return undefined;
}

export const readCommands: Record<string, CommandHandler> = {
  find,
  getMore,
  killCursors,
  count,
  distinct,
};
