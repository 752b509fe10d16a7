// "Evaluating matches" of MongoDB's unified test format: expected values may contain the
// $$-operators; numbers compare by value across BSON numeric types; extra fields in actual
// documents are allowed except where a strict comparison (collection outcome) is asked for.
import type { Document } from 'bson';

export type Entities = Map<string, unknown>;

function tag(v: unknown): string | undefined {
  if (v && typeof v === 'object') {
    const t = (v as { _bsontype?: unknown })._bsontype;
    return typeof t === 'string' ? t : undefined;
  }
  return undefined;
}

function isNumeric(v: unknown): boolean {
  return (
    typeof v === 'number' ||
    typeof v === 'bigint' ||
    ['Long', 'Int32', 'Double', 'Decimal128'].includes(tag(v) ?? '')
  );
}

function num(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  const t = tag(v);
  if (t === 'Long') return (v as { toNumber(): number }).toNumber();
  if (t === 'Int32' || t === 'Double') return (v as { value: number }).value;
  return Number(String(v));
}

export function isPlain(v: unknown): v is Document {
  return (
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    !(v instanceof Date) &&
    !(v instanceof RegExp) &&
    tag(v) === undefined &&
    !(v instanceof Uint8Array)
  );
}

function specialOp(v: unknown): string | undefined {
  if (!isPlain(v)) return undefined;
  const keys = Object.keys(v);
  return keys.length === 1 && keys[0]!.startsWith('$$') ? keys[0] : undefined;
}

function typeMatches(name: string, v: unknown): boolean {
  const t = tag(v);
  switch (name) {
    case 'double':
      return typeof v === 'number' || t === 'Double';
    case 'int':
      return (
        (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 31) || t === 'Int32'
      );
    case 'long':
      return (
        t === 'Long' || (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint'
      );
    case 'decimal':
      return t === 'Decimal128';
    case 'number':
      return isNumeric(v);
    case 'string':
      return typeof v === 'string';
    case 'bool':
      return typeof v === 'boolean';
    case 'null':
      return v === null;
    case 'date':
      return v instanceof Date;
    case 'objectId':
      return t === 'ObjectId';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isPlain(v);
    case 'binData':
      return t === 'Binary';
    case 'timestamp':
      return t === 'Timestamp';
    case 'regex':
      return v instanceof RegExp || t === 'BSONRegExp';
    case 'undefined':
      return v === undefined;
    default:
      return t === name;
  }
}

function show(v: unknown): string {
  try {
    return (
      JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)) ?? String(v)
    );
  } catch {
    return String(v);
  }
}

/** Returns a list of mismatch descriptions (empty when `actual` matches `expected`). */
export function match(
  expected: unknown,
  actual: unknown,
  entities: Entities,
  strict = false,
  path = '$',
  errs: string[] = [],
): string[] {
  const op = specialOp(expected);
  if (op) {
    const arg = (expected as Document)[op];
    switch (op) {
      case '$$exists':
        if ((actual !== undefined) !== arg)
          errs.push(`${path}: expected ${arg ? 'present' : 'absent'}`);
        return errs;
      case '$$type': {
        const names = Array.isArray(arg) ? (arg as string[]) : [arg as string];
        if (!names.some((n) => typeMatches(n, actual)))
          errs.push(`${path}: expected type ${names.join('|')}, got ${show(actual)}`);
        return errs;
      }
      case '$$unsetOrMatches':
        if (actual === undefined) return errs;
        return match(arg, actual, entities, strict, path, errs);
      case '$$matchesEntity':
        return match(entities.get(arg as string), actual, entities, strict, path, errs);
      case '$$matchesHexBytes':
        if (
          !(actual instanceof Uint8Array) ||
          Buffer.from(actual).toString('hex') !== String(arg).toLowerCase()
        )
          errs.push(`${path}: bytes differ`);
        return errs;
      case '$$lte':
        if (!isNumeric(actual) || num(actual) > num(arg))
          errs.push(`${path}: expected <= ${show(arg)}, got ${show(actual)}`);
        return errs;
      case '$$matchAsRoot':
        return match(arg, actual, entities, false, path, errs);
      case '$$sessionLsid':
        return errs;
      default:
        errs.push(`${path}: unsupported operator ${op}`);
        return errs;
    }
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      errs.push(`${path}: expected an array, got ${show(actual)}`);
      return errs;
    }
    if (actual.length !== expected.length)
      errs.push(
        `${path}: expected ${expected.length} elements, got ${actual.length}: ${show(actual)}`,
      );
    else expected.forEach((e, i) => match(e, actual[i], entities, strict, `${path}[${i}]`, errs));
    return errs;
  }
  if (isPlain(expected)) {
    if (!isPlain(actual)) {
      errs.push(`${path}: expected a document, got ${show(actual)}`);
      return errs;
    }
    for (const [k, v] of Object.entries(expected)) {
      const sub = specialOp(v);
      if (!(k in actual) && sub !== '$$exists' && sub !== '$$unsetOrMatches') {
        errs.push(`${path}.${k}: missing (expected ${show(v)})`);
        continue;
      }
      match(v, actual[k], entities, strict, `${path}.${k}`, errs);
    }
    if (strict)
      for (const k of Object.keys(actual))
        if (!(k in expected)) errs.push(`${path}.${k}: unexpected field`);
    return errs;
  }
  if (isNumeric(expected)) {
    if (!isNumeric(actual) || num(actual) !== num(expected)) {
      if (!(Number.isNaN(num(expected)) && isNumeric(actual) && Number.isNaN(num(actual))))
        errs.push(`${path}: expected ${show(expected)}, got ${show(actual)}`);
    }
    return errs;
  }
  if (expected instanceof Date) {
    if (!(actual instanceof Date) || actual.getTime() !== expected.getTime())
      errs.push(`${path}: expected ${expected.toISOString()}, got ${show(actual)}`);
    return errs;
  }
  const et = tag(expected);
  if (et) {
    const ok =
      tag(actual) === et && String(actual) === String(expected) && show(actual) === show(expected);
    if (!ok) errs.push(`${path}: expected ${et} ${show(expected)}, got ${show(actual)}`);
    return errs;
  }
  if (expected instanceof RegExp) {
    if (!(actual instanceof RegExp) || actual.source !== expected.source)
      errs.push(`${path}: regex differs`);
    return errs;
  }
  if (expected !== actual) errs.push(`${path}: expected ${show(expected)}, got ${show(actual)}`);
  return errs;
}
