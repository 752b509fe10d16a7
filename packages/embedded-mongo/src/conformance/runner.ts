// Runs one file of MongoDB's unified test format (CRUD subset) against a server through the
// official driver. Judged by expectResult, expectError and outcome; expectEvents is not checked.
import {
  AbstractCursor,
  BSON,
  ClientSession,
  MongoBulkWriteError,
  MongoClient,
  MongoServerError,
  MongoWriteConcernError,
} from 'mongodb';
import type { Collection, Db, Document } from 'mongodb';
import type { Entities } from './match.js';
import { isPlain, match } from './match.js';

export const CLAIMED_VERSION = '7.0.0';
export const CLAIMED_TOPOLOGY = 'single';

/** Tests skipped for reasons outside the server (listed with counts in the package README). */
export const KNOWN_SKIPS: { file: string; description: RegExp; reason: string }[] = [
  {
    file: 'create-null-ids.json',
    description: /^inserting _id with type null via (insertOne|insertMany|bulkWrite)$/,
    reason: 'Node.js driver limitation: it replaces a null _id with a new ObjectId before sending',
  },
];

function knownSkip(file: string, description: string): string | undefined {
  return KNOWN_SKIPS.find((k) => k.file === file && k.description.test(description))?.reason;
}

export interface TestOutcome {
  file: string;
  description: string;
  status: 'passed' | 'failed' | 'skipped';
  reason?: string;
}

interface UnifiedFile {
  description: string;
  schemaVersion: string;
  runOnRequirements?: Document[];
  createEntities?: Document[];
  initialData?: {
    collectionName: string;
    databaseName: string;
    documents: Document[];
    createOptions?: Document;
  }[];
  tests: {
    description: string;
    runOnRequirements?: Document[];
    skipReason?: string;
    operations: Document[];
    outcome?: Document[];
  }[];
}

function versionParts(v: string): number[] {
  const p = v.split('.').map((x) => Number(x) || 0);
  while (p.length < 3) p.push(0);
  return p;
}

function compareVersions(a: string, b: string): number {
  const x = versionParts(a);
  const y = versionParts(b);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/** Why no requirement in the list is met (undefined when one is, or the list is absent). */
export function unmetRequirements(reqs: Document[] | undefined): string | undefined {
  if (!reqs || reqs.length === 0) return undefined;
  const reasons: string[] = [];
  for (const r of reqs) {
    const why: string[] = [];
    if (r.minServerVersion && compareVersions(CLAIMED_VERSION, String(r.minServerVersion)) < 0)
      why.push(`server version >= ${String(r.minServerVersion)}`);
    if (r.maxServerVersion && compareVersions(CLAIMED_VERSION, String(r.maxServerVersion)) > 0)
      why.push(`server version <= ${String(r.maxServerVersion)}`);
    if (Array.isArray(r.topologies) && !r.topologies.includes(CLAIMED_TOPOLOGY))
      why.push(`topology ${(r.topologies as string[]).join('/')}`);
    if (r.serverless === 'require') why.push('serverless');
    if (r.auth === true) why.push('authentication');
    if (r.csfle) why.push('client-side encryption');
    if (r.serverParameters) why.push('server parameters');
    if (why.length === 0) return undefined;
    reasons.push(why.join(', '));
  }
  return `requires ${[...new Set(reasons)].join(' or ')}`;
}

function parseFile(text: string): UnifiedFile {
  return BSON.EJSON.parse(text, { relaxed: true }) as UnifiedFile;
}

export class UnifiedRunner {
  private internal: MongoClient | undefined;

  constructor(private readonly uri: string) {}

  async open(): Promise<void> {
    this.internal = await MongoClient.connect(this.uri);
  }

  async close(): Promise<void> {
    await this.internal?.close();
  }

  async runFile(file: string, text: string): Promise<TestOutcome[]> {
    const spec = parseFile(text);
    const fileReason = unmetRequirements(spec.runOnRequirements);
    const out: TestOutcome[] = [];
    // Files don't share state: start each from empty databases (some have no initialData).
    if (!fileReason) {
      const dbs = new Set<string>([
        ...(spec.createEntities ?? []).flatMap((e) =>
          e.database ? [String((e.database as Document).databaseName)] : [],
        ),
        ...(spec.initialData ?? []).map((d) => d.databaseName),
      ]);
      for (const db of dbs) await this.internal!.db(db).dropDatabase();
    }
    for (const test of spec.tests) {
      const reason =
        fileReason ??
        test.skipReason ??
        unmetRequirements(test.runOnRequirements) ??
        knownSkip(file, test.description);
      if (reason) {
        out.push({ file, description: test.description, status: 'skipped', reason });
        continue;
      }
      try {
        await this.runTest(spec, test);
        out.push({ file, description: test.description, status: 'passed' });
      } catch (e) {
        out.push({
          file,
          description: test.description,
          status: 'failed',
          reason: e instanceof Error ? e.message : String(e),
        });
      }
    }
    return out;
  }

  private async loadInitialData(spec: UnifiedFile): Promise<void> {
    const client = this.internal!;
    for (const data of spec.initialData ?? []) {
      const db = client.db(data.databaseName);
      await db.dropCollection(data.collectionName).catch(() => undefined);
      if (data.createOptions || data.documents.length === 0)
        await db.createCollection(data.collectionName, data.createOptions ?? {});
      if (data.documents.length)
        await db.collection(data.collectionName).insertMany(data.documents);
    }
  }

  private async runTest(spec: UnifiedFile, test: UnifiedFile['tests'][number]): Promise<void> {
    await this.loadInitialData(spec);
    const entities: Entities = new Map();
    const clients: MongoClient[] = [];
    let failPointSet = false;
    // w:0 writes are not answered. Each client then keeps one connection, which the server
    // serves in order, so a ping answered on it comes after every write sent before it.
    const unacknowledged = (spec.createEntities ?? []).some(writesUnacknowledged);
    try {
      for (const e of spec.createEntities ?? []) {
        if (e.client) {
          const c = e.client as Document;
          const params = new URLSearchParams();
          for (const [k, v] of Object.entries((c.uriOptions as Document | undefined) ?? {})) {
            params.set(k, String(v));
          }
          if (unacknowledged) params.set('maxPoolSize', '1');
          const query = params.toString();
          const client = new MongoClient(this.uri + (query ? `?${query}` : ''));
          await client.connect();
          clients.push(client);
          entities.set(c.id as string, client);
        } else if (e.database) {
          const d = e.database as Document;
          const client = entities.get(d.client as string) as MongoClient;
          entities.set(
            d.id as string,
            client.db(d.databaseName as string, (d.databaseOptions as Document | undefined) ?? {}),
          );
        } else if (e.collection) {
          const c = e.collection as Document;
          const db = entities.get(c.database as string) as Db;
          const opts = (c.collectionOptions as Document | undefined) ?? {};
          entities.set(c.id as string, db.collection(c.collectionName as string, opts));
        } else if (e.session) {
          const s = e.session as Document;
          const client = entities.get(s.client as string) as MongoClient;
          const options = (s.sessionOptions as Document | undefined) ?? {};
          entities.set(s.id as string, client.startSession(options));
        } else {
          throw new Error(`unsupported entity ${Object.keys(e)[0]}`);
        }
      }
      for (const [i, op] of test.operations.entries()) {
        if (op.name === 'failPoint') failPointSet = true;
        await this.runOperation(op, entities, `operation ${i} (${op.name as string})`);
      }
      if (test.outcome) {
        if (unacknowledged)
          await Promise.all(clients.map((c) => c.db('admin').command({ ping: 1 })));
        for (const o of test.outcome) {
          const docs = await this.internal!.db(o.databaseName as string)
            .collection(o.collectionName as string)
            .find({})
            .sort({ _id: 1 })
            .toArray();
          const errs = match(
            o.documents,
            docs,
            entities,
            true,
            `outcome ${o.collectionName as string}`,
          );
          if (errs.length) throw new Error(errs.slice(0, 3).join('; '));
        }
      }
    } finally {
      if (failPointSet)
        await this.internal!.db('admin')
          .command({ configureFailPoint: 'failCommand', mode: 'off' })
          .catch(() => undefined);
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    }
  }

  private async runOperation(op: Document, entities: Entities, label: string): Promise<void> {
    let result: unknown;
    let error: unknown;
    try {
      result = await execute(op, entities, this.internal!);
    } catch (e) {
      error = e;
    }
    if (op.ignoreResultAndError) return;
    if (op.expectError) {
      if (error === undefined)
        throw new Error(`${label}: expected an error, got ${JSON.stringify(result)}`);
      const problems = checkError(op.expectError as Document, error, entities);
      if (problems.length) throw new Error(`${label}: ${problems.join('; ')}`);
      return;
    }
    if (error !== undefined)
      throw new Error(`${label}: unexpected error: ${(error as Error).message ?? String(error)}`);
    if (op.expectResult !== undefined) {
      const errs = match(op.expectResult, plainResult(result), entities, false, 'result');
      if (errs.length) throw new Error(`${label}: ${errs.slice(0, 3).join('; ')}`);
    }
    if (typeof op.saveResultAsEntity === 'string') entities.set(op.saveResultAsEntity, result);
  }
}

/** Turns driver result classes into plain objects for matching. */
function plainResult(r: unknown): unknown {
  if (r && typeof r === 'object' && !Array.isArray(r) && !isPlain(r) && 'insertedCount' in r) {
    const b = r as Document;
    return {
      insertedCount: b.insertedCount,
      matchedCount: b.matchedCount,
      modifiedCount: b.modifiedCount,
      deletedCount: b.deletedCount,
      upsertedCount: b.upsertedCount,
      upsertedIds: b.upsertedIds,
      insertedIds: b.insertedIds,
    };
  }
  return r;
}

function isServerError(e: unknown): boolean {
  return (
    e instanceof MongoServerError ||
    e instanceof MongoBulkWriteError ||
    e instanceof MongoWriteConcernError
  );
}

function checkError(exp: Document, e: unknown, entities: Entities): string[] {
  const err = e as MongoServerError & { result?: unknown; errorResponse?: Document };
  const problems: string[] = [];
  const msg = err?.message ?? String(e);
  if (exp.isClientError === true && isServerError(e))
    problems.push(`expected a client error, got server error: ${msg}`);
  if (exp.isClientError === false && !isServerError(e))
    problems.push(`expected a server error, got: ${msg}`);
  if (
    exp.errorContains !== undefined &&
    !msg.toLowerCase().includes(String(exp.errorContains).toLowerCase())
  )
    problems.push(`error "${msg}" does not contain "${String(exp.errorContains)}"`);
  if (exp.errorCode !== undefined && err.code !== exp.errorCode)
    problems.push(`expected code ${String(exp.errorCode)}, got ${String(err.code)} (${msg})`);
  if (exp.errorCodeName !== undefined && err.codeName !== exp.errorCodeName)
    problems.push(`expected codeName ${String(exp.errorCodeName)}, got ${String(err.codeName)}`);
  for (const l of (exp.errorLabelsContain as string[] | undefined) ?? [])
    if (!err.hasErrorLabel?.(l)) problems.push(`missing label ${l}`);
  for (const l of (exp.errorLabelsOmit as string[] | undefined) ?? [])
    if (err.hasErrorLabel?.(l)) problems.push(`unexpected label ${l}`);
  if (exp.errorResponse !== undefined)
    problems.push(
      ...match(exp.errorResponse, err.errorResponse ?? {}, entities, false, 'errorResponse'),
    );
  if (exp.expectResult !== undefined)
    problems.push(
      ...match(exp.expectResult, plainResult(err.result), entities, false, 'error.result'),
    );
  return problems;
}

function returnDocument(args: Document): Document {
  const out = { ...args };
  if (typeof out.returnDocument === 'string') out.returnDocument = out.returnDocument.toLowerCase();
  return out;
}

/** A client or collection entity that writes with w:0. */
function writesUnacknowledged(entity: Document): boolean {
  const client = entity.client as Document | undefined;
  const collection = entity.collection as Document | undefined;
  const uriOptions = client?.uriOptions as Document | undefined;
  const collectionOptions = collection?.collectionOptions as Document | undefined;
  return (
    (uriOptions?.w !== undefined && Number(uriOptions.w) === 0) ||
    (collectionOptions?.writeConcern as Document | undefined)?.w === 0
  );
}

async function execute(op: Document, entities: Entities, internal: MongoClient): Promise<unknown> {
  const args: Document = { ...((op.arguments as Document | undefined) ?? {}) };
  // a session argument names a session entity (the server takes lsid as a standalone does)
  if (typeof args.session === 'string') args.session = entities.get(args.session);
  const target = entities.get(op.object as string);
  const name = op.name as string;
  if (target instanceof ClientSession) {
    if (name === 'endSession') return target.endSession();
    throw new Error(`unsupported session operation ${name}`);
  }
  if (op.object === 'testRunner') {
    if (name === 'failPoint') {
      const client = entities.get(args.client as string) as MongoClient;
      return client.db('admin').command(args.failPoint as Document);
    }
    if (name === 'assertCollectionExists' || name === 'assertCollectionNotExists') {
      const names = await internal
        .db(args.databaseName as string)
        .listCollections({ name: args.collectionName as string }, { nameOnly: true })
        .toArray();
      if (names.length > 0 !== (name === 'assertCollectionExists'))
        throw new Error(`${name} failed for ${String(args.collectionName)}`);
      return undefined;
    }
    if (name === 'assertIndexExists' || name === 'assertIndexNotExists') {
      const indexes = await internal
        .db(args.databaseName as string)
        .collection(args.collectionName as string)
        .listIndexes()
        .toArray()
        .catch(() => [] as Document[]);
      const found = indexes.some((i) => i.name === args.indexName);
      if (found !== (name === 'assertIndexExists'))
        throw new Error(`${name} failed for ${String(args.indexName)}`);
      return undefined;
    }
    throw new Error(`unsupported testRunner operation ${name}`);
  }
  if (target instanceof AbstractCursor) {
    switch (name) {
      case 'iterateUntilDocumentOrError':
        return target.next();
      case 'iterateOnce':
        return target.tryNext();
      case 'close':
        return target.close();
      default:
        throw new Error(`unsupported cursor operation ${name}`);
    }
  }
  if (target instanceof MongoClient) {
    if (name === 'clientBulkWrite') {
      const { models, ...rest } = args;
      const converted = (models as Document[]).map((m) => {
        const [k, v] = Object.entries(m)[0]!;
        return { name: k, ...(v as Document) };
      });
      return target.bulkWrite(converted as never, rest);
    }
    if (name === 'listDatabases') return target.db('admin').admin().listDatabases(args);
    if (name === 'listDatabaseNames')
      return (await target.db('admin').admin().listDatabases(args)).databases.map((d) => d.name);
    throw new Error(`unsupported client operation ${name}`);
  }
  if (isDb(target)) {
    const db = target;
    switch (name) {
      case 'aggregate': {
        const { pipeline, ...rest } = args;
        return db.aggregate(pipeline as Document[], rest).toArray();
      }
      case 'runCommand':
        return db.command(args.command as Document);
      case 'createCommandCursor': {
        // The command runs now, as the format requires, so its error belongs to this operation.
        const cursor = db.runCursorCommand(args.command as Document);
        await cursor.hasNext();
        return cursor;
      }
      case 'dropCollection':
        return db.dropCollection(args.collection as string);
      case 'createCollection': {
        const { collection, ...rest } = args;
        return db.createCollection(collection as string, rest);
      }
      case 'listCollections': {
        const { filter, ...rest } = args;
        return db.listCollections(filter as Document | undefined, rest).toArray();
      }
      case 'listCollectionNames': {
        const { filter, ...rest } = args;
        return (
          await db
            .listCollections(filter as Document | undefined, { ...rest, nameOnly: true })
            .toArray()
        ).map((c) => c.name);
      }
      case 'modifyCollection': {
        const { collection, ...rest } = args;
        return db.command({ collMod: collection, ...rest });
      }
      default:
        throw new Error(`unsupported database operation ${name}`);
    }
  }
  const coll = target as Collection;
  if (!coll || typeof coll.insertOne !== 'function')
    throw new Error(`unknown entity ${String(op.object)}`);
  const {
    filter,
    update,
    replacement,
    document,
    documents,
    pipeline,
    requests,
    fieldName,
    keys,
    ...rest
  } = args;
  const f = (filter as Document | undefined) ?? {};
  switch (name) {
    case 'insertOne':
      return coll.insertOne(document as Document, rest);
    case 'insertMany':
      return coll.insertMany(documents as Document[], rest);
    case 'deleteOne':
      return coll.deleteOne(f, rest);
    case 'deleteMany':
      return coll.deleteMany(f, rest);
    case 'updateOne':
      return coll.updateOne(f, update as Document, rest);
    case 'updateMany':
      return coll.updateMany(f, update as Document, rest);
    case 'replaceOne':
      return coll.replaceOne(f, replacement as Document, rest);
    case 'findOneAndUpdate':
      return coll.findOneAndUpdate(f, update as Document, returnDocument(rest));
    case 'findOneAndReplace':
      return coll.findOneAndReplace(f, replacement as Document, returnDocument(rest));
    case 'findOneAndDelete':
      return coll.findOneAndDelete(f, rest);
    case 'find':
      return coll.find(f, rest).toArray();
    case 'findOne':
      return coll.findOne(f, rest);
    case 'createFindCursor': {
      // The find runs now, as the format requires; hasNext() buffers without consuming.
      const cursor = coll.find(f, rest);
      await cursor.hasNext();
      return cursor;
    }
    case 'countDocuments':
      return coll.countDocuments(f, rest);
    case 'estimatedDocumentCount':
      return coll.estimatedDocumentCount(rest);
    case 'count':
      return coll.count(f, rest);
    case 'distinct':
      return coll.distinct(fieldName as string, f, rest);
    case 'aggregate':
      return coll.aggregate(pipeline as Document[], rest).toArray();
    case 'bulkWrite':
      return coll.bulkWrite(requests as never, rest);
    case 'createIndex':
      return coll.createIndex(keys as Document, rest);
    case 'drop':
      return coll.drop(rest);
    case 'dropIndex': {
      const { name: indexName, ...options } = rest;
      return coll.dropIndex(indexName as string, options);
    }
    case 'dropIndexes':
      return coll.dropIndexes(rest);
    case 'listIndexes':
      return coll.listIndexes(rest).toArray();
    case 'listIndexNames':
      return (await coll.listIndexes(rest).toArray()).map((i) => i.name as string);
    case 'rename': {
      const { to, ...options } = rest;
      return coll.rename(to as string, options);
    }
    default:
      throw new Error(`unsupported collection operation ${name}`);
  }
}

function isDb(v: unknown): v is Db {
  return (
    !!v &&
    typeof (v as Db).createCollection === 'function' &&
    typeof (v as Db).collection === 'function'
  );
}
