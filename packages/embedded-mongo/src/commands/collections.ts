// Catalog commands: create/drop/list/rename collections and databases, collMod, stats.
import { calculateObjectSize, UUID } from 'bson';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { parseCollation } from '../query/collation.js';
import { compileFilter } from '../query/mingo.js';
import { idIndexSpec, type Collection } from '../storage/collection.js';
import type { IndexSpec } from '../storage/indexes.js';
import { bigintsAsLongs, numberValue } from '../storage/numbers.js';
import { isPlainObject, keyString, withIdFirst } from '../storage/values.js';
import type { CommandContext, CommandHandler } from './context.js';
import { collName } from './context.js';

const UNSUPPORTED_CREATE = [
  'timeseries',
  'clusteredIndex',
  'encryptedFields',
  'changeStreamPreAndPostImages',
  'expireAfterSeconds',
];
/** Fields every command may carry (the driver's envelope), never collection options. */
const ENVELOPE = new Set([
  'writeConcern',
  'lsid',
  'comment',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  'maxTimeMS',
  'txnNumber',
  'autocommit',
  'startTransaction',
]);
const CREATE_OPTIONS = new Set([
  'capped',
  'size',
  'max',
  'autoIndexId',
  'idIndex',
  'validator',
  'validationLevel',
  'validationAction',
  'viewOn',
  'pipeline',
  'collation',
  // WiredTiger tuning that has no meaning here; kept so listCollections shows it back.
  'storageEngine',
  'indexOptionDefaults',
]);

function checkEnum(field: string, v: unknown, allowed: string[]): void {
  if (v !== undefined && !allowed.includes(v as string))
    throw new MongoCommandError(
      ErrorCodes.BadValue,
      `Enumeration value '${String(v)}' for field '${field}' is not a valid value.`,
    );
}

/**
 * Checks a validator and its level/action as mongod does when they are set. Query-operator
 * validators are enforced (write.ts); `$jsonSchema` is refused, as it is not implemented.
 */
function checkValidatorOptions(cmd: Document, command: string): void {
  checkEnum('validationLevel', cmd.validationLevel, ['off', 'strict', 'moderate']);
  checkEnum('validationAction', cmd.validationAction, ['error', 'warn']);
  const v = cmd.validator as unknown;
  if (v === undefined) return;
  if (!isPlainObject(v))
    throw new MongoCommandError(
      ErrorCodes.TypeMismatch,
      `BSON field '${command}.validator' is the wrong type, expected type 'object'`,
    );
  if (JSON.stringify(bigintsAsLongs(v)).includes('"$jsonSchema"'))
    throw new MongoCommandError(
      ErrorCodes.NotImplemented,
      '$jsonSchema validators are not supported by embedded-mongo (use query operators)',
    );
  for (const op of ['$near', '$nearSphere', '$text', '$where', '$geoNear'])
    if (JSON.stringify(bigintsAsLongs(v)).includes(`"${op}"`))
      throw new MongoCommandError(
        ErrorCodes.BadValue,
        `${op} is not allowed inside of a collection validator`,
      );
  compileFilter(v);
}

function checkCapped(cmd: Document): void {
  if (cmd.capped !== true) return;
  if (cmd.size === undefined)
    throw new MongoCommandError(
      ErrorCodes.InvalidOptions,
      "the 'size' field is required when 'capped' is true",
    );
  const size = numberValue(cmd.size);
  if (!Number.isFinite(size) || size <= 0 || size > 2 ** 50)
    throw new MongoCommandError(
      ErrorCodes.BadValue,
      `BSON field 'size' value must be in the range (0, 1125899906842624], actual value '${String(cmd.size)}'`,
    );
  if (cmd.max !== undefined && !Number.isFinite(numberValue(cmd.max)))
    throw new MongoCommandError(
      ErrorCodes.TypeMismatch,
      "BSON field 'max' is the wrong type, expected a number",
    );
}

const create: CommandHandler = (cmd, ctx) => createFromCommand(cmd, ctx);

/** `create`, also used by applyOps, which may give the collection's UUID. */
export function createFromCommand(cmd: Document, ctx: CommandContext, uuid?: UUID): Document {
  const name = collName(cmd, 'create');
  for (const opt of UNSUPPORTED_CREATE) {
    if (cmd[opt] !== undefined)
      throw new MongoCommandError(
        ErrorCodes.NotImplemented,
        `create option '${opt}' is not supported by embedded-mongo`,
      );
  }
  for (const k of Object.keys(cmd)) {
    if (k === 'create' || k.startsWith('$') || ENVELOPE.has(k) || CREATE_OPTIONS.has(k)) continue;
    throw new MongoCommandError(40415, `BSON field 'create.${k}' is an unknown field.`);
  }
  if (cmd.autoIndexId === false)
    throw new MongoCommandError(
      ErrorCodes.NotImplemented,
      'autoIndexId: false is not supported by embedded-mongo (every collection has an _id index)',
    );
  if (cmd.idIndex !== undefined) {
    const key = (cmd.idIndex as Document | undefined)?.key;
    if (!isPlainObject(key) || keyString(key) !== keyString({ _id: 1 }))
      throw new MongoCommandError(
        ErrorCodes.BadValue,
        "The field 'key' for an _id index must be {_id: 1}",
      );
  }
  checkCapped(cmd);
  checkValidatorOptions(cmd, 'create');
  parseCollation(cmd.collation); // refused now, not at the first query
  const { engine } = ctx.server;
  if (engine.collection(ctx.db, name))
    throw new MongoCommandError(
      ErrorCodes.NamespaceExists,
      `Collection ${ctx.db}.${name} already exists.`,
    );
  const options: Document = {};
  for (const [k, v] of Object.entries(cmd)) {
    // mongod does not keep idIndex among the options listCollections shows.
    if (CREATE_OPTIONS.has(k) && k !== 'idIndex' && k !== 'autoIndexId') options[k] = v;
  }
  if (options.viewOn !== undefined) {
    if (typeof options.viewOn !== 'string')
      throw new MongoCommandError(ErrorCodes.TypeMismatch, "'viewOn' option must be a string");
    if (options.pipeline !== undefined && !Array.isArray(options.pipeline))
      throw new MongoCommandError(ErrorCodes.TypeMismatch, "'pipeline' option must be an array");
    options.pipeline ??= [];
  }
  engine.createCollection(ctx.db, name, options, true, uuid);
  return { ok: 1 };
}

const drop: CommandHandler = (cmd, ctx) => {
  const name = collName(cmd, 'drop');
  const coll = ctx.server.engine.collection(ctx.db, name);
  // mongod 7.0 no longer reports NamespaceNotFound for dropping a missing collection.
  if (!coll) return { ok: 1 };
  const nIndexesWas = coll.indexes.size;
  ctx.server.engine.dropCollection(ctx.db, name);
  return { nIndexesWas, ns: coll.ns, ok: 1 };
};

const dropDatabase: CommandHandler = (_cmd, ctx) => {
  ctx.server.engine.dropDatabase(ctx.db);
  return { dropped: ctx.db, ok: 1 };
};

function collectionInfo(coll: Collection): Document {
  if (coll.isView)
    return { name: coll.name, type: 'view', options: coll.options, info: { readOnly: true } };
  return {
    name: coll.name,
    type: 'collection',
    options: coll.options,
    info: { readOnly: false, uuid: coll.uuid },
    idIndex: idIndexSpec(coll.options),
  };
}

const listCollections: CommandHandler = (cmd, ctx) => {
  const colls = ctx.server.engine.dbs.get(ctx.db);
  let infos = colls ? [...colls.values()].map(collectionInfo) : [];
  if (cmd.filter && Object.keys(cmd.filter as Document).length) {
    const q = compileFilter(cmd.filter as Document);
    infos = infos.filter((i) => q.test(i));
  }
  if (cmd.nameOnly) infos = infos.map((i) => ({ name: i.name, type: i.type }));
  const batchSize = (cmd.cursor as Document | undefined)?.batchSize as number | undefined;
  return ctx.server.cursors.open(`${ctx.db}.$cmd.listCollections`, infos, batchSize);
};

function collectionBytes(coll: Collection): number {
  let n = 0;
  for (const d of coll.docs.values()) n += calculateObjectSize(d);
  return n;
}

const listDatabases: CommandHandler = (cmd, ctx) => {
  let dbs = [...ctx.server.engine.dbs.entries()].map(([name, colls]) => {
    let size = 0;
    for (const c of colls.values()) size += collectionBytes(c);
    return { name, sizeOnDisk: size, empty: size === 0 };
  });
  if (cmd.filter && Object.keys(cmd.filter as Document).length) {
    const q = compileFilter(cmd.filter as Document);
    dbs = dbs.filter((d) => q.test(d));
  }
  const totalSize = dbs.reduce((n, d) => n + d.sizeOnDisk, 0);
  if (cmd.nameOnly) return { databases: dbs.map((d) => ({ name: d.name })), ok: 1 };
  return { databases: dbs, totalSize, totalSizeMb: Math.floor(totalSize / 1048576), ok: 1 };
};

const renameCollection: CommandHandler = (cmd, ctx) => {
  const from = String(cmd.renameCollection ?? '');
  const to = String(cmd.to ?? '');
  const split = (ns: string): [string, string] => {
    const i = ns.indexOf('.');
    if (i <= 0 || i === ns.length - 1)
      throw new MongoCommandError(
        ErrorCodes.InvalidNamespace,
        `Invalid namespace specified '${ns}'`,
      );
    return [ns.slice(0, i), ns.slice(i + 1)];
  };
  const [fdb, fname] = split(from);
  const [tdb, tname] = split(to);
  const { engine } = ctx.server;
  if (!engine.collection(fdb, fname))
    throw new MongoCommandError(
      ErrorCodes.NamespaceNotFound,
      `Source collection ${from} does not exist`,
    );
  if (from === to)
    throw new MongoCommandError(ErrorCodes.IllegalOperation, "Can't rename a collection to itself");
  if (engine.collection(tdb, tname) && !cmd.dropTarget)
    throw new MongoCommandError(ErrorCodes.NamespaceExists, 'target namespace exists');
  engine.rename(fdb, fname, tdb, tname);
  return { ok: 1 };
};

const collMod: CommandHandler = (cmd, ctx) => {
  const coll = ctx.server.engine.requireCollection(ctx.db, collName(cmd, 'collMod'));
  const reply: Document = { ok: 1 };
  const idx = cmd.index as Document | undefined;
  if (idx) {
    const index =
      typeof idx.name === 'string'
        ? coll.indexes.get(idx.name)
        : [...coll.indexes.values()].find(
            (i) => keyString(i.spec.key) === keyString(idx.keyPattern),
          );
    if (!index)
      throw new MongoCommandError(
        ErrorCodes.IndexNotFound,
        `cannot find index ${JSON.stringify(idx.name ?? idx.keyPattern)} for ns ${coll.ns}`,
      );
    const spec: IndexSpec = { ...index.spec };
    if (idx.expireAfterSeconds !== undefined) {
      reply.expireAfterSeconds_old = spec.expireAfterSeconds;
      spec.expireAfterSeconds = Number(idx.expireAfterSeconds);
      reply.expireAfterSeconds_new = spec.expireAfterSeconds;
    }
    if (idx.hidden !== undefined) {
      reply.hidden_old = !!spec.hidden;
      spec.hidden = !!idx.hidden;
      reply.hidden_new = spec.hidden;
    }
    coll.modifyIndex(spec);
  }
  checkValidatorOptions(cmd, 'collMod');
  const options = { ...coll.options };
  let changed = false;
  for (const k of ['validator', 'validationLevel', 'validationAction']) {
    if (cmd[k] !== undefined) {
      options[k] = cmd[k];
      changed = true;
    }
  }
  for (const [k, opt] of [
    ['cappedSize', 'size'],
    ['cappedMax', 'max'],
  ] as const) {
    if (cmd[k] === undefined) continue;
    if (!coll.capped)
      throw new MongoCommandError(
        ErrorCodes.InvalidOptions,
        `Unable to set ${k} on a uncapped collection`,
      );
    const n = numberValue(cmd[k]);
    if (!Number.isFinite(n) || n < 0 || (k === 'cappedSize' && n === 0))
      throw new MongoCommandError(ErrorCodes.BadValue, `${k} must be a positive number`);
    options[opt] = cmd[k];
    changed = true;
  }
  if (cmd.viewOn !== undefined || cmd.pipeline !== undefined) {
    if (!coll.isView)
      throw new MongoCommandError(
        ErrorCodes.InvalidOptions,
        `collmod not supported for a collection that is not a view: ${coll.ns}`,
      );
    if (typeof cmd.viewOn === 'string') options.viewOn = cmd.viewOn;
    if (Array.isArray(cmd.pipeline)) options.pipeline = cmd.pipeline;
    changed = true;
  }
  for (const k of Object.keys(cmd)) {
    if (k === 'collMod' || k.startsWith('$') || ENVELOPE.has(k) || COLLMOD_FIELDS.has(k)) continue;
    if (COLLMOD_UNSUPPORTED.has(k))
      throw new MongoCommandError(
        ErrorCodes.NotImplemented,
        `collMod option '${k}' is not supported by embedded-mongo`,
      );
    throw new MongoCommandError(40415, `BSON field 'collMod.${k}' is an unknown field.`);
  }
  if (changed) {
    coll.setOptions(options);
    coll.evictOldest();
  }
  return reply;
};

const COLLMOD_FIELDS = new Set([
  'index',
  'validator',
  'validationLevel',
  'validationAction',
  'cappedSize',
  'cappedMax',
  'viewOn',
  'pipeline',
]);
const COLLMOD_UNSUPPORTED = new Set([
  'expireAfterSeconds',
  'changeStreamPreAndPostImages',
  'timeseries',
  'timeseriesBucketsMayHaveMixedSchemaData',
  'recordPreImages',
  'clusteredIndex',
]);

const dbStats: CommandHandler = (_cmd, ctx) => {
  const colls = ctx.server.engine.dbs.get(ctx.db);
  let objects = 0;
  let dataSize = 0;
  let indexes = 0;
  for (const c of colls?.values() ?? []) {
    objects += c.docs.size;
    dataSize += collectionBytes(c);
    indexes += c.indexes.size;
  }
  return {
    db: ctx.db,
    collections: colls?.size ?? 0,
    views: 0,
    objects,
    avgObjSize: objects ? dataSize / objects : 0,
    dataSize,
    storageSize: dataSize,
    indexes,
    indexSize: 0,
    totalSize: dataSize,
    scaleFactor: 1,
    ok: 1,
  };
};

/** Storage figures of a collection, as `collStats` and `$collStats.storageStats` report them. */
export function storageStats(coll: Collection): Document {
  const size = collectionBytes(coll);
  const indexSizes: Document = {};
  for (const name of coll.indexes.keys()) indexSizes[name] = 0;
  return {
    size,
    count: coll.docs.size,
    avgObjSize: coll.docs.size ? size / coll.docs.size : 0,
    storageSize: size,
    freeStorageSize: 0,
    capped: coll.capped,
    ...(coll.capped ? { max: coll.options.max ?? 0, maxSize: coll.options.size } : {}),
    nindexes: coll.indexes.size,
    totalIndexSize: 0,
    totalSize: size,
    indexSizes,
    scaleFactor: 1,
  };
}

const collStats: CommandHandler = (cmd, ctx) => {
  const coll = ctx.server.engine.requireCollection(ctx.db, collName(cmd, 'collStats'));
  return { ns: coll.ns, ...storageStats(coll), ok: 1 };
};

const validate: CommandHandler = (cmd, ctx) => {
  const coll = ctx.server.engine.requireCollection(ctx.db, collName(cmd, 'validate'));
  return {
    ns: coll.ns,
    nrecords: coll.docs.size,
    nIndexes: coll.indexes.size,
    valid: true,
    warnings: [],
    errors: [],
    ok: 1,
  };
};

/**
 * applyOps with the entries mongorestore sends: `create` commands ('c', with the collection's
 * UUID as `ui` under --preserveUUID) and inserts ('i'). Anything else is refused, unapplied.
 */
const applyOps: CommandHandler = (cmd, ctx) => {
  if (ctx.db !== 'admin')
    throw new MongoCommandError(
      ErrorCodes.IllegalOperation,
      'applyOps may only be run against the admin database.',
    );
  const ops = cmd.applyOps;
  if (!Array.isArray(ops))
    throw new MongoCommandError(ErrorCodes.FailedToParse, 'ops has to be an array');
  for (const op of ops as Document[]) {
    const o = op?.o as Document | undefined;
    const ok =
      isPlainObject(o) &&
      typeof op.ns === 'string' &&
      ((op.op === 'c' && typeof o.create === 'string' && op.ns.endsWith('.$cmd')) || op.op === 'i');
    if (!ok)
      throw new MongoCommandError(
        ErrorCodes.NotImplemented,
        `applyOps entry ${JSON.stringify(bigintsAsLongs({ op: op?.op, ns: op?.ns }))} is not supported by embedded-mongo (only 'c' create and 'i' insert)`,
      );
  }
  const results: boolean[] = [];
  for (const op of ops as Document[]) {
    const ns = op.ns as string;
    const dot = ns.indexOf('.');
    const db = ns.slice(0, dot);
    const o = op.o as Document;
    if (op.op === 'c') {
      const ui = op.ui as unknown;
      createFromCommand(o, { ...ctx, db }, ui instanceof UUID ? ui : undefined);
    } else {
      ctx.server.engine.ensureCollection(db, ns.slice(dot + 1)).insert(withIdFirst(o));
    }
    results.push(true);
  }
  return { applied: results.length, results, ok: 1 };
};

export const collectionCommands: Record<string, CommandHandler> = {
  applyOps,
  create,
  drop,
  dropDatabase,
  listCollections,
  listDatabases,
  renameCollection,
  collMod,
  dbStats,
  collStats,
  validate,
};
