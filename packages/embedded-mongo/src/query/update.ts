// Applies an update (operators, replacement or pipeline) to a copy of a document, with the
// checks mongod makes (_id is immutable, operators must be known, paths must not conflict).
import { ObjectId, Timestamp } from 'bson';
import type { Document } from 'bson';
import { update as mingoUpdate } from 'mingo';
import type { Modifier } from 'mingo/updater';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import type { Doc } from '../storage/values.js';
import { arithmetic } from '../storage/numbers.js';
import {
  cloneValue,
  compareValues,
  formatValue,
  getPath,
  isPlainObject,
  keyString,
  typeRank,
  withIdFirst,
} from '../storage/values.js';
import { applyCollationToFilter } from './collation.js';
import type { MingoEnv } from './mingo.js';
import { mingoOptions, runPipeline } from './mingo.js';

const OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$rename',
  '$min',
  '$max',
  '$currentDate',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$bit',
  '$setOnInsert',
]);

export type UpdateSpec = Document | Document[];

export function isPipeline(u: unknown): u is Document[] {
  return Array.isArray(u);
}

export function isReplacement(u: UpdateSpec): boolean {
  if (isPipeline(u)) return false;
  const keys = Object.keys(u);
  return keys.length === 0 || !keys[0]!.startsWith('$');
}

export function validateUpdate(u: unknown): UpdateSpec {
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
      if (!OPERATORS.has(k))
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
    checkConflicts(u);
  }
  return u;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'number' ? 'double' : typeof v;
}

function checkConflicts(u: Document): void {
  const paths: string[] = [];
  for (const [op, fields] of Object.entries(u)) {
    for (const [p, v] of Object.entries(fields as Document)) {
      const all = op === '$rename' && typeof v === 'string' ? [p, v] : [p];
      for (const path of all) {
        const norm = path.replace(/\.\$(\[[^\]]*\])?/g, '');
        for (const q of paths) {
          if (q === norm || q.startsWith(norm + '.') || norm.startsWith(q + '.'))
            throw new MongoCommandError(
              ErrorCodes.ConflictingUpdateOperators,
              `Updating the path '${path}' would create a conflict at '${q}'`,
            );
        }
        paths.push(norm);
      }
    }
  }
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
    const mod: Document = {};
    for (const [op, fields] of Object.entries(u)) mod[op] = { ...(fields as Document) };
    if (mod.$setOnInsert) {
      if (opts.inserting)
        mod.$set = { ...(mod.$set as Document | undefined), ...(mod.$setOnInsert as Document) };
      delete mod.$setOnInsert;
    }
    if (mod.$currentDate) {
      // Done here: mingo writes a number for { $type: 'timestamp' }.
      const now = new Date();
      const set: Document = { ...((mod.$set as Document | undefined) ?? {}) };
      for (const [field, val] of Object.entries(mod.$currentDate as Document)) {
        set[field] = isPlainObject(val) && val.$type === 'timestamp' ? nextTimestamp(now) : now;
      }
      mod.$set = set;
      delete mod.$currentDate;
    }
    for (const op of ['$inc', '$mul'] as const) {
      for (const path of Object.keys((mod[op] as Document | undefined) ?? {})) {
        if (path.includes('$')) continue;
        const cur = getPath(next, path);
        if (cur !== undefined && cur !== null && typeRank(cur) !== 2)
          throw new MongoCommandError(
            ErrorCodes.TypeMismatch,
            `Cannot apply ${op} to a value of non-numeric type. {_id: ${String(next._id)}} has the field '${path}' of non-numeric type ${Array.isArray(cur) ? 'array' : typeof cur}`,
          );
      }
    }
    typedNumericOps(next, mod);
    try {
      // mingo skips the update when `condition` doesn't match, so pass the (collation-aware)
      // filter only where the positional `$` operator needs it.
      const positional = Object.values(mod).some((fields) =>
        Object.keys(fields as Document).some((p) => /\.\$(\.|$)/.test(p)),
      );
      const condition =
        positional && opts.filter
          ? applyCollationToFilter(opts.filter, opts.env?.collation)
          : undefined;
      mingoUpdate(next, mod as Modifier<Doc>, opts.arrayFilters, condition, {
        cloneMode: 'deep',
        queryOptions: mingoOptions(opts.env),
      });
    } catch (e) {
      throw updateError(e);
    }
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

/**
 * $inc/$mul/$min/$max on plain paths are computed here with BSON number types (numbers.ts)
 * and handed to mingo as $set; mingo would compute them on JS numbers.
 */
function typedNumericOps(doc: Doc, mod: Document): void {
  const set: Document = {};
  for (const op of ['$inc', '$mul', '$min', '$max'] as const) {
    const fields = mod[op] as Document | undefined;
    if (!fields) continue;
    for (const [path, operand] of Object.entries(fields)) {
      if (path.includes('$') || /(^|\.)\d+(\.|$)/.test(path)) continue;
      const cur = getPath(doc, path);
      if (op === '$inc' || op === '$mul') {
        if (typeRank(operand) !== 2)
          throw new MongoCommandError(
            ErrorCodes.TypeMismatch,
            `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${formatValue(operand)}}`,
          );
        if (cur === undefined) set[path] = op === '$inc' ? operand : arithmetic('$mul', operand, 0);
        else set[path] = arithmetic(op, cur, operand);
      } else {
        const c = cur === undefined ? undefined : compareValues(operand, cur);
        set[path] = c === undefined || (op === '$min' ? c < 0 : c > 0) ? operand : cur;
      }
      delete fields[path];
    }
    if (Object.keys(fields).length === 0) delete mod[op];
  }
  if (Object.keys(set).length) mod.$set = { ...((mod.$set as Document | undefined) ?? {}), ...set };
}

let lastTs = { t: 0, i: 0 };

/** Timestamps like mongod's: seconds plus an increment that orders stamps within a second. */
function nextTimestamp(now: Date): Timestamp {
  const t = Math.floor(now.getTime() / 1000);
  lastTs = t === lastTs.t ? { t, i: lastTs.i + 1 } : { t, i: 1 };
  return new Timestamp(lastTs);
}

function updateError(e: unknown): MongoCommandError {
  if (e instanceof MongoCommandError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  if (/immutable field/i.test(msg)) return new MongoCommandError(ErrorCodes.ImmutableField, msg);
  if (/non-numeric|numeric type/i.test(msg))
    return new MongoCommandError(ErrorCodes.TypeMismatch, msg);
  return new MongoCommandError(ErrorCodes.BadValue, msg);
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
