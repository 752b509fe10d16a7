// BSON numbers keep their type inside the server. In memory:
//   int32      -> a JS number that is an integer in int32 range (not -0)
//   double     -> a JS number that bson would not write as int32 (fraction, -0, NaN, +-Inf,
//                 beyond int32), else a `Double` (1.0 stays a double)
//   int64      -> a bigint (exact to 2^63-1)
//   decimal128 -> a `Decimal128`
// So `bson.serialize` writes every value back with the type it came with. mingo only knows JS
// numbers, so it is handed `plainValue`s where it compares or computes (see query/mingo.ts).
import { deserialize, Decimal128, Double, Long } from 'bson';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

const DESERIALIZE = {
  promoteLongs: false,
  promoteValues: false,
  promoteBuffers: false,
  bsonRegExp: true,
} as const;

function tag(v: object): string | undefined {
  const t = (v as { _bsontype?: unknown })._bsontype;
  return typeof t === 'string' ? t : undefined;
}

/** A number bson would write as int32 (so a double with this value needs a `Double`). */
export function isInt32Like(n: number): boolean {
  return Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX && !Object.is(n, -0);
}

/** The in-memory form of a double. */
export function double(n: number): number | Double {
  return isInt32Like(n) ? new Double(n) : n;
}

/** The in-memory form of an integer result: int32 when it fits, else int64. */
export function integer(n: bigint): number | bigint {
  return n >= INT32_MIN && n <= INT32_MAX ? Number(n) : n;
}

/** Deserializes BSON into the in-memory form above. */
export function decodeBson(buf: Uint8Array): Document {
  return typedValue(deserialize(buf, DESERIALIZE)) as Document;
}

/** Converts bson's unpromoted Int32/Double/Long (in place for objects and arrays). */
export function typedValue(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = typedValue(v[i]);
    return v;
  }
  switch (tag(v)) {
    case 'Int32':
      return (v as { value: number }).value;
    case 'Double': {
      const n = (v as Double).value;
      return isInt32Like(n) ? v : n;
    }
    case 'Long':
      return (v as Long).toBigInt();
    case 'BSONRegExp': {
      // A native RegExp where JS supports the options (queries need one); else kept as is
      // (e.g. the `x` option), so it is stored and returned unchanged.
      const { pattern, options } = v as { pattern: string; options: string };
      if (/^[imsu]*$/.test(options)) {
        try {
          return new RegExp(pattern, options);
        } catch {
          return v;
        }
      }
      return v;
    }
    case undefined:
      if (v instanceof Date || v instanceof RegExp) return v;
      for (const k of Object.keys(v)) (v as Document)[k] = typedValue((v as Document)[k]);
      return v;
    case 'DBRef': {
      // The plain {$ref, $id, $db, ...} document it is on the wire (bson writes it back the
      // same), so queries on `members.$id` see it as mongod does.
      const ref = v as { collection: string; oid: unknown; db?: string; fields: Document };
      const out: Document = { $ref: ref.collection, $id: typedValue(ref.oid) };
      if (ref.db) out.$db = ref.db;
      for (const [k, x] of Object.entries(ref.fields)) out[k] = typedValue(x);
      return out;
    }
    default:
      return v;
  }
}

/** True for a value that mingo would not see as a number (Double, bigint, Long, Int32). */
function isWrapped(v: unknown): boolean {
  if (typeof v === 'bigint') return true;
  if (v === null || typeof v !== 'object') return false;
  const t = tag(v);
  return t === 'Double' || t === 'Long' || t === 'Int32';
}

function unwrap(v: unknown): number {
  if (typeof v === 'bigint') return Number(v);
  const t = tag(v as object);
  if (t === 'Long') return (v as Long).toNumber();
  return (v as { value: number }).value;
}

const stored = new WeakSet<object>();
const plainCache = new WeakMap<object, unknown>();

/** Marks a document as stored (never mutated again), so its plain form can be cached. */
export function markStored(doc: object): void {
  stored.add(doc);
}

/**
 * The value with every Double/bigint replaced by a JS number, for mingo's operators (an int64
 * beyond 2^53 becomes the nearest double there). Objects without such numbers are returned
 * as they are. The result for a stored document is cached (stored documents never change).
 */
export function plainValue<T>(v: T): T {
  if (isWrapped(v)) return unwrap(v) as T;
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Date || v instanceof RegExp) return v;
  const isArr = Array.isArray(v);
  if (!isArr && tag(v) !== undefined) return v;
  const cacheable = stored.has(v);
  if (cacheable) {
    const cached = plainCache.get(v);
    if (cached !== undefined) return cached as T;
  }
  let out: unknown = v;
  if (isArr) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const p = plainValue(v[i]);
      if (p !== v[i]) (copy ??= v.slice())[i] = p;
    }
    if (copy) out = copy;
  } else {
    const keys = Object.keys(v);
    const vals = keys.map((k) => plainValue((v as Document)[k]));
    if (vals.some((p, i) => p !== (v as Document)[keys[i]!])) {
      const copy = copyObject(v as Document);
      keys.forEach((k, i) => (copy[k] = vals[i]));
      out = copy;
    }
  }
  if (cacheable) plainCache.set(v, out);
  return out as T;
}

/**
 * The value with bigints as `Long`s: mingo JSON-stringifies query conditions, which a bigint
 * cannot survive. (Long is unwrapped like a bigint where mingo compares.)
 */
export function bigintsAsLongs<T>(v: T): T {
  if (typeof v === 'bigint') return Long.fromBigInt(v) as T;
  if (Array.isArray(v)) {
    const out = v.map(bigintsAsLongs);
    return (out.some((x, i) => x !== v[i]) ? out : v) as T;
  }
  if (v === null || typeof v !== 'object' || tag(v) !== undefined) return v;
  if (v instanceof Date || v instanceof RegExp) return v;
  let copy: Document | undefined;
  for (const k of Object.keys(v)) {
    const x = (v as Document)[k];
    const y = bigintsAsLongs(x);
    if (y !== x) (copy ??= copyObject(v as Document))[k] = y;
  }
  return (copy ?? v) as T;
}

/** Whether a value holds any Double/bigint (so mingo's output may have lost a type). */
export function hasWrapped(v: unknown): boolean {
  return plainValue(v) !== v;
}

/**
 * Puts back the types of numbers mingo passed through unchanged: where `out` holds a JS number
 * and `src` (what mingo was given, typed) holds the same number at the same place as a Double
 * or bigint, the typed value is used. Arrays are matched in order (a $slice, $filter or $unwind
 * keeps the order of what remains). Numbers mingo computed keep bson's default (int32/double).
 * Never changes `out`: parts that change are copied.
 */
export function retype(out: unknown, src: unknown): unknown {
  if (typeof out === 'number') {
    if (isWrapped(src) && unwrap(src) === out) return src;
    if (Array.isArray(src)) {
      const hit = src.find((x) => isWrapped(x) && unwrap(x) === out);
      if (hit !== undefined) return hit;
    }
    return out;
  }
  if (out === null || typeof out !== 'object' || src === null || typeof src !== 'object')
    return out;
  if (Array.isArray(out)) {
    let copy: unknown[] | undefined;
    const set = (i: number, v: unknown): void => {
      if (v !== out[i]) (copy ??= out.slice())[i] = v;
    };
    if (!Array.isArray(src)) {
      for (let i = 0; i < out.length; i++) set(i, retype(out[i], src));
      return copy ?? out;
    }
    let j = 0;
    for (let i = 0; i < out.length; i++) {
      for (let k = j; k < src.length; k++) {
        if (sameShape(out[i], src[k])) {
          set(i, retype(out[i], src[k]));
          j = k + 1;
          break;
        }
      }
    }
    return copy ?? out;
  }
  if (tag(out) !== undefined || out instanceof Date || out instanceof RegExp) return out;
  if (Array.isArray(src) || tag(src) !== undefined) return out;
  let copy: Document | undefined;
  for (const k of Object.keys(out)) {
    if (!Object.hasOwn(src, k)) continue;
    const v = (out as Document)[k];
    const t = retype(v, (src as Document)[k]);
    if (t !== v) {
      copy ??= copyObject(out as Document);
      copy[k] = t;
    }
  }
  return copy ?? out;
}

/** A shallow copy that keeps a `__proto__` key as a plain field. */
function copyObject(o: Document): Document {
  const copy: Document = {};
  for (const k of Object.keys(o))
    Object.defineProperty(copy, k, {
      value: o[k],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

/** Whether `out` could be `src` passed through by mingo (equal numbers, object subset). */
function sameShape(out: unknown, src: unknown): boolean {
  if (typeof out === 'number') return isWrapped(src) ? unwrap(src) === out : src === out;
  if (out === null || typeof out !== 'object') return out === src;
  if (Array.isArray(out)) return Array.isArray(src);
  if (src === null || typeof src !== 'object' || Array.isArray(src)) return false;
  if (tag(out) !== undefined || out instanceof Date) return true;
  return Object.keys(out).every((k) => Object.hasOwn(src, k));
}

/** The numeric value of an int32/int64/double/Decimal128 (NaN for anything else). */
export function numberValue(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v && typeof v === 'object') {
    const t = tag(v);
    if (t === 'Double' || t === 'Int32') return (v as { value: number }).value;
    if (t === 'Long') return (v as Long).toNumber();
    if (t === 'Decimal128') return Number(String(v));
  }
  return NaN;
}

function exactInteger(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : undefined;
  if (v && typeof v === 'object') {
    const t = tag(v);
    if (t === 'Long') return (v as Long).toBigInt();
    if (t === 'Double' || t === 'Int32') return BigInt((v as { value: number }).value);
  }
  return undefined;
}

/** Numeric order of two BSON numbers (NaN first), exact between int64s and integral doubles. */
export function compareNumbers(a: unknown, b: unknown): number {
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    const x = exactInteger(a);
    const y = exactInteger(b);
    if (x !== undefined && y !== undefined) return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = numberValue(a);
  const y = numberValue(b);
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

type NumType = 'int' | 'long' | 'double' | 'decimal';

export function numberType(v: unknown): NumType | undefined {
  if (typeof v === 'number') return isInt32Like(v) ? 'int' : 'double';
  if (typeof v === 'bigint') return 'long';
  if (v && typeof v === 'object') {
    switch (tag(v)) {
      case 'Double':
        return 'double';
      case 'Int32':
        return 'int';
      case 'Long':
        return 'long';
      case 'Decimal128':
        return 'decimal';
    }
  }
  return undefined;
}

// Decimal128 arithmetic, exact: a decimal is coefficient * 10^exponent with bigint parts.
interface Dec {
  c: bigint;
  e: number;
}

function toDec(v: unknown): Dec | undefined {
  const s = numberType(v) === 'decimal' ? String(v) : String(numberValue(v));
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s);
  if (!m) return undefined; // NaN / Infinity
  const frac = m[3] ?? '';
  const c = BigInt((m[1] ?? '') + ((m[2] ?? '') + frac || '0'));
  return { c, e: Number(m[4] ?? 0) - frac.length };
}

function decString(d: Dec): string {
  const neg = d.c < 0n;
  const digits = (neg ? -d.c : d.c).toString();
  return `${neg ? '-' : ''}${digits}E${d.e}`;
}

function decimalOp(op: '$inc' | '$mul', a: unknown, b: unknown): Decimal128 {
  const x = toDec(a);
  const y = toDec(b);
  if (!x || !y) {
    const r = op === '$inc' ? numberValue(a) + numberValue(b) : numberValue(a) * numberValue(b);
    return Decimal128.fromString(String(r));
  }
  let r: Dec;
  if (op === '$mul') r = { c: x.c * y.c, e: x.e + y.e };
  else {
    const e = Math.min(x.e, y.e);
    r = { c: x.c * 10n ** BigInt(x.e - e) + y.c * 10n ** BigInt(y.e - e), e };
  }
  return Decimal128.fromStringWithRounding(decString(r));
}

/**
 * `$inc`/`$mul` (and `$add`-like sums) with mongod's result types: decimal if either side is
 * one, else double if either is, else int32 when the result fits, int64 when an int32 result
 * overflows; an int64 overflow is an error as in mongod.
 */
export function arithmetic(op: '$inc' | '$mul', a: unknown, b: unknown): unknown {
  const ta = numberType(a);
  const tb = numberType(b);
  if (!ta || !tb) throw new MongoCommandError(ErrorCodes.TypeMismatch, `${op} needs numbers`);
  if (ta === 'decimal' || tb === 'decimal') return decimalOp(op, a, b);
  if (ta === 'double' || tb === 'double') {
    const x = numberValue(a);
    const y = numberValue(b);
    return double(op === '$inc' ? x + y : x * y);
  }
  const x = exactInteger(a)!;
  const y = exactInteger(b)!;
  const r = op === '$inc' ? x + y : x * y;
  if (ta === 'int' && tb === 'int') return integer(r);
  if (r < -(2n ** 63n) || r >= 2n ** 63n)
    throw new MongoCommandError(
      ErrorCodes.BadValue,
      `Failed to apply ${op} operations to current value (${String(a)}) : int64 overflow`,
    );
  return r;
}

/** A number from a command field that may arrive as int32, int64 or double. */
export function commandNumber(v: unknown): number {
  return numberValue(v);
}

export { Double, Long };
