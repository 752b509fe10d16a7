// insert / update / delete / findAndModify. Each statement is applied synchronously, so it is
// atomic per document and never interleaves with another command; write errors are reported
// per statement (ordered batches stop at the first one) exactly like mongod's replies.
import { calculateObjectSize } from 'bson';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError, toCommandError } from '../errors.js';
import { runQuery } from '../query/executor.js';
import { compileFilter, evalLet } from '../query/mingo.js';
import { parseSort } from '../query/sort.js';
import type { MingoEnv } from '../query/mingo.js';
import {
  applyUpdate,
  buildUpsert,
  isPipeline,
  isReplacement,
  validateUpdate,
} from '../query/update.js';
import { MAX_DOCUMENT_BYTES } from '../storage/collection.js';
import type { Collection } from '../storage/collection.js';
import type { Doc } from '../storage/values.js';
import { isPlainObject, withIdFirst } from '../storage/values.js';
import type { CommandContext, CommandHandler } from './context.js';
import { collName } from './context.js';
import { applyProjection, commandCollation } from './read.js';

function writeError(index: number, e: unknown): Document {
  // An interrupted command (maxTimeMS) fails as a whole on mongod, not statement by statement.
  if (e instanceof MongoCommandError && e.code === ErrorCodes.MaxTimeMSExpired) throw e;
  const err = toCommandError(e);
  return { index, code: err.code, errmsg: err.message, ...err.extra };
}

function statements(cmd: Document, field: string, command: string): Document[] {
  const list = cmd[field];
  if (!Array.isArray(list))
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      `BSON field '${command}.${field}' is missing but a required field`,
    );
  if (list.length > 100_000)
    throw new MongoCommandError(
      ErrorCodes.InvalidOptions,
      `Write batch sizes must be between 1 and 100000. Got ${list.length} operations.`,
    );
  return list as Document[];
}

function validateId(doc: Doc): void {
  const id = doc._id;
  if (isPlainObject(id)) {
    const bad = Object.keys(id).find((k) => k.startsWith('$'));
    if (bad)
      throw new MongoCommandError(
        ErrorCodes.DollarPrefixedFieldName,
        `_id fields may not contain '$'-prefixed fields: ${bad} is not valid for storage.`,
      );
  }
  if (Array.isArray(id))
    throw new MongoCommandError(
      ErrorCodes.InvalidIdField,
      "The '_id' value cannot be of type array",
    );
  if (id instanceof RegExp)
    throw new MongoCommandError(
      ErrorCodes.InvalidIdField,
      "The '_id' value cannot be of type regex",
    );
  if (id === undefined && '_id' in doc)
    throw new MongoCommandError(ErrorCodes.InvalidIdField, "The '_id' value cannot be undefined");
}

/**
 * Enforces the collection's `validator` (query-operator form) like mongod: validationLevel
 * "moderate" skips updates of documents that were already invalid; action "warn" never rejects.
 */
export function checkValidator(
  coll: Collection,
  doc: Doc,
  prev: Doc | undefined,
  bypass: boolean,
): void {
  if (bypass) return;
  const q = coll.validator();
  if (!q || coll.options.validationLevel === 'off' || coll.options.validationAction === 'warn')
    return;
  if (q.test(doc)) return;
  if (prev && coll.options.validationLevel === 'moderate' && !q.test(prev)) return;
  const clauses = Object.entries(coll.options.validator as Document)
    .filter(([k, v]) => !compileFilter({ [k]: v }).test(doc))
    .map(([k, v]) => ({ operatorName: k.startsWith('$') ? k : '$eq', specifiedAs: { [k]: v } }));
  throw new MongoCommandError(ErrorCodes.DocumentValidationFailure, 'Document failed validation', {
    errInfo: {
      failingDocumentId: doc._id,
      details: { operatorName: '$and', clausesNotSatisfied: clauses },
    },
  });
}

export function insertDoc(coll: Collection, raw: Doc, bypass = false): Doc {
  if (!isPlainObject(raw))
    throw new MongoCommandError(ErrorCodes.TypeMismatch, 'document to insert must be an object');
  const doc = withIdFirst(raw);
  validateId(doc);
  checkValidator(coll, doc, undefined, bypass);
  coll.insert(doc);
  return doc;
}

/** The document an upsert builds is inserted, or refused as mongod refuses it (17420, 121). */
function insertUpserted(coll: Collection, doc: Doc, bypass: boolean): void {
  if (calculateObjectSize(doc) > MAX_DOCUMENT_BYTES)
    throw new MongoCommandError(
      ErrorCodes.Location17420,
      `Document to upsert is larger than ${MAX_DOCUMENT_BYTES}`,
    );
  checkValidator(coll, doc, undefined, bypass);
  coll.insert(doc);
}

const insert: CommandHandler = (cmd, ctx) => {
  const name = collName(cmd, 'insert');
  const docs = statements(cmd, 'documents', 'insert');
  const ordered = cmd.ordered !== false;
  const coll = ctx.server.engine.ensureCollection(ctx.db, name);
  const writeErrors: Document[] = [];
  let n = 0;
  for (let i = 0; i < docs.length; i++) {
    try {
      insertDoc(coll, docs[i]!, !!cmd.bypassDocumentValidation);
      n++;
    } catch (e) {
      writeErrors.push(writeError(i, e));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
};

function envFor(
  cmd: Document,
  stmt: Document,
  coll: Collection | undefined,
  ctx: CommandContext,
): MingoEnv & { collation: ReturnType<typeof commandCollation> } {
  const variables = {
    ...(evalLet(cmd.let as Document | undefined) ?? {}),
    ...(evalLet(stmt.c as Document | undefined) ?? {}),
  };
  return {
    collation: commandCollation(stmt, coll),
    variables: Object.keys(variables).length ? variables : undefined,
    resolver: (n: string) => [...(ctx.server.engine.collection(ctx.db, n)?.readDocs() ?? [])],
  };
}

interface UpdateOutcome {
  n: number;
  nModified: number;
  upsertedId?: unknown;
}

const UPDATE_STATEMENT_FIELDS = new Set([
  'q',
  'u',
  'upsert',
  'multi',
  'arrayFilters',
  'collation',
  'hint',
  'c',
  'upsertSupplied',
]);

function updateOne(
  cmd: Document,
  stmt: Document,
  name: string,
  ctx: CommandContext,
): UpdateOutcome {
  // mongod 7.0 has no `sort` for updates (added in 8.0) and rejects unknown fields.
  for (const k of Object.keys(stmt)) {
    if (!UPDATE_STATEMENT_FIELDS.has(k))
      throw new MongoCommandError(40415, `BSON field 'update.updates.${k}' is an unknown field.`);
  }
  if (!isPlainObject(stmt.q))
    throw new MongoCommandError(
      ErrorCodes.TypeMismatch,
      "BSON field 'update.updates.q' is the wrong type, expected type 'object'",
    );
  const u = validateUpdate(stmt.u, stmt.arrayFilters);
  const multi = !!stmt.multi;
  if (multi && !isPipeline(u) && isReplacement(u) && Object.keys(u).length > 0)
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      'multi update is not supported for replacement-style update',
    );
  const { engine } = ctx.server;
  let coll = engine.collection(ctx.db, name);
  const env = envFor(cmd, stmt, coll, ctx);
  const arrayFilters = stmt.arrayFilters as Document[] | undefined;
  const { docs } = runQuery(coll, {
    filter: stmt.q,
    collation: env.collation,
    hint: stmt.hint,
    variables: env.variables,
    limit: multi ? 0 : 1,
  });
  let nModified = 0;
  for (const doc of docs) {
    const { doc: next, changed } = applyUpdate(doc, u, { arrayFilters, filter: stmt.q, env });
    if (changed) {
      checkValidator(coll!, next, doc, !!cmd.bypassDocumentValidation);
      coll!.replace(doc, next);
      nModified++;
    }
  }
  if (docs.length > 0 || !stmt.upsert) return { n: docs.length, nModified };
  const doc = buildUpsert(stmt.q, u, { arrayFilters, filter: stmt.q, env });
  validateId(doc);
  coll ??= engine.ensureCollection(ctx.db, name);
  insertUpserted(coll, doc, !!cmd.bypassDocumentValidation);
  return { n: 1, nModified: 0, upsertedId: doc._id };
}

const update: CommandHandler = (cmd, ctx) => {
  const name = collName(cmd, 'update');
  const stmts = statements(cmd, 'updates', 'update');
  const ordered = cmd.ordered !== false;
  const writeErrors: Document[] = [];
  const upserted: Document[] = [];
  let n = 0;
  let nModified = 0;
  for (let i = 0; i < stmts.length; i++) {
    try {
      const r = updateOne(cmd, stmts[i]!, name, ctx);
      n += r.n;
      nModified += r.nModified;
      if (r.upsertedId !== undefined) upserted.push({ index: i, _id: r.upsertedId });
    } catch (e) {
      writeErrors.push(writeError(i, e));
      if (ordered) break;
    }
  }
  const reply: Document = { n, nModified };
  if (upserted.length) reply.upserted = upserted;
  if (writeErrors.length) reply.writeErrors = writeErrors;
  reply.ok = 1;
  return reply;
};

const del: CommandHandler = (cmd, ctx) => {
  const name = collName(cmd, 'delete');
  const stmts = statements(cmd, 'deletes', 'delete');
  const ordered = cmd.ordered !== false;
  const writeErrors: Document[] = [];
  let n = 0;
  const coll = ctx.server.engine.collection(ctx.db, name);
  for (let i = 0; i < stmts.length; i++) {
    try {
      const stmt = stmts[i]!;
      if (!isPlainObject(stmt.q))
        throw new MongoCommandError(
          ErrorCodes.TypeMismatch,
          "BSON field 'delete.deletes.q' is the wrong type, expected type 'object'",
        );
      const limit = Number(stmt.limit ?? 0);
      if (limit !== 0 && limit !== 1)
        throw new MongoCommandError(
          ErrorCodes.FailedToParse,
          `The limit field in delete objects must be 0 or 1. Got ${limit}`,
        );
      const env = envFor(cmd, stmt, coll, ctx);
      const { docs } = runQuery(coll, {
        filter: stmt.q,
        collation: env.collation,
        hint: stmt.hint,
        variables: env.variables,
        limit,
      });
      for (const doc of docs) coll!.remove(doc);
      n += docs.length;
    } catch (e) {
      writeErrors.push(writeError(i, e));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
};

const findAndModify: CommandHandler = (cmd, ctx) => {
  const name = collName(cmd, Object.keys(cmd)[0]!);
  const remove = !!cmd.remove;
  const hasUpdate = cmd.update !== undefined && cmd.update !== null;
  if (remove && hasUpdate)
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      'Cannot specify both an update and remove=true',
    );
  if (!remove && !hasUpdate)
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      'Either an update or remove=true must be specified',
    );
  if (remove && cmd.upsert)
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      'Cannot specify both upsert=true and remove=true ',
    );
  if (remove && cmd.new)
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document",
    );
  if (cmd.query !== undefined && cmd.query !== null && !isPlainObject(cmd.query))
    throw new MongoCommandError(
      ErrorCodes.TypeMismatch,
      "BSON field 'findAndModify.query' is the wrong type, expected type 'object'",
    );
  const { engine } = ctx.server;
  let coll = engine.collection(ctx.db, name);
  const env = envFor(cmd, cmd, coll, ctx);
  const filter = (cmd.query as Document | undefined) ?? {};
  const fields = isPlainObject(cmd.fields) ? cmd.fields : undefined;
  const u = hasUpdate ? validateUpdate(cmd.update, cmd.arrayFilters) : undefined;
  const { docs } = runQuery(coll, {
    filter,
    sort: parseSort(cmd.sort),
    limit: 1,
    collation: env.collation,
    hint: cmd.hint,
    variables: env.variables,
  });
  const found = docs[0];
  const project = (d: Doc | null): Doc | null =>
    d && fields
      ? (applyProjection([d], fields, filter, {
          collation: env.collation,
          variables: env.variables,
        })[0] ?? null)
      : d;
  if (remove) {
    if (!found) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    coll!.remove(found);
    return { lastErrorObject: { n: 1 }, value: project(found), ok: 1 };
  }
  const arrayFilters = cmd.arrayFilters as Document[] | undefined;
  if (found) {
    const { doc: next, changed } = applyUpdate(found, u!, { arrayFilters, filter, env });
    if (changed) {
      checkValidator(coll!, next, found, !!cmd.bypassDocumentValidation);
      coll!.replace(found, next);
    }
    return {
      lastErrorObject: { n: 1, updatedExisting: true },
      value: project(cmd.new ? next : found),
      ok: 1,
    };
  }
  if (!cmd.upsert) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
  const doc = buildUpsert(filter, u!, { arrayFilters, filter, env });
  validateId(doc);
  coll ??= engine.ensureCollection(ctx.db, name);
  insertUpserted(coll, doc, !!cmd.bypassDocumentValidation);
  return {
    lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id },
    value: project(cmd.new ? doc : null),
    ok: 1,
  };
};

export const writeCommands: Record<string, CommandHandler> = {
  insert,
  update,
  delete: del,
  findAndModify,
  findandmodify: findAndModify,
};
