// Helpers over BSON values in their in-memory form (numbers as described in numbers.ts,
// ObjectId/Decimal128/Binary/... as bson classes, Date and RegExp native).
import { ObjectId } from 'bson';
import type { Document, Binary } from 'bson';
import type { Collation } from '../query/collation.js';
import { collationKey, compareStrings } from '../query/collation.js';
import { compareNumbers, numberType, numberValue } from './numbers.js';

export type Doc = Document;

function bsonTag(v: object): string | undefined {
  const t = (v as { _bsontype?: unknown })._bsontype;
  return typeof t === 'string' ? t : undefined;
}

/** MongoDB's cross-type sort order (MinKey < null < numbers < strings < objects < arrays < ...). */
export function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 1;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8;
    case 'object':
      break;
    default:
      return 4;
  }
  if (Array.isArray(v)) return 5;
  if (v instanceof Date) return 9;
  if (v instanceof RegExp) return 11;
  switch (bsonTag(v)) {
    case 'MinKey':
      return 0;
    case 'MaxKey':
      return 13;
    case 'Long':
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      return 2;
    case 'BSONSymbol':
      return 3;
    case 'Binary':
      return 6;
    case 'ObjectId':
      return 7;
    case 'Timestamp':
      return 10;
    case 'BSONRegExp':
      return 11;
    case 'Code':
      return 12;
    default:
      return 4;
  }
}

/** Numeric value of a BSON number-like value (int32/int64/double/Decimal128). */
export function toNumber(v: unknown): number {
  return numberValue(v);
}

function cmpPrim<T extends number | string>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Total order over BSON values, as MongoDB sorts and compares them. */
export function compareValues(a: unknown, b: unknown, collation?: Collation): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 0:
    case 1:
    case 13:
      return 0;
    case 2:
      return compareNumbers(a, b);
    case 3: {
      const x = String(a);
      const y = String(b);
      if (collation) return compareStrings(x, y, collation);
      return cmpPrim(x, y);
    }
    case 4: {
      const ka = Object.keys(a as object);
      const kb = Object.keys(b as object);
      const n = Math.min(ka.length, kb.length);
      for (let i = 0; i < n; i++) {
        const va = (a as Doc)[ka[i]!];
        const vb = (b as Doc)[kb[i]!];
        const t = typeRank(va) - typeRank(vb);
        if (t !== 0) return t;
        const k = cmpPrim(ka[i]!, kb[i]!);
        if (k !== 0) return k;
        const c = compareValues(va, vb, collation);
        if (c !== 0) return c;
      }
      return ka.length - kb.length;
    }
    case 5: {
      const xa = a as unknown[];
      const xb = b as unknown[];
      const n = Math.min(xa.length, xb.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(xa[i], xb[i], collation);
        if (c !== 0) return c;
      }
      return xa.length - xb.length;
    }
    case 6: {
      const x = a as Binary;
      const y = b as Binary;
      if (x.position !== y.position) return x.position - y.position;
      if (x.sub_type !== y.sub_type) return x.sub_type - y.sub_type;
      return Buffer.compare(x.buffer, y.buffer);
    }
    case 7:
      return cmpPrim((a as ObjectId).toHexString(), (b as ObjectId).toHexString());
    case 8:
      return Number(a) - Number(b);
    case 9:
      return cmpPrim((a as Date).getTime(), (b as Date).getTime());
    case 10: {
      const x = a as { high: number; low: number };
      const y = b as { high: number; low: number };
      return cmpPrim(x.high >>> 0, y.high >>> 0) || cmpPrim(x.low >>> 0, y.low >>> 0);
    }
    default:
      return cmpPrim(String(a), String(b));
  }
}

/**
 * A string that is equal for two values exactly when MongoDB considers them equal
 * (1, 1.0 and Long(1) share a key). Used as Map keys for `_id` and index entries.
 */
export function keyString(v: unknown, collation?: Collation): string {
  if (v === undefined || v === null) return 'z';
  switch (typeof v) {
    case 'number':
      return Object.is(v, -0) ? 'n0' : 'n' + v;
    case 'bigint':
      return 'n' + v.toString();
    case 'string':
      return 's' + (collation ? collationKey(v, collation) : v);
    case 'boolean':
      return v ? 'bt' : 'bf';
    case 'object':
      break;
    default:
      return 'u' + String(v);
  }
  if (Array.isArray(v)) return 'A[' + v.map((x) => keyString(x, collation)).join(',') + ']';
  if (v instanceof Date) return 'd' + v.getTime();
  if (v instanceof RegExp) return 'r/' + v.source + '/' + v.flags;
  const tag = bsonTag(v);
  switch (tag) {
    case 'ObjectId':
      return 'o' + (v as ObjectId).toHexString();
    case 'Long':
    case 'Int32':
    case 'Double':
    case 'Decimal128': {
      if (tag === 'Long') return 'n' + String(v);
      const n = toNumber(v);
      return Object.is(n, -0) ? 'n0' : 'n' + n;
    }
    case 'Binary':
      return (
        'x' +
        (v as Binary).sub_type +
        ':' +
        Buffer.from((v as Binary).buffer.subarray(0, (v as Binary).position)).toString('base64')
      );
    case 'MinKey':
      return '<';
    case 'MaxKey':
      return '>';
    case 'Timestamp':
      return 't' + String(v);
    case undefined:
      break;
    default:
      return tag + ':' + JSON.stringify(v);
  }
  let s = '{';
  for (const k of Object.keys(v))
    s += JSON.stringify(k) + ':' + keyString((v as Doc)[k], collation) + ',';
  return s + '}';
}

/** Deep copy of plain objects and arrays; BSON values are immutable and shared. */
export function cloneValue<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneValue) as T;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (bsonTag(v) !== undefined || v instanceof RegExp) return v;
  const out: Doc = {};
  for (const k of Object.keys(v)) setOwnField(out, k, cloneValue((v as Doc)[k]));
  return out as T;
}

/** A document's own field (never an inherited one such as `__proto__` or `constructor`). */
export function ownField(doc: Doc, key: string): unknown {
  return Object.hasOwn(doc, key) ? doc[key] : undefined;
}

/** Sets a field; `__proto__` is a plain field name in BSON, not the prototype. */
export function setOwnField(doc: Doc, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(doc, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else doc[key] = value;
}

/** mongod's name of a value's BSON type (as in error messages and `$type`). */
export function bsonTypeName(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'missing';
  const num = numberType(v);
  if (num) return num;
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'object':
      break;
    default:
      return 'javascript';
  }
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp) return 'regex';
  switch (bsonTag(v)) {
    case undefined:
      return 'object';
    case 'ObjectId':
      return 'objectId';
    case 'Binary':
      return 'binData';
    case 'Decimal128':
      return 'decimal';
    case 'Long':
      return 'long';
    case 'Int32':
      return 'int';
    case 'Double':
      return 'double';
    case 'Timestamp':
      return 'timestamp';
    case 'MinKey':
      return 'minKey';
    case 'MaxKey':
      return 'maxKey';
    case 'BSONRegExp':
      return 'regex';
    case 'BSONSymbol':
      return 'symbol';
    case 'Code':
      return (v as { scope?: unknown }).scope ? 'javascriptWithScope' : 'javascript';
    case 'DBRef':
      return 'object';
    default:
      return 'object';
  }
}

export function isPlainObject(v: unknown): v is Doc {
  return (
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    !(v instanceof Date) &&
    !(v instanceof RegExp) &&
    bsonTag(v) === undefined
  );
}

/**
 * All values at a dotted path, descending into arrays like MongoDB's index key generation:
 * an array at the end contributes its elements; an empty array contributes `undefined`.
 * Returns [] when the path is missing.
 */
export function pathValues(doc: unknown, path: string): unknown[] {
  const out: unknown[] = [];
  collect(doc, path.split('.'), 0, out);
  return out;
}

function collect(cur: unknown, parts: string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    if (Array.isArray(cur)) {
      if (cur.length === 0) out.push(undefined);
      else for (const x of cur) out.push(x);
    } else out.push(cur);
    return;
  }
  if (cur === null || typeof cur !== 'object') return;
  const part = parts[i]!;
  if (Array.isArray(cur)) {
    if (/^\d+$/.test(part)) {
      const el = cur[Number(part)];
      if (el !== undefined) collect(el, parts, i + 1, out);
    }
    for (const el of cur)
      if (el !== null && typeof el === 'object' && !Array.isArray(el)) collect(el, parts, i, out);
    return;
  }
  if (!isPlainObject(cur)) return;
  if (!(part in cur)) return;
  collect(cur[part], parts, i + 1, out);
}

/** Whether any array is met along the path (then an index on it is "multikey"). */
export function pathHasArray(doc: unknown, path: string): boolean {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(cur)) return true;
    if (!isPlainObject(cur)) return false;
    cur = cur[part];
  }
  return Array.isArray(cur);
}

/** The value at a dotted path without array traversal (undefined when missing). */
export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Doc)[part];
  }
  return cur;
}

/** Formats a value like mongod does inside "dup key: { ... }" messages. */
export function formatValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (Array.isArray(v)) return '[ ' + v.map(formatValue).join(', ') + ' ]';
  if (v instanceof ObjectId) return `ObjectId('${v.toHexString()}')`;
  const tag = typeof v === 'object' ? bsonTag(v) : undefined;
  if (tag === 'Long') return String(v);
  if (tag === 'Decimal128') return `${String(v)}`;
  if (tag === 'Binary')
    return `BinData(${(v as Binary).sub_type}, ${Buffer.from((v as Binary).buffer)
      .toString('hex')
      .toUpperCase()})`;
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0) return '{}';
    return '{ ' + keys.map((k) => `${k}: ${formatValue(v[k])}`).join(', ') + ' }';
  }
  return String(v);
}

/** New ObjectId-keyed document with `_id` placed first, as mongod stores it. */
export function withIdFirst(doc: Doc): Doc {
  const keys = Object.keys(doc);
  if (keys[0] === '_id') return doc;
  if (!('_id' in doc)) return { _id: new ObjectId(), ...doc };
  const out: Doc = { _id: doc._id };
  for (const k of keys) if (k !== '_id') setOwnField(out, k, doc[k]);
  return out;
}
