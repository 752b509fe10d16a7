// One place that configures mingo: strict MongoDB mode, `_id` as id key, collation, `let`
// variables, and a resolver so $lookup/$unionWith/$graphLookup read sibling collections.
import type { Document } from 'bson';
import { Aggregator, Context, Query } from 'mingo';
import type { AnyObject, Options, QueryOperator } from 'mingo/types';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import type { Doc } from '../storage/values.js';
import { isPlainObject, keyString, pathValues, typeRank } from '../storage/values.js';
import type { Collation } from './collation.js';
import { applyCollationToFilter } from './collation.js';

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

const CONTEXT = Context.init({ query: { $inKeys } });

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
    if (r === 0 || r === 13 || (r === 3 && collation && collation.strength < 3)) return undefined;
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
      strength: env.collation.strength as 1 | 2 | 3,
    };
  if (env.variables) opts.variables = env.variables;
  if (env.resolver) opts.collectionResolver = env.resolver as (name: string) => AnyObject[];
  return opts;
}

/** Compiles a filter; mingo's parse errors become BadValue like mongod's. */
export function compileFilter(filter: Document | undefined, env: MingoEnv = {}): Query {
  const f = filter ?? {};
  if (typeof f !== 'object' || Array.isArray(f))
    throw new MongoCommandError(ErrorCodes.BadValue, 'filter must be an object');
  try {
    return new Query(
      rewriteIn(applyCollationToFilter(f, env.collation), env.collation),
      mingoOptions(env),
    );
  } catch (e) {
    throw new MongoCommandError(ErrorCodes.BadValue, e instanceof Error ? e.message : String(e));
  }
}

export function runPipeline(docs: Doc[], pipeline: Document[], env: MingoEnv = {}): Doc[] {
  try {
    return new Aggregator(pipeline, mingoOptions(env)).run(docs) as Doc[];
  } catch (e) {
    if (e instanceof MongoCommandError) throw e;
    throw new MongoCommandError(ErrorCodes.BadValue, e instanceof Error ? e.message : String(e));
  }
}
