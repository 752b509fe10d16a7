// Minimal collation support: the "simple" (binary) collation and ICU strengths 1 and 2, which
// compare strings case-insensitively (strength 1 also ignores diacritics). Enough for unique,
// case-insensitive names; other collation options are accepted but ignored.
import type { Document } from 'bson';
import { badValue } from '../errors.js';

export interface Collation {
  locale: string;
  strength: number;
}

/** Parses a command's/index's `collation` option; undefined means the binary comparison. */
export function parseCollation(spec: unknown): Collation | undefined {
  if (spec === undefined || spec === null) return undefined;
  if (typeof spec !== 'object' || Array.isArray(spec))
    throw badValue('collation must be an object');
  const s = spec as Document;
  if (typeof s.locale !== 'string') throw badValue('Missing expected field "locale"');
  if (s.locale === 'simple') return undefined;
  const strength = s.strength === undefined ? 3 : Number(s.strength);
  if (![1, 2, 3, 4, 5].includes(strength))
    throw badValue('unable to parse collation :: caused by :: strength must be 1..5');
  return { locale: s.locale, strength };
}

/** The comparison key of a string under a collation (equal keys = equal strings). */
export function collationKey(s: string, c: Collation): string {
  if (c.strength >= 3) return s;
  const lower = s.toLocaleLowerCase(c.locale === 'simple' ? undefined : safeLocale(c.locale));
  return c.strength === 1 ? lower.normalize('NFD').replace(/\p{M}/gu, '') : lower;
}

function safeLocale(locale: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(locale.replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}

export function sameCollation(a: Collation | undefined, b: Collation | undefined): boolean {
  if (!a || a.strength >= 3) return !b || b.strength >= 3;
  return !!b && a.strength === b.strength;
}

function escapeRegex(s: string): RegExp {
  return new RegExp('^' + s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$', 'i');
}

/**
 * mingo applies collation only to sorting, so string equality in filters is rewritten to an
 * anchored case-insensitive regex for strengths 1 and 2.
 */
export function applyCollationToFilter(filter: Document, c: Collation | undefined): Document {
  if (!c || c.strength >= 3) return filter;
  return rewrite(filter) as Document;
}

function rewriteValue(v: unknown): unknown {
  if (typeof v === 'string') return escapeRegex(v);
  if (
    v &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.getPrototypeOf(v) === Object.prototype
  ) {
    const out: Document = {};
    for (const [k, x] of Object.entries(v as Document)) {
      if (k === '$eq') out.$in = [rewriteValue(x)];
      else if (k === '$ne') out.$nin = [rewriteValue(x)];
      else if (k === '$in' || k === '$nin') out[k] = Array.isArray(x) ? x.map(rewriteValue) : x;
      else if (k === '$not') out[k] = rewriteValue(x);
      else if (k === '$elemMatch' || k === '$all') out[k] = rewrite(x);
      else out[k] = x;
    }
    return out;
  }
  return v;
}

function rewrite(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(rewrite);
  if (!v || typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return v;
  const out: Document = {};
  for (const [k, x] of Object.entries(v as Document)) {
    if (k === '$and' || k === '$or' || k === '$nor') out[k] = Array.isArray(x) ? x.map(rewrite) : x;
    else if (k.startsWith('$')) out[k] = x;
    else out[k] = rewriteValue(x);
  }
  return out;
}
