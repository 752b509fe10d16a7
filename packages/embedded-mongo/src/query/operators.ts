// Query and expression operators where mingo differs from mongod ($all on a non-array, $type
// aliases and BSON type names, bit tests on BinData, DBRef fields in $elemMatch), and the
// operators the server refuses (geospatial, $text, $where, $function) with mongod's error shape.
import type { Binary, Document } from 'bson';
import { evalExpr } from 'mingo/core';
import type { AnyObject, ExpressionOperator, Options, QueryOperator } from 'mingo/types';
import {
  $eq as mingoEq,
  $gt as mingoGt,
  $gte as mingoGte,
  $lt as mingoLt,
  $lte as mingoLte,
  $ne as mingoNe,
  $nin as mingoNin,
} from 'mingo/operators/query';
import { Query } from 'mingo/query';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import {
  bsonTypeName,
  compareValues,
  isPlainObject,
  keyString,
  typeRank,
} from '../storage/values.js';

/** A query operator as mingo calls it (its own `QueryOperator` type is a union of overloads). */
type QueryOp = (selector: string, value: unknown, options: Options) => (obj: AnyObject) => boolean;

const bad = (msg: string): MongoCommandError => new MongoCommandError(ErrorCodes.BadValue, msg);

const notImplemented = (what: string): MongoCommandError =>
  new MongoCommandError(ErrorCodes.NotImplemented, `${what} is not supported by embedded-mongo`);

/**
 * The values at a dotted path, walking arrays like a query does (numeric parts index them,
 * other parts look into their documents); a final array is returned as it is.
 */
export function branchValues(doc: unknown, path: string): unknown[] {
  const out: unknown[] = [];
  const parts = path.split('.');
  const visit = (cur: unknown, i: number): void => {
    if (i === parts.length) {
      out.push(cur);
      return;
    }
    const part = parts[i]!;
    if (Array.isArray(cur)) {
      if (/^\d+$/.test(part) && Number(part) < cur.length) visit(cur[Number(part)], i + 1);
      for (const el of cur) if (isPlainObject(el)) visit(el, i);
      return;
    }
    if (isPlainObject(cur) && Object.hasOwn(cur, part)) visit(cur[part], i + 1);
  };
  visit(doc, 0);
  return out;
}

const TYPE_ALIASES: Record<string, number> = {
  double: 1,
  string: 2,
  object: 3,
  array: 4,
  binData: 5,
  undefined: 6,
  objectId: 7,
  bool: 8,
  date: 9,
  null: 10,
  regex: 11,
  dbPointer: 12,
  javascript: 13,
  symbol: 14,
  javascriptWithScope: 15,
  int: 16,
  timestamp: 17,
  long: 18,
  decimal: 19,
  minKey: -1,
  maxKey: 127,
};

/** Type codes of a $type operand (an alias, a number, or an array of them); 0 means any number. */
function typeCodes(spec: unknown): number[] {
  const list = Array.isArray(spec) ? spec : [spec];
  if (list.length === 0) throw bad('$type must match at least one type');
  return list.map((t) => {
    if (typeof t === 'string') {
      if (t === 'number') return 0;
      const code = TYPE_ALIASES[t];
      if (code === undefined) throw bad(`Unknown type name alias: ${t}`);
      return code;
    }
    if (typeRank(t) === 2) {
      const n = Number(t);
      if (!Object.values(TYPE_ALIASES).includes(n))
        throw bad(`Invalid numerical type code: ${String(t)}`);
      return n;
    }
    throw bad(`type must be represented as a number or a string`);
  });
}

function hasType(v: unknown, code: number): boolean {
  if (code === 0) return typeRank(v) === 2;
  return TYPE_ALIASES[bsonTypeName(v)] === code;
}

const $type: QueryOp = (selector, value) => {
  const codes = typeCodes(value);
  return (obj) =>
    branchValues(obj, selector).some((v) =>
      codes.some(
        (c) => hasType(v, c) || (Array.isArray(v) && c !== 4 && v.some((e) => hasType(e, c))),
      ),
    );
};

/** `{a: {$all: [x, y]}}` is `{$and: [{a: x}, {a: y}]}`, so a scalar `a` equal to x matches. */
const $all: QueryOp = (selector, value, options) => {
  if (!Array.isArray(value)) throw bad('$all needs an array');
  if (value.length === 0) return () => false;
  const parts = value.map((v) => {
    if (isPlainObject(v) && Object.keys(v)[0] === '$elemMatch')
      return new Query({ [selector]: v }, options);
    if (isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$')))
      throw bad('no $ expressions in $all');
    return new Query({ [selector]: { $eq: v } }, options);
  });
  return (obj) => parts.every((q) => q.test(obj));
};

// --- BinData comparisons ---------------------------------------------------------------------

const isBinary = (v: unknown): boolean => typeRank(v) === 6;

/** A field's values and, for arrays, their elements (what a comparison is tried against). */
function candidates(obj: AnyObject, selector: string): unknown[] {
  const out: unknown[] = [];
  for (const v of branchValues(obj, selector)) {
    out.push(v);
    if (Array.isArray(v)) out.push(...v);
  }
  return out;
}

/**
 * mingo compares BinData by bytes only; mongod orders it by length, then subtype, then bytes
 * (so equality includes the subtype). Other operands keep mingo's operator.
 */
function binaryAware(mingoOp: unknown, test: (c: number) => boolean, negate = false): QueryOp {
  const fallback = mingoOp as QueryOp;
  return (selector, value, options) => {
    if (!isBinary(value)) return fallback(selector, value, options);
    return (obj) => {
      const hit = candidates(obj, selector).some(
        (x) => isBinary(x) && test(compareValues(x, value)),
      );
      return negate ? !hit : hit;
    };
  };
}

/** $nin with BinData members: equality by key (subtype included). */
const $nin: QueryOp = (selector, value, options) => {
  if (!Array.isArray(value) || !value.some(isBinary))
    return (mingoNin as unknown as QueryOp)(selector, value, options);
  const others = value.filter((v) => !isBinary(v));
  const rest = others.length
    ? (mingoNin as unknown as QueryOp)(selector, others, options)
    : () => true;
  const keys = new Set(value.filter(isBinary).map((v) => keyString(v)));
  return (obj) => rest(obj) && !candidates(obj, selector).some((x) => keys.has(keyString(x)));
};

// --- bit tests -------------------------------------------------------------------------------

function bitPositions(op: string, mask: unknown): number[] {
  if (Array.isArray(mask))
    return mask.map((p) => {
      if (typeRank(p) !== 2 || !Number.isInteger(Number(p)) || Number(p) < 0)
        throw bad(`bit positions must be non-negative integers: ${op}`);
      return Number(p);
    });
  const tag = (mask as { _bsontype?: string } | null)?._bsontype;
  if (tag === 'Binary') {
    const bytes = binaryBytes(mask as Binary);
    const out: number[] = [];
    for (let i = 0; i < bytes.length * 8; i++) if ((bytes[i >> 3]! >> (i & 7)) & 1) out.push(i);
    return out;
  }
  if (typeRank(mask) === 2) {
    let n: bigint;
    try {
      n = BigInt(String(mask));
    } catch {
      throw bad(`${op} bitmask must be an integer: ${String(mask)}`);
    }
    if (n < 0n) throw bad(`${op} bitmask must be a non-negative integer: ${String(mask)}`);
    const out: number[] = [];
    for (let i = 0; n > 0n; i++, n >>= 1n) if (n & 1n) out.push(i);
    return out;
  }
  throw bad(`${op} takes an Array, a number, or a BinData but received: ${String(mask)}`);
}

function binaryBytes(b: Binary): Uint8Array {
  return b.buffer.subarray(0, b.position);
}

/** A bit reader over a value, or undefined when the value cannot be tested (non-integral...). */
function bitsOf(v: unknown): ((i: number) => boolean) | undefined {
  const tag = (v as { _bsontype?: string } | null)?._bsontype;
  if (tag === 'Binary') {
    const bytes = binaryBytes(v as Binary);
    return (i) => i < bytes.length * 8 && ((bytes[i >> 3]! >> (i & 7)) & 1) === 1;
  }
  if (typeRank(v) !== 2 || tag === 'Decimal128') return undefined;
  const s = String(typeof v === 'number' ? v : (v as { toString(): string }).toString());
  if (!/^-?\d+$/.test(s)) return undefined;
  const n = BigInt.asIntN(64, BigInt(s));
  return (i) => (i >= 64 ? n < 0n : ((n >> BigInt(i)) & 1n) === 1n);
}

function bitOperator(op: string, all: boolean, set: boolean): QueryOp {
  return (selector, value) => {
    const positions = bitPositions(op, value);
    return (obj) =>
      branchValues(obj, selector).some((v) => {
        const bit = bitsOf(v);
        if (!bit) return false;
        const test = (p: number): boolean => bit(p) === set;
        return all ? positions.every(test) : positions.some(test);
      });
  };
}

// --- DBRef fields inside $elemMatch ----------------------------------------------------------

/** `{$elemMatch: {$id: x, $ref: 'c'}}`: $ref/$id/$db name DBRef fields there, as in mongod. */
function dbRefField(name: string): QueryOp {
  return (selector, value, options) => {
    const q = new Query({ [`${selector}.${name}`]: value }, options);
    return (obj) => q.test(obj);
  };
}

function refuse(what: string): QueryOp {
  return () => {
    throw notImplemented(what);
  };
}

export const QUERY_OPERATORS = {
  $all,
  $type,
  $eq: binaryAware(mingoEq, (c) => c === 0),
  $ne: binaryAware(mingoNe, (c) => c === 0, true),
  $gt: binaryAware(mingoGt, (c) => c > 0),
  $gte: binaryAware(mingoGte, (c) => c >= 0),
  $lt: binaryAware(mingoLt, (c) => c < 0),
  $lte: binaryAware(mingoLte, (c) => c <= 0),
  $nin,
  $bitsAllSet: bitOperator('$bitsAllSet', true, true),
  $bitsAnySet: bitOperator('$bitsAnySet', false, true),
  $bitsAllClear: bitOperator('$bitsAllClear', true, false),
  $bitsAnyClear: bitOperator('$bitsAnyClear', false, false),
  $id: dbRefField('$id'),
  $ref: dbRefField('$ref'),
  $db: dbRefField('$db'),
  $near: refuse('$near (geospatial queries)'),
  $nearSphere: refuse('$nearSphere (geospatial queries)'),
  $geoWithin: refuse('$geoWithin (geospatial queries)'),
  $geoIntersects: refuse('$geoIntersects (geospatial queries)'),
  $within: refuse('$within (geospatial queries)'),
  $where: refuse('$where (server-side JavaScript)'),
} as unknown as Record<string, QueryOperator>;

/** Top-level filter operators mingo does not know and the server refuses with mongod's shape. */
export function refuseTopLevel(filter: Document): void {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$text') throw notImplemented('$text (text search)');
    if (k === '$where') throw notImplemented('$where (server-side JavaScript)');
    if ((k === '$and' || k === '$or' || k === '$nor') && Array.isArray(v))
      for (const s of v) if (isPlainObject(s)) refuseTopLevel(s);
  }
}

// --- expressions -----------------------------------------------------------------------------

/**
 * The typed document each plain copy handed to mingo came from (query/mingo.ts runPipeline), so
 * `$type` can name a field's int64 or whole double, which mingo sees as a plain number.
 */
export const TYPED_SOURCES = new WeakMap<object, Document>();

const NO_PATH = Symbol('no path');

/** A field path's value in a typed document, or NO_PATH when it crosses an array. */
function typedField(doc: Document, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(cur)) return NO_PATH;
    if (!isPlainObject(cur)) return undefined;
    cur = cur[part];
  }
  return cur;
}

/** Aggregation `$type`: mongod's names (objectId, binData, decimal, ...), 'missing' if absent. */
const $typeExpr = (obj: AnyObject, expr: unknown, options: Options): string => {
  const arg = Array.isArray(expr) && expr.length === 1 ? (expr[0] as unknown) : expr;
  const typed = TYPED_SOURCES.get(obj);
  if (typed && typeof arg === 'string' && arg.startsWith('$') && !arg.startsWith('$$')) {
    const v = typedField(typed, arg.slice(1));
    if (v !== NO_PATH) return bsonTypeName(v);
  }
  return bsonTypeName(evalExpr(obj, expr as never, options));
};

function refuseExpr(what: string): () => never {
  return () => {
    throw notImplemented(what);
  };
}

export const EXPRESSION_OPERATORS = {
  $type: $typeExpr,
  $function: refuseExpr('$function (server-side JavaScript)'),
  $accumulator: refuseExpr('$accumulator (server-side JavaScript)'),
} as unknown as Record<string, ExpressionOperator>;
