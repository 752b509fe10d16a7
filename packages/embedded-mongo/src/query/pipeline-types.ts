// mingo computes on JS numbers, so a number a pipeline computes comes out as bson's default type
// (int32 when whole). This follows the pipeline's stages to know which top-level output fields
// mongod would type otherwise ($avg and $divide give doubles, $sum of doubles a double, of
// int64s an int64, a $sum of int32s that overflows an int64) and types them so. A field whose
// type depends on the document, or that a stage not followed here makes, is left as it is.
import type { Document } from 'bson';
import { double, numberType } from '../storage/numbers.js';
import type { Doc } from '../storage/values.js';
import { isPlainObject } from '../storage/values.js';

type Kind = 'int' | 'long' | 'double' | 'decimal';
/** The kinds of number a field holds across documents (undefined: not known). */
type Kinds = ReadonlySet<Kind> | undefined;
type Fields = Map<string, Kinds>;

const RANK: Record<Kind, number> = { int: 0, long: 1, double: 2, decimal: 3 };

const DOUBLE_OPS = new Set([
  '$avg',
  '$divide',
  '$sqrt',
  '$exp',
  '$ln',
  '$log',
  '$log10',
  '$stdDevPop',
  '$stdDevSamp',
  '$toDouble',
  '$degreesToRadians',
  '$radiansToDegrees',
]);
const WIDEST_OPS = new Set([
  '$add',
  '$subtract',
  '$multiply',
  '$sum',
  '$abs',
  '$ceil',
  '$floor',
  '$trunc',
  '$round',
]);
const INT_OPS = new Set([
  '$toInt',
  '$size',
  '$strLenCP',
  '$strLenBytes',
  '$indexOfArray',
  '$indexOfCP',
  '$indexOfBytes',
  '$cmp',
  '$strcasecmp',
  '$year',
  '$month',
  '$week',
  '$dayOfMonth',
  '$dayOfWeek',
  '$dayOfYear',
  '$hour',
  '$minute',
  '$second',
  '$millisecond',
  '$isoWeek',
  '$isoWeekYear',
  '$isoDayOfWeek',
]);

/** Stages that make numbers (the others pass documents on as they are). */
const COMPUTING = new Set(['$group', '$project', '$addFields', '$set', '$count', '$unwind']);

const one = (k: Kind): Kinds => new Set([k]);

function widest(kinds: Kind[]): Kind {
  // int32 + int64 is an int64, anything + double a double, as mongod's arithmetic
  return kinds.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'int');
}

/** The kinds of the numbers each top-level field of the input holds. */
function inputFields(docs: Doc[]): Fields {
  const sets = new Map<string, Set<Kind>>();
  const other = new Set<string>();
  for (const d of docs)
    for (const [k, v] of Object.entries(d)) {
      const t = numberType(v);
      if (t) {
        let s = sets.get(k);
        if (!s) sets.set(k, (s = new Set()));
        s.add(t);
      } else if (v !== null && v !== undefined) other.add(k);
    }
  const out: Fields = new Map();
  for (const [k, s] of sets) if (!other.has(k)) out.set(k, s);
  return out;
}

/** The kinds an expression gives for every document, when they are known. */
function exprKinds(e: unknown, fields: Fields): Kinds {
  if (typeof e === 'string') {
    if (!e.startsWith('$') || e.startsWith('$$') || e.includes('.')) return undefined;
    return fields.get(e.slice(1));
  }
  const literal = numberType(e);
  if (literal) return one(literal);
  if (!isPlainObject(e)) return undefined;
  const keys = Object.keys(e);
  if (keys.length !== 1) return undefined;
  const op = keys[0]!;
  const arg = (e as Document)[op];
  if (op === '$literal') return numberType(arg) ? one(numberType(arg)!) : undefined;
  if (INT_OPS.has(op)) return one('int');
  if (op === '$toLong') return one('long');
  const args = Array.isArray(arg) ? (arg as unknown[]) : [arg];
  if (op === '$round' || op === '$trunc') args.splice(1);
  const argKinds = args.map((a) => exprKinds(a, fields));
  // decimals stay decimals; mixed or unknown operands give a type per document
  if (argKinds.some((k) => k?.has('decimal'))) return undefined;
  if (DOUBLE_OPS.has(op)) return one('double');
  if (!WIDEST_OPS.has(op) || argKinds.some((k) => !k || k.size !== 1)) return undefined;
  return one(widest(argKinds.map((k) => [...k!][0]!)));
}

/** The kinds an accumulator of $group gives for every group. */
function accumulatorKinds(acc: unknown, fields: Fields): Kinds {
  if (!isPlainObject(acc) || Object.keys(acc).length !== 1) return undefined;
  const [op, arg] = Object.entries(acc)[0]!;
  if (op === '$count') return one('int');
  if (op === '$avg' || op === '$stdDevPop' || op === '$stdDevSamp') {
    const k = exprKinds(arg, fields);
    return k?.has('decimal') ? undefined : one('double');
  }
  const k = exprKinds(arg, fields);
  if (!k || k.has('decimal')) return undefined;
  // a sum takes the widest type of what it adds; $min, $max, $first, $last pass values on
  if (!['$sum', '$min', '$max', '$first', '$last'].includes(op)) return undefined;
  // each group's type is that of its own values: known only when the input's are all one type
  return k.size === 1 ? k : undefined;
}

function topField(path: string): string {
  return path.split('.')[0]!;
}

/** Follows one stage; undefined when the stage is not one this knows. */
function afterStage(stage: Document, fields: Fields): Fields | undefined {
  const keys = Object.keys(stage);
  if (keys.length !== 1) return undefined;
  const name = keys[0]!;
  const spec = stage[name] as unknown;
  switch (name) {
    case '$match':
    case '$sort':
    case '$limit':
    case '$skip':
    case '$sample':
      return fields;
    case '$addFields':
    case '$set': {
      if (!isPlainObject(spec)) return undefined;
      const out = new Map(fields);
      for (const [k, e] of Object.entries(spec)) {
        if (k.includes('.')) out.delete(topField(k));
        else out.set(k, exprKinds(e, fields));
      }
      return out;
    }
    case '$unset': {
      const out = new Map(fields);
      for (const k of Array.isArray(spec) ? spec : [spec]) out.delete(topField(String(k)));
      return out;
    }
    case '$project': {
      if (!isPlainObject(spec)) return undefined;
      const entries = Object.entries(spec);
      const excluding = entries.every(([k, v]) => k === '_id' || v === 0 || v === false);
      if (excluding) {
        const out = new Map(fields);
        for (const [k] of entries) out.delete(topField(k));
        return out;
      }
      const out: Fields = new Map();
      if (spec._id === undefined && fields.has('_id')) out.set('_id', fields.get('_id'));
      for (const [k, v] of entries) {
        if (k.includes('.') || v === 0 || v === false) continue;
        out.set(k, v === 1 || v === true ? fields.get(k) : exprKinds(v, fields));
      }
      return out;
    }
    case '$group': {
      if (!isPlainObject(spec)) return undefined;
      const out: Fields = new Map();
      for (const [k, acc] of Object.entries(spec))
        out.set(k, k === '_id' ? exprKinds(acc, fields) : accumulatorKinds(acc, fields));
      return out;
    }
    case '$count':
      return typeof spec === 'string' ? new Map([[spec, one('int')]]) : undefined;
    case '$unwind': {
      const path = typeof spec === 'string' ? spec : (spec as Document | undefined)?.path;
      if (typeof path !== 'string') return undefined;
      const out = new Map(fields);
      out.delete(topField(path.replace(/^\$/, '')));
      const index = (spec as Document | undefined)?.includeArrayIndex;
      if (typeof index === 'string') out.set(index, one('long'));
      return out;
    }
    case '$lookup': {
      const out = new Map(fields);
      out.delete(topField(String((spec as Document | undefined)?.as)));
      return out;
    }
    default:
      return undefined;
  }
}

/**
 * Gives the numbers a pipeline computed mongod's types. `input` are the typed input documents,
 * `output` what mingo returned (with values passed on unchanged already typed back).
 */
export function typeComputedNumbers(pipeline: Document[], input: Doc[], output: Doc[]): Doc[] {
  if (!pipeline.some((s) => isPlainObject(s) && COMPUTING.has(Object.keys(s)[0]!))) return output;
  let fields: Fields | undefined = inputFields(input);
  for (const stage of pipeline) {
    if (!isPlainObject(stage)) return output;
    fields = afterStage(stage, fields);
    if (!fields) return output;
  }
  const typed: [string, Kind][] = [];
  for (const [k, kinds] of fields)
    if (kinds && kinds.size === 1 && !kinds.has('decimal')) typed.push([k, [...kinds][0]!]);
  if (typed.length === 0) return output;
  return output.map((doc) => {
    let copy: Doc | undefined;
    for (const [k, kind] of typed) {
      const v = doc[k];
      // beyond int64 mongod's sums are doubles too
      if (typeof v !== 'number' || !Number.isInteger(v) || Math.abs(v) >= 2 ** 63) continue;
      const next =
        kind === 'double'
          ? double(v)
          : kind === 'long' || v > 2147483647 || v < -2147483648
            ? BigInt(v)
            : v;
      if (next !== v) (copy ??= { ...doc })[k] = next;
    }
    return copy ?? doc;
  });
}
