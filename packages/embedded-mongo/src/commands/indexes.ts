// createIndexes / listIndexes / dropIndexes with mongod's conflict rules and error codes.
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { parseCollation } from '../query/collation.js';
import { compileFilter } from '../query/mingo.js';
import type { Collection } from '../storage/collection.js';
import type { IndexSpec } from '../storage/indexes.js';
import { numberType, numberValue } from '../storage/numbers.js';
import { keyString } from '../storage/values.js';
import type { CommandHandler } from './context.js';
import { collName } from './context.js';

const KEY_TYPES = new Set(['text', '2dsphere', '2d', 'hashed']);
const COPIED_OPTIONS = [
  'unique',
  'sparse',
  'partialFilterExpression',
  'expireAfterSeconds',
  'collation',
  'hidden',
  'weights',
  'default_language',
  'language_override',
  'textIndexVersion',
  '2dsphereIndexVersion',
  'bits',
  'min',
  'max',
  'wildcardProjection',
];
/** Options that make two specs with the same key different indexes (or conflicting ones). */
const COMPARED_OPTIONS = [
  'unique',
  'sparse',
  'partialFilterExpression',
  'expireAfterSeconds',
  'collation',
];

function specError(
  spec: Document,
  why: string,
  code: number = ErrorCodes.FailedToParse,
): MongoCommandError {
  return new MongoCommandError(
    code,
    `Error in specification ${JSON.stringify(spec)} :: caused by :: ${why}`,
  );
}

/** Normalises a client index spec into what listIndexes returns. */
export function normalizeSpec(raw: Document): IndexSpec {
  const key = raw.key as Document | undefined;
  if (!key || typeof key !== 'object' || Array.isArray(key) || Object.keys(key).length === 0)
    throw specError(raw, "The 'key' field must be a non-empty object", 67);
  if (typeof raw.name !== 'string' || !raw.name)
    throw specError(raw, "The 'name' field is a required property of an index specification");
  let outKey: Document = {};
  let weights: Document | undefined;
  for (const [f, raw] of Object.entries(key)) {
    // an int64 or whole double direction (older servers' dumps) is a plain number here
    const v = numberType(raw) ? numberValue(raw) : raw;
    const ok =
      (typeof v === 'number' && v !== 0 && Number.isFinite(v)) ||
      (typeof v === 'string' && KEY_TYPES.has(v));
    if (!ok)
      throw new MongoCommandError(
        67,
        `Error in specification ${JSON.stringify(raw)} :: caused by :: Values in the index key pattern can only be numbers or strings naming a special index type, got ${JSON.stringify(v)} for field '${f}'`,
      );
    if (f === '_fts' && v === 'text') {
      // an already-expanded text key (listIndexes output, e.g. from mongorestore): its fields
      // are in `weights`
      weights ??= {};
      if (!('_fts' in outKey)) outKey = { ...outKey, _fts: 'text', _ftsx: 1 };
    } else if (f === '_ftsx' && '_fts' in outKey) {
      continue;
    } else if (v === 'text') {
      weights ??= {};
      weights[f] = 1;
      if (!('_fts' in outKey)) outKey = { ...outKey, _fts: 'text', _ftsx: 1 };
    } else outKey[f] = v;
  }
  const spec: IndexSpec = { v: 2, key: outKey, name: raw.name };
  for (const opt of COPIED_OPTIONS) if (raw[opt] !== undefined) spec[opt] = raw[opt];
  if (spec.unique === false) delete spec.unique;
  if (spec.sparse === false) delete spec.sparse;
  if (spec.collation !== undefined) {
    const c = parseCollation(spec.collation);
    if (!c) delete spec.collation;
    else
      spec.collation = { locale: c.locale, strength: c.strength, ...(spec.collation as Document) };
  }
  if (spec.partialFilterExpression !== undefined) {
    if (typeof spec.partialFilterExpression !== 'object' || spec.partialFilterExpression === null)
      throw specError(raw, 'partialFilterExpression must be an object', 67);
    compileFilter(spec.partialFilterExpression);
  }
  if (spec.expireAfterSeconds !== undefined && numberType(spec.expireAfterSeconds))
    spec.expireAfterSeconds = numberValue(spec.expireAfterSeconds);
  if (
    spec.expireAfterSeconds !== undefined &&
    (typeof spec.expireAfterSeconds !== 'number' || spec.expireAfterSeconds < 0)
  )
    throw specError(raw, "TTL index 'expireAfterSeconds' option must be a non-negative number", 67);
  if (weights) {
    spec.weights = { ...weights, ...((raw.weights as Document | undefined) ?? {}) };
    spec.default_language ??= 'english';
    spec.language_override ??= 'language';
    spec.textIndexVersion ??= 3;
  }
  if (spec.name === '_id_' && keyString(outKey) !== keyString({ _id: 1 }))
    throw specError(raw, "The index name '_id_' is reserved for the _id index", 67);
  return spec;
}

function sameOptions(a: IndexSpec, b: IndexSpec): boolean {
  return COMPARED_OPTIONS.every((o) => keyString(a[o] ?? null) === keyString(b[o] ?? null));
}

const createIndexes: CommandHandler = (cmd, ctx) => {
  const name = collName(cmd, 'createIndexes');
  const list = cmd.indexes;
  if (!Array.isArray(list) || list.length === 0)
    throw new MongoCommandError(ErrorCodes.BadValue, 'Must specify at least one index to create');
  const { engine } = ctx.server;
  // An index without a collation takes the collection's default one, as on mongod.
  const byDefault = engine.collection(ctx.db, name)?.options.collation as Document | undefined;
  const specs = list.map((s) => {
    const spec = normalizeSpec(s as Document);
    if ((s as Document).collation === undefined && byDefault)
      return normalizeSpec({ ...(s as Document), collation: byDefault });
    return spec;
  });
  const existed = !!engine.collection(ctx.db, name);
  const coll = engine.ensureCollection(ctx.db, name);
  const before = coll.indexes.size;
  for (const spec of specs) {
    const byName = coll.indexes.get(spec.name);
    const sameKey = [...coll.indexes.values()].find(
      (i) => keyString(i.spec.key) === keyString(spec.key) && sameCollationSpec(i.spec, spec),
    );
    if (byName) {
      if (keyString(byName.spec.key) !== keyString(spec.key) || !sameOptions(byName.spec, spec))
        throw new MongoCommandError(
          ErrorCodes.IndexKeySpecsConflict,
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(byName.spec)}`,
        );
      continue;
    }
    if (sameKey) {
      if (sameOptions(sameKey.spec, spec))
        throw new MongoCommandError(
          ErrorCodes.IndexOptionsConflict,
          `Index already exists with a different name: ${sameKey.name}`,
        );
      throw new MongoCommandError(
        ErrorCodes.IndexOptionsConflict,
        `An equivalent index already exists with a different name and options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameKey.spec)}`,
      );
    }
    coll.createIndex(spec);
  }
  const reply: Document = {
    numIndexesBefore: before,
    numIndexesAfter: coll.indexes.size,
    createdCollectionAutomatically: !existed,
    ok: 1,
  };
  if (before === coll.indexes.size) reply.note = 'all indexes already exist';
  return reply;
};

function sameCollationSpec(a: IndexSpec, b: IndexSpec): boolean {
  return keyString(a.collation ?? null) === keyString(b.collation ?? null);
}

const listIndexes: CommandHandler = (cmd, ctx) => {
  const name = collName(cmd, 'listIndexes');
  const coll = ctx.server.engine.requireCollection(ctx.db, name);
  const batchSize = (cmd.cursor as Document | undefined)?.batchSize as number | undefined;
  return ctx.server.cursors.open(`${ctx.db}.${name}`, coll.indexSpecs(), batchSize);
};

function dropOne(coll: Collection, target: unknown): void {
  if (typeof target === 'string') {
    if (target === '_id_')
      throw new MongoCommandError(ErrorCodes.InvalidOptions, 'cannot drop _id index');
    if (!coll.indexes.has(target))
      throw new MongoCommandError(
        ErrorCodes.IndexNotFound,
        `index not found with name [${target}]`,
      );
    coll.dropIndex(target);
    return;
  }
  if (target && typeof target === 'object') {
    const matches = [...coll.indexes.values()].filter(
      (i) => keyString(i.spec.key) === keyString(target),
    );
    if (matches.length === 0)
      throw new MongoCommandError(
        ErrorCodes.IndexNotFound,
        `can't find index with key: ${JSON.stringify(target)}`,
      );
    if (matches[0]!.name === '_id_')
      throw new MongoCommandError(ErrorCodes.InvalidOptions, 'cannot drop _id index');
    coll.dropIndex(matches[0]!.name);
    return;
  }
  throw new MongoCommandError(ErrorCodes.TypeMismatch, 'invalid index name spec');
}

const dropIndexes: CommandHandler = (cmd, ctx) => {
  const name = collName(cmd, Object.keys(cmd)[0]!);
  const coll = ctx.server.engine.collection(ctx.db, name);
  if (!coll)
    throw new MongoCommandError(ErrorCodes.NamespaceNotFound, `ns not found ${ctx.db}.${name}`);
  const nIndexesWas = coll.indexes.size;
  const target = cmd.index;
  if (target === '*') {
    for (const n of [...coll.indexes.keys()]) if (n !== '_id_') coll.dropIndex(n);
  } else if (Array.isArray(target)) {
    for (const t of target)
      if (typeof t === 'string' && !coll.indexes.has(t))
        throw new MongoCommandError(ErrorCodes.IndexNotFound, `index not found with name [${t}]`);
    for (const t of target) dropOne(coll, t);
  } else dropOne(coll, target);
  return { nIndexesWas, ok: 1 };
};

export const indexCommands: Record<string, CommandHandler> = {
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
};
