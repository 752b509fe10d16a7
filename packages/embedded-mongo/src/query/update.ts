// Applies an update (operators, replacement or pipeline) to a copy of a document, with the
// checks mongod makes (_id is immutable, operators must be known, paths must not conflict).
import { ObjectId, Timestamp } from 'bson';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import type { Doc } from '../storage/values.js';
import { cloneValue, isPlainObject, keyString, withIdFirst } from '../storage/values.js';
import type { MingoEnv } from './mingo.js';
import { runPipeline } from './mingo.js';
import { applyMods, parseArrayFilters, parseMods, UPDATE_OPERATORS } from './update-ops.js';

export type UpdateSpec = Document | Document[];

export function isPipeline(u: unknown): u is Document[] {
  return Array.isArray(u);
}

export function isReplacement(u: UpdateSpec): boolean {
  if (isPipeline(u)) return false;
  const keys = Object.keys(u);
  return keys.length === 0 || !keys[0]!.startsWith('$');
}

export function validateUpdate(u: unknown, arrayFilters?: unknown): UpdateSpec {
  if (Array.isArray(u)) {
    for (const stage of u)
      if (!isPlainObject(stage))
        throw new MongoCommandError(
          ErrorCodes.FailedToParse,
          'Each element of the update pipeline must be an object',
        );
    return u as Document[];
  }
  if (!isPlainObject(u))
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      'Update argument must be either an object or an array',
    );
  const keys = Object.keys(u);
  if (keys.length && keys[0]!.startsWith('$')) {
    for (const k of keys) {
      if (!UPDATE_OPERATORS.has(k))
        throw new MongoCommandError(
          ErrorCodes.FailedToParse,
          `Unknown modifier: ${k}. Expected a valid update modifier or pipeline-style update specified as an array`,
        );
      if (!isPlainObject(u[k]))
        throw new MongoCommandError(
          ErrorCodes.FailedToParse,
          `Modifiers operate on fields but we found type ${typeName(u[k])} instead. For example: {$mod: {<field>: ...}} not {${k}: ${JSON.stringify(u[k])}}`,
        );
    }
    parseArrayFilters(arrayFilters, parseMods(u), u);
  } else if (arrayFilters !== undefined && arrayFilters !== null)
    parseArrayFilters(arrayFilters, [], u);
  return u;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'number' ? 'double' : typeof v;
}

export interface ApplyOptions {
  arrayFilters?: Document[] | undefined;
  /** the query that selected the document (for the positional `$` operator) */
  filter?: Document | undefined;
  /** true when building an upserted document ($setOnInsert applies) */
  inserting?: boolean;
  env?: MingoEnv;
}

/** Returns the updated copy and whether anything changed. */
export function applyUpdate(
  doc: Doc,
  u: UpdateSpec,
  opts: ApplyOptions = {},
): { doc: Doc; changed: boolean } {
  const before = keyString(doc);
  let next: Doc;
  if (isPipeline(u)) {
    next = runPipeline([cloneValue(doc)], u, opts.env)[0] ?? {};
  } else if (isReplacement(u)) {
    next = { ...cloneValue(u) };
    if (!('_id' in next) && '_id' in doc) next = { _id: doc._id, ...next };
  } else {
    next = cloneValue(doc);
    const mods = parseMods(u);
    applyMods(next, mods, {
      root: doc,
      inserting: !!opts.inserting,
      arrayFilters: parseArrayFilters(opts.arrayFilters, mods, u, opts.env),
      filter: opts.filter,
      env: { ...opts.env, collation: opts.env?.collation },
      now: () => new Date(),
      timestamp: () => nextTimestamp(new Date()),
    });
    if ('_id' in doc && !('_id' in next))
      throw new MongoCommandError(
        ErrorCodes.ImmutableField,
        "Performing an update on the path '_id' would modify the immutable field '_id'",
      );
  }
  if ('_id' in doc && keyString(next._id) !== keyString(doc._id)) {
    if (!('_id' in next)) next = { _id: doc._id, ...next };
    else
      throw new MongoCommandError(
        ErrorCodes.ImmutableField,
        isReplacement(u) && !isPipeline(u)
          ? `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${String(next._id)}`
          : "Performing an update on the path '_id' would modify the immutable field '_id'",
      );
  }
  next = withIdFirst(next);
  return { doc: next, changed: keyString(next) !== before };
}

let lastTs = { t: 0, i: 0 };

/** Timestamps like mongod's: seconds plus an increment that orders stamps within a second. */
function nextTimestamp(now: Date): Timestamp {
  const t = Math.floor(now.getTime() / 1000);
  lastTs = t === lastTs.t ? { t, i: lastTs.i + 1 } : { t, i: 1 };
  return new Timestamp(lastTs);
}

/**
 * The document an upsert starts from: the equality conditions of the filter (top level and
 * inside $and), with dotted paths expanded, like mongod.
 */
export function upsertSeed(filter: Document | undefined): Doc {
  const seed: Doc = {};
  const visit = (f: Document): void => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const sub of v) if (isPlainObject(sub)) visit(sub);
        continue;
      }
      if (k.startsWith('$')) continue;
      let value: unknown;
      if (isPlainObject(v) && Object.keys(v).some((x) => x.startsWith('$'))) {
        if ('$eq' in v) value = v.$eq;
        else if (Array.isArray(v.$in) && v.$in.length === 1) value = v.$in[0];
        else continue;
      } else {
        value = v;
      }
      if (value instanceof RegExp) continue;
      setPath(seed, k, cloneValue(value));
    }
  };
  if (filter) visit(filter);
  return seed;
}

function setPath(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Doc = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]!];
    if (!isPlainObject(next)) cur[parts[i]!] = {};
    cur = cur[parts[i]!] as Doc;
  }
  cur[parts[parts.length - 1]!] = value;
}

/** Builds the document an upsert inserts. */
export function buildUpsert(filter: Document | undefined, u: UpdateSpec, opts: ApplyOptions): Doc {
  const seed = upsertSeed(filter);
  let doc: Doc;
  if (!isPipeline(u) && isReplacement(u)) {
    doc = { ...cloneValue(u) };
    if (!('_id' in doc) && '_id' in seed) doc._id = seed._id;
  } else {
    const hadId = '_id' in seed;
    doc = applyUpdate(seed, u, { ...opts, inserting: true }).doc;
    if (!hadId && !('_id' in doc)) doc._id = new ObjectId();
  }
  if (!('_id' in doc)) doc._id = new ObjectId();
  return withIdFirst(doc);
}
