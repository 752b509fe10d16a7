// One place that configures mingo: strict MongoDB mode, `_id` as id key, collation, `let`
// variables, and a resolver so $lookup/$unionWith/$graphLookup read sibling collections.
import type { Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { Context, evalExpr } from 'mingo/core';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query } from 'mingo/query';
import type { AnyObject, Options, QueryOperator } from 'mingo/types';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { checkDeadline } from './deadline.js';
import { typeComputedNumbers } from './pipeline-types.js';
import { bigintsAsLongs, plainValue, retype } from '../storage/numbers.js';
import type { Doc } from '../storage/values.js';
import {
  compareValues,
  isPlainObject,
  keyString,
  pathValues,
  typeRank,
} from '../storage/values.js';
import type { Collation, CollatedSpec } from './collation.js';
import { applyCollationToFilter, collationKey, compareStrings } from './collation.js';
import {
  EXPRESSION_OPERATORS,
  QUERY_OPERATORS,
  refuseTopLevel,
  TYPED_SOURCES,
} from './operators.js';

export interface MingoEnv {
  collation?: Collation | undefined;
  variables?: Document | undefined;
  resolver?: ((name: string) => Doc[]) | undefined;
}

/**
 * `$in` over a Set of key strings. mingo's own `$in` hashes the whole list for every document,
 * which dominates filters like `{ category: { $in: [ids...] } }`; equality by key string is
 * MongoDB's equality for the values we rewrite (no null, regex, array or collated string).
 */
const $inKeys = ((selector: string, value: unknown) => {
  const keys = value as Set<string>;
  return (obj: AnyObject) =>
    pathValues(obj, selector).some((v) => v !== undefined && keys.has(keyString(v)));
}) as unknown as QueryOperator;

/**
 * mingo's operators compare and compute only JS numbers: these see the values they test with
 * int64s and whole doubles as plain numbers (numbers.ts), so `{n: {$gt: 5}}` matches Long(7).
 */
const NUMERIC_QUERY_OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$all',
  '$mod',
  '$size',
  '$expr',
] as const;

function withPlainNumbers(op: QueryOperator): QueryOperator {
  return ((selector: string, value: unknown, options: Options) => {
    const test = (op as (s: string, v: unknown, o: Options) => (obj: AnyObject) => boolean)(
      selector,
      plainValue(value),
      options,
    );
    return (obj: AnyObject) => test(plainValue(obj));
  }) as unknown as QueryOperator;
}

/** String comparisons under a collation (collation.ts rewrites them into this operator). */
const $collated = ((selector: string, value: unknown) => {
  const { tests, collation } = value as CollatedSpec;
  const eq = (x: unknown, m: unknown): boolean => {
    if (typeof m === 'string')
      return typeof x === 'string' && collationKey(x, collation) === collationKey(m, collation);
    if (m === null) return x === null || x === undefined;
    if (m instanceof RegExp) return typeof x === 'string' && m.test(x);
    return x !== undefined && compareValues(x, m) === 0;
  };
  const some = (vals: unknown[], op: string, v: unknown): boolean => {
    switch (op) {
      case '$eq':
        return vals.some((x) => eq(x, v));
      case '$in':
        return (v as unknown[]).some((m) => vals.some((x) => eq(x, m)));
      default: {
        const sign = (x: unknown): number => compareStrings(x as string, v as string, collation);
        return vals.some(
          (x) =>
            typeof x === 'string' &&
            (op === '$gt'
              ? sign(x) > 0
              : op === '$gte'
                ? sign(x) >= 0
                : op === '$lt'
                  ? sign(x) < 0
                  : sign(x) <= 0),
        );
      }
    }
  };
  return (obj: AnyObject) => {
    const found = pathValues(obj, selector);
    const vals = found.length ? found : [undefined];
    return tests.every(({ op, value: v }) =>
      op === '$ne'
        ? !some(vals, '$eq', v)
        : op === '$nin'
          ? !some(vals, '$in', v)
          : some(vals, op, v),
    );
  };
}) as unknown as QueryOperator;

// The server's own operators (operators.ts) replace mingo's where they differ from mongod.
const queryOps: Record<string, QueryOperator> = {
  ...(queryOperators as unknown as Record<string, QueryOperator>),
  ...QUERY_OPERATORS,
  $inKeys,
  $collated,
};
for (const name of NUMERIC_QUERY_OPERATORS) queryOps[name] = withPlainNumbers(queryOps[name]!);

// Built from mingo's operator modules (not `mingo`'s preloaded context, whose built-in
// operators would win over the ones replaced here).
const CONTEXT = Context.init({
  accumulator: accumulatorOperators,
  expression: { ...expressionOperators, ...EXPRESSION_OPERATORS },
  pipeline: pipelineOperators,
  projection: projectionOperators,
  query: queryOps,
  window: windowOperators,
} as unknown as Parameters<typeof Context.init>[0]);

/** Pipeline stages mingo runs (the server handles $out, $merge and its own stages). */
export const MINGO_STAGES = new Set(Object.keys(pipelineOperators));

/** A mingo query with the server's operators (never mingo's root `Query`, which merges its own
 * defaults over ours). */
export function newQuery(filter: Document, env: MingoEnv = {}): Query {
  return new Query(filter, mingoOptions(env));
}

function fastIn(list: unknown[], collation: Collation | undefined): Set<string> | undefined {
  for (const v of list) {
    if (
      v === null ||
      v === undefined ||
      v instanceof RegExp ||
      Array.isArray(v) ||
      isPlainObject(v)
    )
      return undefined;
    const r = typeRank(v);
    if (r === 0 || r === 13 || (r === 3 && collation)) return undefined;
  }
  return new Set(list.map((v) => keyString(v)));
}

function rewriteIn(filter: Document, collation: Collation | undefined): Document {
  let out: Document | undefined;
  for (const [k, v] of Object.entries(filter)) {
    let next: unknown = v;
    if ((k === '$and' || k === '$or' || k === '$nor') && Array.isArray(v))
      next = v.map((x) => (isPlainObject(x) ? rewriteIn(x, collation) : x));
    else if (!k.startsWith('$') && isPlainObject(v) && Array.isArray(v.$in)) {
      const keys = fastIn(v.$in, collation);
      if (keys) {
        const { $in: _drop, ...restOps } = v;
        next = { ...restOps, $inKeys: keys };
      }
    }
    if (next !== v) (out ??= { ...filter })[k] = next;
  }
  return out ?? filter;
}

export function mingoOptions(env: MingoEnv = {}): Partial<Options> {
  const opts: { -readonly [K in keyof Options]?: Options[K] } = {
    idKey: '_id',
    useStrictMode: true,
    failOnError: true,
    context: CONTEXT,
  };
  if (env.collation)
    opts.collation = {
      locale: env.collation.locale,
      strength: Math.min(env.collation.strength, 3) as 1 | 2 | 3,
      numericOrdering: env.collation.numericOrdering,
      caseFirst: env.collation.caseFirst,
      alternate: env.collation.alternate,
    };
  if (env.variables) opts.variables = env.variables;
  if (env.resolver) opts.collectionResolver = env.resolver as (name: string) => AnyObject[];
  return opts;
}

/**
 * Evaluates `let` variables once, as mongod does before running the command: each value is an
 * expression (`{$literal: '$bar'}` is the string '$bar', `{$rand: {}}` a number).
 */
export function evalLet(vars: Document | undefined): Document | undefined {
  if (vars === undefined || vars === null) return undefined;
  if (!isPlainObject(vars))
    throw new MongoCommandError(
      ErrorCodes.TypeMismatch,
      "BSON field 'let' is the wrong type, expected type 'object'",
    );
  const out: Document = {};
  for (const [k, v] of Object.entries(vars)) {
    if (!/^[a-z][a-zA-Z0-9_]*$/.test(k) && !(k.charCodeAt(0) > 127))
      throw new MongoCommandError(
        ErrorCodes.FailedToParse,
        `'${k}' starts with an invalid character for a user variable name`,
      );
    try {
      out[k] = evalExpr({}, v as never, mingoOptions({ variables: out }) as never);
    } catch (e) {
      if (e instanceof MongoCommandError) throw e;
      throw new MongoCommandError(ErrorCodes.BadValue, e instanceof Error ? e.message : String(e));
    }
  }
  return out;
}

/** Compiles a filter; mingo's parse errors become BadValue like mongod's. */
export function compileFilter(filter: Document | undefined, env: MingoEnv = {}): Query {
  const f = filter ?? {};
  if (typeof f !== 'object' || Array.isArray(f))
    throw new MongoCommandError(ErrorCodes.BadValue, 'filter must be an object');
  refuseTopLevel(f);
  try {
    return new Query(
      bigintsAsLongs(rewriteIn(applyCollationToFilter(f, env.collation), env.collation)),
      mingoOptions(env),
    );
  } catch (e) {
    if (e instanceof MongoCommandError) throw e;
    throw new MongoCommandError(ErrorCodes.BadValue, e instanceof Error ? e.message : String(e));
  }
}

/**
 * Runs a pipeline through mingo on plain-number copies of the documents (its arithmetic and
 * grouping know only JS numbers), then gives numbers that passed through unchanged their
 * types back from the input document with the same `_id`.
 */
export function runPipeline(docs: Doc[], pipeline: Document[], env: MingoEnv = {}): Doc[] {
  try {
    const typed = new Map<string, Doc>(); // _id key -> typed input document
    const plainToTyped = new Map<Doc, Doc>();
    const input = docs.map((d) => {
      const p = plainValue(d);
      if (p !== d) {
        plainToTyped.set(p, d);
        TYPED_SOURCES.set(p, d);
        if ('_id' in d) typed.set(keyString(d._id), d);
      }
      return p;
    });
    const resolve = env.resolver;
    const out = new Aggregator(
      plainValue(pipeline),
      mingoOptions({
        ...env,
        variables: env.variables && plainValue(env.variables),
        resolver: resolve && ((name: string) => resolve(name).map((d) => plainValue(d))),
      }),
    ).run(input) as Doc[];
    checkDeadline();
    const passedOn =
      plainToTyped.size === 0
        ? out
        : out.map((d) => {
            const same = plainToTyped.get(d);
            if (same) return same;
            const src = '_id' in d ? typed.get(keyString(d._id)) : undefined;
            return src ? (retype(d, src) as Doc) : d;
          });
    return typeComputedNumbers(pipeline, docs, passedOn);
  } catch (e) {
    if (e instanceof MongoCommandError) throw e;
    throw new MongoCommandError(ErrorCodes.BadValue, e instanceof Error ? e.message : String(e));
  }
}
