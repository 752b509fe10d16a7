// MongoDB sort semantics: cross-type BSON order, missing fields sort as null, and an array
// field sorts by its smallest element ascending / largest descending.
import type { Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import type { Doc } from '../storage/values.js';
import { compareValues, pathValues } from '../storage/values.js';
import type { Collation } from './collation.js';

export interface SortField {
  path: string;
  dir: 1 | -1;
}

export function parseSort(spec: unknown): SortField[] {
  if (spec === undefined || spec === null) return [];
  if (typeof spec !== 'object' || Array.isArray(spec))
    throw new MongoCommandError(2, 'sort must be an object');
  const out: SortField[] = [];
  for (const [path, v] of Object.entries(spec as Document)) {
    if (v && typeof v === 'object' && '$meta' in v) continue; // textScore etc.: no effect here
    const n = Number(v);
    if (n !== 1 && n !== -1)
      throw new MongoCommandError(
        15975,
        '$sort key ordering must be 1 (for ascending) or -1 (for descending)',
      );
    out.push({ path, dir: n });
  }
  return out;
}

export function sortKey(doc: Doc, f: SortField, collation?: Collation): unknown {
  const vals = pathValues(doc, f.path);
  if (vals.length === 0) return null;
  let best = vals[0];
  for (let i = 1; i < vals.length; i++) {
    const c = compareValues(vals[i], best, collation);
    if (f.dir === 1 ? c < 0 : c > 0) best = vals[i];
  }
  return best === undefined ? null : best;
}

/** Stable sort by the fields, computing each document's keys once. */
export function sortDocs(docs: Doc[], fields: SortField[], collation?: Collation): Doc[] {
  if (fields.length === 0) return docs;
  const keyed = docs.map((doc, i) => ({
    doc,
    i,
    keys: fields.map((f) => sortKey(doc, f, collation)),
  }));
  keyed.sort((a, b) => {
    for (let k = 0; k < fields.length; k++) {
      const c = compareValues(a.keys[k], b.keys[k], collation);
      if (c !== 0) return c * fields[k]!.dir;
    }
    return a.i - b.i;
  });
  return keyed.map((x) => x.doc);
}
