// aggregate: the leading $match/$sort/$skip/$limit run through the index-aware executor, the
// rest through mingo (with $lookup/$unionWith reading sibling collections); a final $out or
// $merge is performed by the server so it obeys unique indexes and is journaled.
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import type { QuerySpec } from '../query/executor.js';
import { runQuery } from '../query/executor.js';
import { evalLet, MINGO_STAGES, runPipeline } from '../query/mingo.js';
import { parseSort } from '../query/sort.js';
import type { Collection } from '../storage/collection.js';
import type { Doc } from '../storage/values.js';
import { cloneValue, isPlainObject, withIdFirst } from '../storage/values.js';
import type { CommandContext, CommandHandler } from './context.js';
import { storageStats } from './collections.js';
import { commandCollation, explainReply } from './read.js';
import { insertDoc } from './write.js';

/** Stages that never modify their input documents in mingo, so no defensive copy is needed. */
const NON_MUTATING = new Set([
  '$match',
  '$sort',
  '$skip',
  '$limit',
  '$count',
  '$group',
  '$sortByCount',
  '$sample',
]);
const SERVER_ONLY: Record<string, [number, string]> = {
  $changeStream: [40573, 'The $changeStream stage is only supported on replica sets'],
  $indexStats: [ErrorCodes.NotImplemented, '$indexStats is not supported by embedded-mongo'],
  $listSessions: [ErrorCodes.NotImplemented, '$listSessions is not supported by embedded-mongo'],
  $listLocalSessions: [
    ErrorCodes.NotImplemented,
    '$listLocalSessions must be the first stage of a database aggregation',
  ],
  $planCacheStats: [
    ErrorCodes.NotImplemented,
    '$planCacheStats is not supported by embedded-mongo',
  ],
  $geoNear: [ErrorCodes.NotImplemented, '$geoNear is not supported by embedded-mongo'],
  $search: [ErrorCodes.NotImplemented, '$search is not supported by embedded-mongo'],
};

/** Stages the server runs itself (first-stage sources and the final write stages). */
const OWN_STAGES = new Set(['$collStats', '$currentOp', '$listLocalSessions', '$out', '$merge']);

/** `$collStats` (what mongosh's `db.coll.stats()` sends): one document about the collection. */
function collStatsDoc(
  spec: unknown,
  coll: Collection | undefined,
  ns: string,
  ctx: CommandContext,
): Doc {
  if (!isPlainObject(spec))
    throw new MongoCommandError(
      ErrorCodes.TypeMismatch,
      "BSON field '$collStats' is the wrong type, expected type 'object'",
    );
  const out: Doc = { ns, host: `${ctx.server.host}:${ctx.server.port}`, localTime: new Date() };
  for (const k of Object.keys(spec)) {
    if (!['latencyStats', 'storageStats', 'count', 'queryExecStats'].includes(k))
      throw new MongoCommandError(40415, `BSON field '$collStats.${k}' is an unknown field.`);
  }
  if (spec.storageStats !== undefined || spec.count !== undefined) {
    if (!coll)
      throw new MongoCommandError(
        ErrorCodes.NamespaceNotFound,
        `Unable to retrieve ${spec.storageStats !== undefined ? 'storageStats' : 'count'} in $collStats stage :: caused by :: Collection [${ns}] not found.`,
      );
    if (spec.storageStats !== undefined) out.storageStats = storageStats(coll);
    if (spec.count !== undefined) out.count = coll.docs.size;
  }
  if (spec.latencyStats !== undefined)
    out.latencyStats = {
      reads: { latency: 0, ops: 0 },
      writes: { latency: 0, ops: 0 },
      commands: { latency: 0, ops: 0 },
      transactions: { latency: 0, ops: 0 },
    };
  if (spec.queryExecStats !== undefined)
    out.queryExecStats = { collectionScans: { total: 0, nonTailable: 0 } };
  return out;
}

function stageName(stage: Document): string {
  const keys = Object.keys(stage);
  if (keys.length !== 1)
    throw new MongoCommandError(
      40323,
      'A pipeline stage specification object must contain exactly one field.',
    );
  return keys[0]!;
}

function parsePipeline(p: unknown): Document[] {
  if (!Array.isArray(p))
    throw new MongoCommandError(
      ErrorCodes.TypeMismatch,
      "'pipeline' option must be specified as an array",
    );
  p.forEach((stage, i) => {
    if (!isPlainObject(stage))
      throw new MongoCommandError(
        ErrorCodes.TypeMismatch,
        "Each element of the 'pipeline' array must be an object",
      );
    const name = stageName(stage);
    if (!name.startsWith('$'))
      throw new MongoCommandError(40324, `Unrecognized pipeline stage name: '${name}'`);
    if (!MINGO_STAGES.has(name) && !OWN_STAGES.has(name) && !(name in SERVER_ONLY))
      throw new MongoCommandError(40324, `Unrecognized pipeline stage name: '${name}'`);
    if ((name === '$collStats' || name === '$currentOp') && i !== 0)
      throw new MongoCommandError(40602, `${name} is only valid as the first stage in a pipeline`);
    const server = SERVER_ONLY[name];
    if (server && !(name === '$listLocalSessions' && i === 0))
      throw new MongoCommandError(server[0], server[1]);
    if ((name === '$out' || name === '$merge') && i !== p.length - 1)
      throw new MongoCommandError(40601, `${name} can only be the final stage in the pipeline`);
  });
  return p as Document[];
}

interface Prefix {
  spec: QuerySpec;
  consumed: number;
}

/** Folds a leading $match, $sort, $skip, $limit (in that order) into one executor query. */
function foldPrefix(pipeline: Document[]): Prefix {
  const spec: QuerySpec = {};
  let i = 0;
  const at = (name: string): Document | undefined =>
    pipeline[i] && name in pipeline[i]! ? pipeline[i] : undefined;
  let s = at('$match');
  if (s && isPlainObject(s.$match)) {
    spec.filter = s.$match;
    i++;
  }
  s = at('$sort');
  if (s && isPlainObject(s.$sort)) {
    spec.sort = parseSort(s.$sort);
    if (spec.sort.length === 0)
      throw new MongoCommandError(15976, '$sort stage must have at least one sort key');
    i++;
  }
  s = at('$skip');
  if (s && typeof s.$skip === 'number' && s.$skip >= 0) {
    spec.skip = s.$skip;
    i++;
  }
  s = at('$limit');
  if (s && typeof s.$limit === 'number' && s.$limit > 0) {
    spec.limit = s.$limit;
    i++;
  }
  return { spec, consumed: i };
}

function targetOf(spec: unknown, db: string, stage: string): [string, string] {
  if (typeof spec === 'string') return [db, spec];
  if (isPlainObject(spec)) {
    const d = typeof spec.db === 'string' ? spec.db : db;
    const c = spec.coll;
    if (typeof c === 'string') return [d, c];
  }
  throw new MongoCommandError(
    ErrorCodes.FailedToParse,
    `${stage} requires a target collection name`,
  );
}

function runOut(spec: unknown, results: Doc[], ctx: CommandContext, bypass: boolean): void {
  const [db, name] = targetOf(
    isPlainObject(spec) && spec.coll === undefined && typeof spec.into !== 'undefined'
      ? spec.into
      : spec,
    ctx.db,
    '$out',
  );
  const coll = ctx.server.engine.ensureCollection(db, name);
  const old = [...coll.docs.values()];
  coll.truncate();
  try {
    for (const d of results) insertDoc(coll, withIdFirst(cloneValue(d)), bypass);
  } catch (e) {
    coll.truncate();
    for (const d of old) coll.insert(d);
    throw e;
  }
}

function runMerge(
  spec: unknown,
  results: Doc[],
  ctx: CommandContext,
  variables: Document | undefined,
): void {
  const opts: Document =
    typeof spec === 'string' ? { into: spec } : isPlainObject(spec) ? spec : {};
  const [db, name] = targetOf(opts.into, ctx.db, '$merge');
  const on =
    opts.on === undefined
      ? ['_id']
      : Array.isArray(opts.on)
        ? (opts.on as string[])
        : [String(opts.on)];
  const whenMatched = opts.whenMatched ?? 'merge';
  const whenNotMatched = opts.whenNotMatched ?? 'insert';
  const coll = ctx.server.engine.ensureCollection(db, name);
  for (const raw of results) {
    const src = cloneValue(raw);
    const filter: Document = {};
    for (const f of on) filter[f] = (src as Doc)[f] ?? null;
    const existing = findOne(coll, filter);
    if (!existing) {
      if (whenNotMatched === 'discard') continue;
      if (whenNotMatched === 'fail')
        throw new MongoCommandError(
          13113,
          '$merge could not find a matching document in the target collection for at least one document in the source collection',
        );
      insertDoc(coll, withIdFirst(src));
      continue;
    }
    let next: Doc;
    if (whenMatched === 'keepExisting') continue;
    if (whenMatched === 'fail') {
      insertDoc(coll, withIdFirst(src)); // fails with the real E11000 of the clashing index
      throw new MongoCommandError(
        ErrorCodes.DuplicateKey,
        `E11000 duplicate key error collection: ${coll.ns}`,
      );
    }
    if (whenMatched === 'replace') next = { ...src, _id: existing._id };
    else if (whenMatched === 'merge') next = { ...existing, ...src, _id: existing._id };
    else if (Array.isArray(whenMatched)) {
      const vars = {
        ...(variables ?? {}),
        new: src,
        ...((opts.let as Document | undefined) ?? {}),
      };
      next =
        runPipeline([cloneValue(existing)], whenMatched as Document[], { variables: vars })[0] ??
        existing;
      next._id = existing._id;
    } else
      throw new MongoCommandError(
        ErrorCodes.BadValue,
        `Enumeration value '${String(whenMatched)}' for field 'whenMatched' is not a valid value.`,
      );
    coll.replace(existing, withIdFirst(next));
  }
}

function findOne(coll: Collection, filter: Document): Doc | undefined {
  return runQuery(coll, { filter, limit: 1 }).docs[0];
}

/**
 * countDocuments() sends [$match, ($skip, $limit,) {$group: {_id: 1, n: {$sum: 1}}}]: answer the
 * group from the executor's result size instead of running mingo over every match.
 */
function countShortcut(rest: Document[], input: Doc[]): Doc[] | undefined {
  if (rest.length !== 1 || !isPlainObject(rest[0]!.$group)) return undefined;
  const group = rest[0]!.$group as Document;
  const keys = Object.keys(group);
  if (keys.length !== 2 || !('_id' in group)) return undefined;
  const id = group._id;
  if (typeof id !== 'number' && id !== null) return undefined;
  const field = keys.find((k) => k !== '_id')!;
  const acc = group[field] as Document | undefined;
  if (!isPlainObject(acc) || Object.keys(acc).length !== 1 || acc.$sum !== 1) return undefined;
  return input.length ? [{ _id: id, [field]: input.length }] : [];
}

/** Stages after which a document's fields are in the order the stage gave them. */
const SHAPING = new Set([
  '$project',
  '$replaceRoot',
  '$replaceWith',
  '$group',
  '$bucket',
  '$bucketAuto',
  '$facet',
  '$count',
  '$sortByCount',
]);

/** Whether the last stage that shapes documents is a $project (mongod puts `_id` first). */
function endsWithProject(stages: Document[]): boolean {
  for (let i = stages.length - 1; i >= 0; i--) {
    const name = Object.keys(stages[i]!)[0]!;
    if (SHAPING.has(name)) return name === '$project';
  }
  return false;
}

const aggregate: CommandHandler = (cmd, ctx) => {
  const target = cmd.aggregate;
  const dbLevel = target === 1;
  if (!dbLevel && (typeof target !== 'string' || !target))
    throw new MongoCommandError(ErrorCodes.InvalidNamespace, `Invalid aggregate namespace`);
  const pipeline = parsePipeline(cmd.pipeline);
  const explain = !!cmd.explain;
  if (!explain && !isPlainObject(cmd.cursor))
    throw new MongoCommandError(
      ErrorCodes.FailedToParse,
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  const { engine } = ctx.server;
  const coll = dbLevel ? undefined : engine.collection(ctx.db, target as string);
  const collation = commandCollation(cmd, coll);
  const variables = evalLet(cmd.let as Document | undefined);
  const last = pipeline[pipeline.length - 1];
  const writeStage = last && ('$out' in last || '$merge' in last) ? last : undefined;
  const stages = writeStage ? pipeline.slice(0, -1) : pipeline;

  let input: Doc[];
  let rest = stages;
  if (dbLevel) {
    const first = stages[0] ? stageName(stages[0]) : '$match';
    if (first === '$listLocalSessions') {
      input = [...ctx.server.sessions.values()].map(cloneValue);
      rest = stages.slice(1);
    } else if (first === '$currentOp') {
      if (ctx.db !== 'admin')
        throw new MongoCommandError(
          ErrorCodes.InvalidNamespace,
          "$currentOp must be run against the 'admin' database with {aggregate: 1}",
        );
      // Each command runs to completion before the next starts: nothing else is in progress.
      input = [];
      rest = stages.slice(1);
    } else if (first === '$documents') input = [];
    else
      throw new MongoCommandError(
        ErrorCodes.InvalidNamespace,
        `{aggregate: 1} is not valid for '${first}'; a collection is required.`,
      );
  } else if (stages[0] && stageName(stages[0]) === '$currentOp') {
    throw new MongoCommandError(
      ErrorCodes.InvalidNamespace,
      "$currentOp must be run against the 'admin' database with {aggregate: 1}",
    );
  } else if (stages[0] && stageName(stages[0]) === '$collStats') {
    input = [collStatsDoc(stages[0].$collStats, coll, `${ctx.db}.${target as string}`, ctx)];
    rest = stages.slice(1);
  } else {
    const prefix = foldPrefix(stages);
    const result = runQuery(coll, { ...prefix.spec, collation, hint: cmd.hint, variables });
    if (explain) {
      const reply = explainReply(
        `${ctx.db}.${target as string}`,
        prefix.spec.filter,
        result,
        ctx,
        cmd,
      );
      return { ...reply, stages: stages.slice(prefix.consumed) };
    }
    input = result.docs;
    rest = stages.slice(prefix.consumed);
  }
  const ns = `${ctx.db}.${dbLevel ? '$cmd.aggregate' : (target as string)}`;
  const counted = writeStage ? undefined : countShortcut(rest, input);
  if (counted) return ctx.server.cursors.open(ns, counted, undefined);
  const mutating = rest.some((s) => !NON_MUTATING.has(Object.keys(s)[0]!));
  if (mutating) input = input.map(cloneValue);
  const resolver = (name: string): Doc[] => {
    const docs = [...(engine.collection(ctx.db, name)?.readDocs() ?? [])];
    return mutating ? docs.map(cloneValue) : docs;
  };
  let results = rest.length ? runPipeline(input, rest, { collation, variables, resolver }) : input;
  if (endsWithProject(rest)) results = results.map((d) => ('_id' in d ? withIdFirst(d) : d));
  if (writeStage) {
    if ('$out' in writeStage) runOut(writeStage.$out, results, ctx, !!cmd.bypassDocumentValidation);
    else runMerge(writeStage.$merge, results, ctx, variables);
    return ctx.server.cursors.open(ns, [], 0);
  }
  const batchSize = (cmd.cursor as Document).batchSize as number | undefined;
  return ctx.server.cursors.open(ns, results, batchSize);
};

export const aggregateCommands: Record<string, CommandHandler> = { aggregate };
