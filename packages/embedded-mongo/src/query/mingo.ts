// One place that configures mingo: strict MongoDB mode, `_id` as id key, collation, `let`
// variables, and a resolver so $lookup/$unionWith/$graphLookup read sibling collections.
import type { Document } from 'bson';
import { Aggregator, Query } from 'mingo';
import type { AnyObject, Options } from 'mingo/types';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import type { Doc } from '../storage/values.js';
import type { Collation } from './collation.js';
import { applyCollationToFilter } from './collation.js';

export interface MingoEnv {
  collation?: Collation | undefined;
  variables?: Document | undefined;
  resolver?: ((name: string) => Doc[]) | undefined;
}

export function mingoOptions(env: MingoEnv = {}): Partial<Options> {
  const opts: { -readonly [K in keyof Options]?: Options[K] } = { idKey: '_id', useStrictMode: true, failOnError: true };
  if (env.collation) opts.collation = { locale: env.collation.locale, strength: env.collation.strength as 1 | 2 | 3 };
  if (env.variables) opts.variables = env.variables;
  if (env.resolver) opts.collectionResolver = env.resolver as (name: string) => AnyObject[];
  return opts;
}

/** Compiles a filter; mingo's parse errors become BadValue like mongod's. */
export function compileFilter(filter: Document | undefined, env: MingoEnv = {}): Query {
  const f = filter ?? {};
  if (typeof f !== 'object' || Array.isArray(f)) throw new MongoCommandError(ErrorCodes.BadValue, 'filter must be an object');
  try {
    return new Query(applyCollationToFilter(f, env.collation), mingoOptions(env));
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
