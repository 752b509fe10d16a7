// The update operators ($set, $inc, $push, $pull, ...) applied the way mongod applies them:
// every path of the update is walked through the document (positional `$`, `$[]`, `$[id]`
// with arrayFilters, numeric array indexes), in field-name order, and a path that cannot be
// walked or an operand of the wrong type is an error with mongod's code and message, never a
// silent no-op.
import type { Document, Timestamp } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { arithmetic, integer } from '../storage/numbers.js';
import type { Doc } from '../storage/values.js';
import {
  bsonTypeName,
  cloneValue,
  compareValues,
  formatValue,
  getPath,
  isPlainObject,
  keyString,
  ownField,
  setOwnField,
  typeRank,
} from '../storage/values.js';
import type { MingoEnv } from './mingo.js';
import { compileFilter } from './mingo.js';

export const UPDATE_OPERATORS = new Set([
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

/** Operators that create a missing path (the others do nothing on a missing path). */
const CREATING = new Set([
  '$set',
  '$setOnInsert',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$currentDate',
  '$push',
  '$addToSet',
  '$bit',
]);

const bad = (msg: string): MongoCommandError => new MongoCommandError(ErrorCodes.BadValue, msg);

interface Mod {
  op: string;
  path: string;
  parts: string[];
  value: unknown;
}

const isPositional = (p: string): boolean => p === '$' || (p.startsWith('$[') && p.endsWith(']'));

/** Compares update paths like mongod orders its update tree: numeric parts numerically. */
function comparePaths(a: string[], b: string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

function isNumeric(v: unknown): boolean {
  return typeRank(v) === 2;
}

/** int32 or int64 (what $bit, $slice and $position accept). */
function isIntegral(v: unknown): boolean {
  const t = bsonTypeName(v);
  return t === 'int' || t === 'long';
}

/** Splits and checks every path of an operator-style update; returns the list of mods. */
export function parseMods(u: Document): Mod[] {
  const mods: Mod[] = [];
  for (const [op, fields] of Object.entries(u)) {
    for (const [path, value] of Object.entries(fields as Document)) {
      const parts = path.split('.');
      if (parts.some((p) => p === ''))
        throw new MongoCommandError(
          56,
          `The update path '${path}' contains an empty field name, which is not allowed.`,
        );
      if (isPositional(parts[0]!))
        throw bad(
          `Cannot have positional (i.e. '$') element in the first position in path '${path}'`,
        );
      checkOperand(op, path, value);
      mods.push({ op, path, parts, value });
    }
  }
  checkConflicts(mods);
  return mods;
}

function checkOperand(op: string, path: string, value: unknown): void {
  const shown = `{${path}: ${formatValue(value)}}`;
  switch (op) {
    case '$inc':
    case '$mul':
      if (!isNumeric(value))
        throw new MongoCommandError(
          ErrorCodes.TypeMismatch,
          `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: ${shown}`,
        );
      return;
    case '$pop':
      if (!isNumeric(value) || (Number(value) !== 1 && Number(value) !== -1))
        throw new MongoCommandError(
          ErrorCodes.FailedToParse,
          `$pop expects 1 or -1, found: ${formatValue(value)}`,
        );
      return;
    case '$pullAll':
      if (!Array.isArray(value))
        throw bad(`$pullAll requires an array argument but was given a ${bsonTypeName(value)}`);
      return;
    case '$currentDate':
      if (
        typeof value !== 'boolean' &&
        !(
          isPlainObject(value) &&
          Object.keys(value).length === 1 &&
          (value.$type === 'date' || value.$type === 'timestamp')
        )
      )
        throw bad(
          `${path} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).`,
        );
      return;
    case '$rename':
      if (typeof value !== 'string')
        throw bad(`The 'to' field for $rename must be a string: ${path}: ${formatValue(value)}`);
      if (value === path)
        throw bad(`The source and target field for $rename must differ: ${path}: "${value}"`);
      if (path.split('.').some(isPositional))
        throw bad(`The source field for $rename may not be dynamic: ${path}`);
      if (value.split('.').some(isPositional))
        throw bad(`The destination field for $rename may not be dynamic: ${value}`);
      if (value.startsWith(path + '.') || path.startsWith(value + '.'))
        throw bad(
          `The source and target field for $rename must not be on the same path: ${path}: "${value}"`,
        );
      return;
    case '$push':
    case '$addToSet':
      if (isPlainObject(value) && '$each' in value) {
        const allowed = op === '$push' ? ['$each', '$slice', '$sort', '$position'] : ['$each'];
        for (const k of Object.keys(value))
          if (!allowed.includes(k))
            throw bad(
              op === '$push'
                ? `Unrecognized clause in $push: ${k}`
                : `Found unexpected fields after $each in $addToSet: ${formatValue(value)}`,
            );
        if (!Array.isArray(value.$each))
          throw bad(
            `The argument to $each in ${op} must be an array but it was of type: ${bsonTypeName(value.$each)}`,
          );
        if (value.$slice !== undefined && !isIntegral(value.$slice))
          throw bad(
            `The value for $slice must be an integer value but was given type: ${bsonTypeName(value.$slice)}`,
          );
        if (value.$position !== undefined && !isIntegral(value.$position))
          throw bad(
            `The value for $position must be an integer value, not of type: ${bsonTypeName(value.$position)}`,
          );
        if (value.$sort !== undefined) checkPushSort(value.$sort);
      }
      return;
    case '$bit': {
      if (!isPlainObject(value))
        throw bad(
          `The $bit modifier is not compatible with a ${bsonTypeName(value)}. You must pass in an embedded document: {$bit: {field: {and/or/xor: #}}`,
        );
      for (const [k, v] of Object.entries(value)) {
        if (k !== 'and' && k !== 'or' && k !== 'xor')
          throw bad(
            `The $bit modifier only supports 'and', 'or', and 'xor', not '${k}' which is an unknown operator: {${k}: ${formatValue(v)}}`,
          );
        if (!isIntegral(v))
          throw bad(
            `The $bit modifier field must be an Integer(32/64 bit); a '${bsonTypeName(v)}' is not supported here: {${k}: ${formatValue(v)}}`,
          );
      }
      return;
    }
  }
}

function checkPushSort(sort: unknown): void {
  if (isNumeric(sort)) {
    if (Number(sort) !== 1 && Number(sort) !== -1)
      throw bad('The $sort element value must be either 1 or -1');
    return;
  }
  if (!isPlainObject(sort))
    throw bad(
      'The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields',
    );
  if (Object.keys(sort).length === 0)
    throw bad('The $sort pattern is empty when it should be a set of fields.');
  for (const v of Object.values(sort))
    if (!isNumeric(v) || (Number(v) !== 1 && Number(v) !== -1))
      throw bad('The $sort element value must be either 1 or -1');
}

/**
 * Two paths conflict when one is a prefix of (or equal to) the other, comparing positional
 * parts literally, as mongod's update tree does: `a.$.x` and `a.$.y` do not conflict.
 */
function checkConflicts(mods: Mod[]): void {
  const seen: string[][] = [];
  for (const m of mods) {
    const targets = [m.parts];
    if (m.op === '$rename') targets.push(String(m.value).split('.'));
    for (const parts of targets) {
      for (const other of seen) {
        const n = Math.min(parts.length, other.length);
        if (parts.slice(0, n).every((p, i) => p === other[i]))
          throw new MongoCommandError(
            ErrorCodes.ConflictingUpdateOperators,
            `Updating the path '${parts.join('.')}' would create a conflict at '${other.slice(0, n).join('.')}'`,
          );
      }
      seen.push(parts);
    }
  }
}

type ArrayFilters = Map<string, (el: unknown) => boolean>;

/** Parses arrayFilters and checks every identifier is both defined and used, like mongod. */
export function parseArrayFilters(
  filters: unknown,
  mods: Mod[],
  u: Document,
  env: MingoEnv = {},
): ArrayFilters {
  const out: ArrayFilters = new Map();
  if (filters !== undefined && filters !== null) {
    if (!Array.isArray(filters))
      throw new MongoCommandError(ErrorCodes.TypeMismatch, 'arrayFilters must be an array');
    for (const f of filters) {
      if (!isPlainObject(f))
        throw new MongoCommandError(
          ErrorCodes.TypeMismatch,
          'arrayFilters must be an array of objects',
        );
      let id: string | undefined;
      for (const k of Object.keys(f)) {
        const top = k.split('.')[0]!;
        if (id !== undefined && top !== id)
          throw new MongoCommandError(
            ErrorCodes.FailedToParse,
            `Error parsing array filter :: caused by :: Expected a single top-level field name, found '${id}' and '${top}'`,
          );
        id = top;
      }
      if (id === undefined)
        throw new MongoCommandError(
          ErrorCodes.FailedToParse,
          'Cannot use an expression without a top-level field name in arrayFilters',
        );
      if (!/^[a-z][a-zA-Z0-9]*$/.test(id))
        throw bad(
          `Error parsing array filter :: caused by :: The top-level field name must be an alphanumeric string beginning with a lowercase letter, found '${id}'`,
        );
      if (out.has(id))
        throw new MongoCommandError(
          ErrorCodes.FailedToParse,
          `Found multiple array filters with the same top-level field name ${id}`,
        );
      const q = compileFilter(f, env);
      const key = id;
      out.set(id, (el) => q.test({ [key]: el }));
    }
  }
  const used = new Set<string>();
  for (const m of mods)
    for (const p of m.parts)
      if (p.startsWith('$[') && p !== '$[]') {
        const id = p.slice(2, -1);
        if (!out.has(id))
          throw bad(`No array filter found for identifier '${id}' in path '${m.path}'`);
        used.add(id);
      }
  for (const id of out.keys())
    if (!used.has(id))
      throw new MongoCommandError(
        ErrorCodes.FailedToParse,
        `The array filter for identifier '${id}' was not used in the update ${formatValue(u)}`,
      );
  return out;
}

export interface ModContext {
  root: Doc;
  inserting: boolean;
  arrayFilters: ArrayFilters;
  /** the query that selected the document, for the positional `$` */
  filter: Document | undefined;
  env: MingoEnv;
  now: () => Date | Timestamp;
  timestamp: () => Timestamp;
}

/** Applies parsed mods to `doc` in place (mods in field-name order, as mongod since 5.0). */
export function applyMods(doc: Doc, mods: Mod[], ctx: ModContext): void {
  const ordered = [...mods].sort((a, b) =>
    comparePaths(
      a.op === '$rename' ? String(a.value).split('.') : a.parts,
      b.op === '$rename' ? String(b.value).split('.') : b.parts,
    ),
  );
  for (const m of ordered) {
    if (m.op === '$setOnInsert' && !ctx.inserting) continue;
    if (m.op === '$rename') applyRename(doc, m, ctx);
    else walk(doc, m, 0, [], ctx);
  }
}

type Container = Doc | unknown[];

function childOf(c: Container, key: string): unknown {
  if (Array.isArray(c)) return /^\d+$/.test(key) ? c[Number(key)] : undefined;
  return ownField(c, key);
}

function elementString(name: string, v: unknown): string {
  return `{${name}: ${formatValue(v)}}`;
}

function idString(root: Doc): string {
  return '_id' in root ? `_id: ${formatValue(root._id)}` : 'no id';
}

function walk(c: Container, m: Mod, i: number, taken: string[], ctx: ModContext): void {
  let part = m.parts[i]!;
  const here = taken.length ? taken[taken.length - 1]! : '';
  if (part === '$[]' || (part.startsWith('$[') && part.endsWith(']'))) {
    if (!Array.isArray(c))
      throw bad(`Cannot apply array updates to non-array element ${elementString(here, c)}`);
    const match = part === '$[]' ? undefined : ctx.arrayFilters.get(part.slice(2, -1));
    for (let j = 0; j < c.length; j++) {
      if (match && !match(c[j])) continue;
      step(c, String(j), m, i, [...taken, String(j)], ctx);
    }
    return;
  }
  if (part === '$') {
    // The element the query matched, as the document was: not as earlier fields of this same
    // update left it (setting the field the query matched on must not lose the match).
    const index = Array.isArray(c)
      ? positionalIndex(arrayBefore(ctx.root, taken) ?? c, taken, ctx)
      : undefined;
    if (index === undefined)
      throw bad('The positional operator did not find the match needed from the query.');
    part = String(index);
  }
  if (Array.isArray(c) && !/^\d+$/.test(part)) {
    if (CREATING.has(m.op))
      throw new MongoCommandError(
        ErrorCodes.PathNotViable,
        `Cannot create field '${part}' in element ${elementString(here, c)}`,
      );
    if (m.op === '$unset') return;
    throw new MongoCommandError(
      ErrorCodes.PathNotViable,
      `Cannot use the part (${part} of ${m.path}) to traverse the element (${elementString(here, c)})`,
    );
  }
  step(c, part, m, i, [...taken, part], ctx);
}

/** Continues the walk at `c[key]` (which may be missing). */
function step(
  c: Container,
  key: string,
  m: Mod,
  i: number,
  taken: string[],
  ctx: ModContext,
): void {
  const child = childOf(c, key);
  const last = i === m.parts.length - 1;
  if (child === undefined) {
    if (!CREATING.has(m.op)) return;
    const rest = m.parts.slice(i + 1);
    if (rest.some(isPositional))
      throw bad(
        `The path '${[...taken, ...rest.slice(0, rest.findIndex(isPositional))].join('.')}' must exist in the document in order to apply array updates.`,
      );
    const value = createValue(m, ctx);
    if (value === NOOP) return;
    let built: unknown = value;
    for (let k = rest.length - 1; k >= 0; k--) {
      const o: Doc = {};
      setOwnField(o, rest[k]!, built);
      built = o;
    }
    checkStorable(m, taken, ctx);
    putChild(c, key, built);
    return;
  }
  if (last) {
    const next = updateValue(child, m, taken, ctx);
    if (next === NOOP) return;
    checkStorable(m, taken, ctx);
    if (next === REMOVE) removeChild(c, key);
    else putChild(c, key, next);
    return;
  }
  if (Array.isArray(child) || isPlainObject(child)) {
    walk(child, m, i + 1, taken, ctx);
    return;
  }
  // A scalar in the middle of the path.
  const nextPart = m.parts[i + 1]!;
  if (CREATING.has(m.op)) {
    if (isPositional(nextPart))
      throw bad(`Cannot apply array updates to non-array element ${elementString(key, child)}`);
    throw new MongoCommandError(
      ErrorCodes.PathNotViable,
      `Cannot create field '${nextPart}' in element ${elementString(key, child)}`,
    );
  }
  if (m.op === '$unset') return;
  throw new MongoCommandError(
    ErrorCodes.PathNotViable,
    `Cannot use the part (${nextPart} of ${m.path}) to traverse the element (${elementString(key, child)})`,
  );
}

function putChild(c: Container, key: string, value: unknown): void {
  if (Array.isArray(c)) {
    const idx = Number(key);
    if (idx - c.length > 1_500_000)
      throw new MongoCommandError(258, `can't backfill more than 1500000 elements`);
    while (c.length < idx) c.push(null);
    c[idx] = value;
  } else setOwnField(c, key, value);
}

function removeChild(c: Container, key: string): void {
  if (Array.isArray(c)) c[Number(key)] = null;
  else delete c[key];
}

/** Since 5.0 `$`-prefixed names may be stored, except a top-level one written by an update. */
function checkStorable(m: Mod, taken: string[], ctx: ModContext): void {
  const top = taken[0] ?? m.parts[0]!;
  if (!ctx.inserting && top.startsWith('$'))
    throw new MongoCommandError(
      ErrorCodes.DollarPrefixedFieldName,
      `The dollar ($) prefixed field '${top}' in '${top}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`,
    );
}

const NOOP = Symbol('noop');
const REMOVE = Symbol('remove');

/** The array at `taken` in the document before the update, if it was one there. */
function arrayBefore(root: Doc, taken: string[]): unknown[] | undefined {
  let cur: unknown = root;
  for (const key of taken) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = childOf(cur as Container, key);
  }
  return Array.isArray(cur) ? cur : undefined;
}

/** The array position the query matched, for `a.$`: the first element satisfying the filter's
 * conditions on that array. */
function positionalIndex(arr: unknown[], taken: string[], ctx: ModContext): number | undefined {
  const prefix = taken.join('.');
  const clauses: Document[] = [];
  const visit = (f: Document): void => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const s of v) if (isPlainObject(s)) visit(s);
      } else if (k === prefix || k.startsWith(prefix + '.')) clauses.push({ [k]: v });
    }
  };
  if (ctx.filter) visit(ctx.filter);
  if (clauses.length === 0) return undefined;
  const q = compileFilter({ $and: clauses }, ctx.env);
  for (let j = 0; j < arr.length; j++) {
    const probe: Doc = {};
    let cur = probe;
    for (let k = 0; k < taken.length - 1; k++) cur = cur[taken[k]!] = {};
    cur[taken[taken.length - 1]!] = [arr[j]];
    if (q.test(probe)) return j;
  }
  return undefined;
}

function eachOf(value: unknown): unknown[] {
  return isPlainObject(value) && '$each' in value ? (value.$each as unknown[]) : [value];
}

function createValue(m: Mod, ctx: ModContext): unknown {
  switch (m.op) {
    case '$set':
    case '$setOnInsert':
    case '$inc':
    case '$min':
    case '$max':
      return cloneValue(m.value);
    case '$mul':
      return arithmetic('$mul', m.value, 0);
    case '$currentDate':
      return currentDate(m.value, ctx);
    case '$push':
      return pushInto([], m.value, ctx);
    case '$addToSet':
      return addToSet([], m.value, ctx) ?? [];
    case '$bit':
      return bitOps(0, m.value as Document);
    default:
      return NOOP;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return (
    keyString(a) === keyString(b) &&
    bsonTypeName(a) === bsonTypeName(b) &&
    (!Array.isArray(a) ||
      (Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i])))) &&
    (!isPlainObject(a) || (isPlainObject(b) && Object.keys(a).every((k) => sameValue(a[k], b[k]))))
  );
}

function updateValue(cur: unknown, m: Mod, taken: string[], ctx: ModContext): unknown {
  const path = taken.join('.');
  switch (m.op) {
    case '$set':
    case '$setOnInsert':
      return sameValue(cur, m.value) ? NOOP : cloneValue(m.value);
    case '$unset':
      return REMOVE;
    case '$inc':
    case '$mul': {
      if (!isNumeric(cur))
        throw new MongoCommandError(
          ErrorCodes.TypeMismatch,
          `Cannot apply ${m.op} to a value of non-numeric type. {${idString(ctx.root)}} has the field '${taken[taken.length - 1]}' of non-numeric type ${bsonTypeName(cur)}`,
        );
      const next = arithmetic(m.op, cur, m.value);
      return sameValue(cur, next) ? NOOP : next;
    }
    case '$min':
    case '$max': {
      const c = compareValues(m.value, cur, ctx.env.collation);
      return (m.op === '$min' ? c < 0 : c > 0) ? cloneValue(m.value) : NOOP;
    }
    case '$currentDate':
      return currentDate(m.value, ctx);
    case '$push':
      if (!Array.isArray(cur))
        throw bad(
          `The field '${path}' must be an array but is of type ${bsonTypeName(cur)} in document {${idString(ctx.root)}}`,
        );
      return pushInto(cur.slice(), m.value, ctx, cur);
    case '$addToSet':
      if (!Array.isArray(cur))
        throw bad(
          `Cannot apply $addToSet to non-array field. Field named '${taken[taken.length - 1]}' has non-array type ${bsonTypeName(cur)}`,
        );
      return addToSet(cur, m.value, ctx) ?? NOOP;
    case '$pop':
      if (!Array.isArray(cur))
        throw new MongoCommandError(
          ErrorCodes.TypeMismatch,
          `Path '${path}' contains an element of non-array type '${bsonTypeName(cur)}'`,
        );
      if (cur.length === 0) return NOOP;
      return Number(m.value) === 1 ? cur.slice(0, -1) : cur.slice(1);
    case '$pull':
    case '$pullAll': {
      if (!Array.isArray(cur)) throw bad('Cannot apply $pull to a non-array value');
      const matches =
        m.op === '$pull'
          ? pullMatcher(m.value, ctx.env)
          : pullAllMatcher(m.value as unknown[], ctx.env);
      const kept = cur.filter((x) => !matches(x));
      return kept.length === cur.length ? NOOP : kept;
    }
    case '$bit': {
      if (!isIntegral(cur))
        throw bad(
          `Cannot apply $bit to a value of non-integral type.{${idString(ctx.root)}} has the field ${taken[taken.length - 1]} of non-integer type ${bsonTypeName(cur)}`,
        );
      const next = bitOps(cur, m.value as Document);
      return sameValue(cur, next) ? NOOP : next;
    }
    default:
      return NOOP;
  }
}

function currentDate(spec: unknown, ctx: ModContext): unknown {
  return isPlainObject(spec) && spec.$type === 'timestamp' ? ctx.timestamp() : ctx.now();
}

/** $push with $each/$position/$sort/$slice, in mongod's order (insert, sort, slice). */
function pushInto(arr: unknown[], spec: unknown, ctx: ModContext, before?: unknown[]): unknown {
  const each = eachOf(spec).map((v) => cloneValue(v));
  const mods = isPlainObject(spec) && '$each' in spec ? spec : {};
  let pos = mods.$position === undefined ? arr.length : Number(mods.$position);
  if (pos < 0) pos = Math.max(0, arr.length + pos);
  arr.splice(Math.min(pos, arr.length), 0, ...each);
  if (mods.$sort !== undefined) {
    const sort = mods.$sort;
    const coll = ctx.env.collation;
    if (isPlainObject(sort)) {
      const fields = Object.entries(sort).map(([f, d]) => [f, Number(d)] as const);
      const key = (x: unknown, f: string): unknown =>
        isPlainObject(x) ? (getPath(x, f) ?? null) : null;
      arr.sort((a, b) => {
        for (const [f, d] of fields) {
          const c = compareValues(key(a, f), key(b, f), coll);
          if (c) return c * d;
        }
        return 0;
      });
    } else arr.sort((a, b) => compareValues(a, b, coll) * Number(sort));
  }
  if (mods.$slice !== undefined) {
    const s = Number(mods.$slice);
    if (s >= 0) arr.splice(s);
    else arr.splice(0, Math.max(0, arr.length + s));
  }
  if (before && sameValue(before, arr)) return NOOP;
  return arr;
}

/** New array with the values not already present, or undefined when nothing is added. */
function addToSet(arr: unknown[], spec: unknown, ctx: ModContext): unknown[] | undefined {
  const keys = new Set(arr.map((x) => keyString(x, ctx.env.collation)));
  const out = arr.slice();
  for (const v of eachOf(spec)) {
    const k = keyString(v, ctx.env.collation);
    if (keys.has(k)) continue;
    keys.add(k);
    out.push(cloneValue(v));
  }
  return out.length === arr.length && arr.length > 0 ? undefined : out;
}

/**
 * mongod's $pull: a condition whose first key is a query operator ($gt, $in, $elemMatch...)
 * is matched against each element as a value; any other object (fields, $or/$and/$nor) is a
 * query matched against each element that is a document; anything else is an equality.
 */
function pullMatcher(cond: unknown, env: MingoEnv): (x: unknown) => boolean {
  if (cond instanceof RegExp) {
    const q = compileFilter({ v: cond }, env);
    return (x) => q.test({ v: x });
  }
  if (isPlainObject(cond)) {
    const first = Object.keys(cond)[0];
    const logical = first === '$and' || first === '$or' || first === '$nor' || first === '$expr';
    if (first?.startsWith('$') && !logical) {
      const q = compileFilter({ v: cond }, env);
      return (x) => q.test({ v: x });
    }
    const q = compileFilter(cond, env);
    return (x) => isPlainObject(x) && q.test(x);
  }
  const k = keyString(cond, env.collation);
  return (x) => keyString(x, env.collation) === k;
}

function pullAllMatcher(values: unknown[], env: MingoEnv): (x: unknown) => boolean {
  const keys = new Set(values.map((v) => keyString(v, env.collation)));
  return (x) => keys.has(keyString(x, env.collation));
}

function applyRename(doc: Doc, m: Mod, ctx: ModContext): void {
  const from = m.parts;
  const to = String(m.value).split('.');
  // Walk the source without entering arrays.
  let cur: unknown = doc;
  for (let k = 0; k < from.length - 1; k++) {
    if (Array.isArray(cur))
      throw bad(
        `The source field cannot be an array element, '${m.path}' in doc with ${idString(ctx.root)} has an array field called '${from[k - 1]}'`,
      );
    if (!isPlainObject(cur)) return;
    cur = ownField(cur, from[k]!);
  }
  if (Array.isArray(cur))
    throw bad(
      `The source field cannot be an array element, '${m.path}' in doc with ${idString(ctx.root)} has an array field called '${from[from.length - 2]}'`,
    );
  if (!isPlainObject(cur)) return;
  const value = ownField(cur, from[from.length - 1]!);
  if (value === undefined) return;
  // The destination must not go through an array either.
  let dest: unknown = doc;
  for (let k = 0; k < to.length - 1 && dest !== undefined; k++) {
    if (Array.isArray(dest))
      throw bad(
        `The destination field cannot be an array element, '${to.join('.')}' in doc with ${idString(ctx.root)} has an array field called '${to[k - 1]}'`,
      );
    dest = isPlainObject(dest) ? ownField(dest, to[k]!) : undefined;
  }
  if (Array.isArray(dest))
    throw bad(
      `The destination field cannot be an array element, '${to.join('.')}' in doc with ${idString(ctx.root)} has an array field called '${to[to.length - 2]}'`,
    );
  delete cur[from[from.length - 1]!];
  walk(doc, { op: '$set', path: to.join('.'), parts: to, value }, 0, [], ctx);
}

/** $bit: and/or/xor in 32 bits for int32 operands, 64 when either side is an int64. */
function bitOps(cur: unknown, ops: Document): unknown {
  const long =
    bsonTypeName(cur) === 'long' || Object.values(ops).some((v) => bsonTypeName(v) === 'long');
  let r = BigInt(String(cur));
  for (const [k, v] of Object.entries(ops)) {
    const y = BigInt(String(v));
    r = k === 'and' ? r & y : k === 'or' ? r | y : r ^ y;
  }
  return long ? BigInt.asIntN(64, r) : integer(BigInt.asIntN(32, r));
}
