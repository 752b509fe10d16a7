// Collation: the "simple" (binary) comparison, or ICU's through Intl.Collator (Node ships full
// ICU, the library mongod uses too): locale, strength 1-5, numericOrdering, caseFirst and
// alternate. What Intl cannot do (backwards, caseLevel, normalization, maxVariable 'space',
// '@collation=' variants) is refused with 238 NotImplemented rather than ignored.
import type { Document } from 'bson';
import { badValue, ErrorCodes, MongoCommandError } from '../errors.js';

export interface Collation {
  /** as given (mongod's spelling, e.g. en_US) */
  locale: string;
  /** the BCP 47 tag Intl knows it by (en-US) */
  icu: string;
  strength: number;
  numericOrdering: boolean;
  caseFirst: 'off' | 'upper' | 'lower';
  alternate: 'non-ignorable' | 'shifted';
}

const FIELDS = new Set([
  'locale',
  'strength',
  'caseLevel',
  'caseFirst',
  'numericOrdering',
  'alternate',
  'maxVariable',
  'normalization',
  'backwards',
  'version',
]);

function notImplemented(option: string): MongoCommandError {
  return new MongoCommandError(
    ErrorCodes.NotImplemented,
    `collation option ${option} is not supported by the embedded server`,
  );
}

function bool(s: Document, k: string): boolean {
  const v = s[k];
  if (v === undefined) return false;
  if (typeof v !== 'boolean')
    throw new MongoCommandError(
      ErrorCodes.TypeMismatch,
      `BSON field 'collation.${k}' is the wrong type, expected type 'bool'`,
    );
  return v;
}

function oneOf<T extends string>(s: Document, k: string, allowed: readonly T[], dflt: T): T {
  const v = s[k];
  if (v === undefined) return dflt;
  if (!allowed.includes(v as T))
    throw badValue(`Field '${k}' must be one of: ${allowed.map((a) => `"${a}"`).join(', ')}`);
  return v as T;
}

/** mongod's locale name (en_US) as a BCP 47 tag (en-US) that ICU in Node knows, or refused. */
function icuLocale(locale: string): string {
  if (locale.includes('@')) throw notImplemented(`locale variant '${locale}'`);
  const tag = locale.replace(/_/g, '-');
  let supported: string[] = [];
  try {
    supported = Intl.Collator.supportedLocalesOf([tag]);
  } catch {
    // an ill-formed tag is an unknown locale
  }
  if (supported.length === 0)
    throw badValue(`Field 'locale' is invalid in: { locale: "${locale}" }`);
  return tag;
}

/** Parses a command's/index's `collation` option; undefined means the binary comparison. */
export function parseCollation(spec: unknown): Collation | undefined {
  if (spec === undefined || spec === null) return undefined;
  if (typeof spec !== 'object' || Array.isArray(spec))
    throw badValue('collation must be an object');
  const s = spec as Document;
  if (typeof s.locale !== 'string') throw badValue('Missing expected field "locale"');
  for (const k of Object.keys(s))
    if (!FIELDS.has(k)) throw badValue(`unknown collation spec field: ${k}`);
  if (s.locale === 'simple') return undefined; // other fields do not matter, as on mongod 7.0
  const strength = s.strength === undefined ? 3 : Number(s.strength);
  if (![1, 2, 3, 4, 5].includes(strength))
    throw badValue('unable to parse collation :: caused by :: strength must be 1..5');
  if (bool(s, 'caseLevel')) throw notImplemented('caseLevel');
  if (bool(s, 'backwards')) throw notImplemented('backwards');
  if (bool(s, 'normalization')) throw notImplemented('normalization');
  const alternate = oneOf(s, 'alternate', ['non-ignorable', 'shifted'] as const, 'non-ignorable');
  if (
    oneOf(s, 'maxVariable', ['punct', 'space'] as const, 'punct') === 'space' &&
    alternate === 'shifted'
  )
    throw notImplemented("maxVariable 'space'");
  return {
    locale: s.locale,
    icu: icuLocale(s.locale),
    strength,
    numericOrdering: bool(s, 'numericOrdering'),
    caseFirst: oneOf(s, 'caseFirst', ['off', 'upper', 'lower'] as const, 'off'),
    alternate,
  };
}

const collators = new Map<string, Intl.Collator>();

function collator(c: Collation): Intl.Collator {
  const key = `${c.icu}|${c.strength}|${c.numericOrdering}|${c.caseFirst}|${c.alternate}`;
  let k = collators.get(key);
  if (!k) {
    k = new Intl.Collator(c.icu, {
      usage: 'sort',
      sensitivity: c.strength === 1 ? 'base' : c.strength === 2 ? 'accent' : 'variant',
      numeric: c.numericOrdering,
      caseFirst: c.caseFirst === 'off' ? 'false' : c.caseFirst,
      ignorePunctuation: c.alternate === 'shifted',
    });
    collators.set(key, k);
  }
  return k;
}

/** Orders two strings under a collation (strengths 4 and 5 break ICU ties by code points). */
export function compareStrings(a: string, b: string, c: Collation): number {
  const r = collator(c).compare(a, b);
  if (r !== 0 || c.strength < 4) return r;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The equality key of a string under a collation (equal keys = equal strings): what the
 * collation ignores is taken out (punctuation and spaces when shifted, leading zeros of numbers
 * with numericOrdering, case below strength 3, accents at strength 1).
 */
export function collationKey(s: string, c: Collation): string {
  let k = s.normalize('NFC');
  if (c.alternate === 'shifted' && c.strength <= 3) k = k.replace(/[\p{P}\p{Z}\s]/gu, '');
  if (c.numericOrdering) k = k.replace(/\d+/g, (m) => m.replace(/^0+(?=\d)/, ''));
  if (c.strength >= 3) return k;
  // upper then lower folds ß to ss and ligatures to letters, as ICU's secondary strength does
  k = k.toLocaleUpperCase(c.icu).toLocaleLowerCase(c.icu);
  return c.strength === 1 ? k.normalize('NFD').replace(/\p{M}/gu, '') : k;
}

/** Whether two collations order strings the same way (undefined is the binary order). */
export function sameCollation(a: Collation | undefined, b: Collation | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.locale === b.locale &&
    a.strength === b.strength &&
    a.numericOrdering === b.numericOrdering &&
    a.caseFirst === b.caseFirst &&
    a.alternate === b.alternate
  );
}

/** Whether two collations give strings the same equality keys. */
export function sameKeys(a: Collation | undefined, b: Collation | undefined): boolean {
  if (!a || !b) return !a && !b;
  return (
    Math.min(a.strength, 3) === Math.min(b.strength, 3) &&
    a.numericOrdering === b.numericOrdering &&
    (a.alternate === b.alternate || (a.strength > 3 && b.strength > 3))
  );
}

/**
 * Whether every pair of strings equal under `query` also has equal keys under `index`, so the
 * index's entries for a value include every match (the filter is applied to them after).
 */
export function coarserKeys(index: Collation | undefined, query: Collation | undefined): boolean {
  if (!index) return !query || (query.strength >= 4 && !query.numericOrdering);
  if (!query) return true;
  return (
    Math.min(index.strength, 3) <= Math.min(query.strength, 3) &&
    (index.numericOrdering || !query.numericOrdering) &&
    (index.alternate === 'shifted' || query.alternate !== 'shifted' || query.strength > 3)
  );
}

type CollatedOp = '$eq' | '$ne' | '$gt' | '$gte' | '$lt' | '$lte' | '$in' | '$nin';

/** The `$collated` query operator's operand: comparisons of one field under a collation. */
export interface CollatedSpec {
  tests: { op: CollatedOp; value: unknown }[];
  collation: Collation;
}

const COLLATED_OPS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);

/** A string operand, or a list of scalars with a string among them. */
function collatable(op: string, v: unknown): boolean {
  if (!COLLATED_OPS.has(op)) return false;
  if (op === '$in' || op === '$nin')
    return (
      Array.isArray(v) &&
      v.some((x) => typeof x === 'string') &&
      v.every(
        (x) =>
          x === null ||
          typeof x !== 'object' ||
          x instanceof RegExp ||
          x instanceof Date ||
          '_bsontype' in x,
      )
    );
  return typeof v === 'string';
}

/**
 * mingo compares strings in filters by code points: under a collation, string comparisons
 * (plain equality, `$eq`, `$ne`, ranges, `$in`, `$nin`) become one `$collated` operator per field.
 */
export function applyCollationToFilter(filter: Document, c: Collation | undefined): Document {
  if (!c) return filter;
  return rewrite(filter, c) as Document;
}

function rewriteValue(v: unknown, c: Collation): unknown {
  if (typeof v === 'string')
    return { $collated: { tests: [{ op: '$eq', value: v }], collation: c } };
  if (
    !v ||
    typeof v !== 'object' ||
    Array.isArray(v) ||
    Object.getPrototypeOf(v) !== Object.prototype ||
    !Object.keys(v).some((k) => k.startsWith('$'))
  )
    return v;
  const tests: CollatedSpec['tests'] = [];
  const out: Document = {};
  for (const [k, x] of Object.entries(v as Document)) {
    if (collatable(k, x)) tests.push({ op: k as CollatedOp, value: x });
    else if (k === '$not') out[k] = rewriteValue(x, c);
    else if (k === '$elemMatch') out[k] = rewrite(x, c);
    else out[k] = x;
  }
  if (tests.length) out.$collated = { tests, collation: c } satisfies CollatedSpec;
  return out;
}

function rewrite(v: unknown, c: Collation): unknown {
  if (Array.isArray(v)) return v.map((x) => rewrite(x, c));
  if (!v || typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return v;
  const out: Document = {};
  for (const [k, x] of Object.entries(v as Document)) {
    if (k === '$and' || k === '$or' || k === '$nor')
      out[k] = Array.isArray(x) ? x.map((y) => rewrite(y, c)) : x;
    else if (k.startsWith('$')) out[k] = x;
    else out[k] = rewriteValue(x, c);
  }
  return out;
}
