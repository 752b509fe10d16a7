// Maps a command document to its handler, applies the checks every command shares, and turns
// any failure into mongod's `{ ok: 0, errmsg, code, codeName }` shape.
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError, toCommandError } from '../errors.js';
import { adminCommands } from './admin.js';
import { aggregateCommands } from './aggregate.js';
import { collectionCommands } from './collections.js';
import type { CommandContext, CommandHandler } from './context.js';
import { indexCommands } from './indexes.js';
import { configureFailPoint, FailPoints } from './failpoints.js';
import { explainRead, readCommands } from './read.js';
import { writeCommands } from './write.js';
import { maxTimeExpired, withDeadline } from '../query/deadline.js';
import { numberValue } from '../storage/numbers.js';
import { keyString } from '../storage/values.js';

const explain: CommandHandler = (cmd, ctx) => {
  const inner = cmd.explain;
  if (!inner || typeof inner !== 'object' || Array.isArray(inner))
    throw new MongoCommandError(ErrorCodes.BadValue, 'explain command requires a nested object');
  const name = Object.keys(inner as Document)[0];
  if (name === 'aggregate')
    return aggregateCommands.aggregate!({ ...(inner as Document), explain: true }, ctx);
  const reply = explainRead(inner as Document, ctx);
  if (!reply)
    throw new MongoCommandError(
      ErrorCodes.CommandNotFound,
      `Explain failed due to unknown command: ${name}`,
    );
  return reply;
};

const handlers: Record<string, CommandHandler> = {
  ...adminCommands,
  ...collectionCommands,
  ...indexCommands,
  ...readCommands,
  ...writeCommands,
  ...aggregateCommands,
  explain,
  configureFailPoint,
};

/** Commands that refuse to run inside a multi-document transaction, which we never have. */
function checkTransaction(cmd: Document): void {
  if (
    cmd.txnNumber !== undefined ||
    cmd.startTransaction !== undefined ||
    cmd.autocommit !== undefined
  ) {
    throw new MongoCommandError(
      ErrorCodes.IllegalOperation,
      'Transaction numbers are only allowed on a replica set member or mongos',
    );
  }
}

/** The command's maxTimeMS (0: none), checked as mongod checks it. */
function parseMaxTime(cmd: Document): number {
  const v = cmd.maxTimeMS;
  if (v === undefined || v === null) return 0;
  const n = numberValue(v);
  if (Number.isNaN(n))
    throw new MongoCommandError(ErrorCodes.BadValue, 'maxTimeMS must be a number');
  if (!Number.isInteger(n))
    throw new MongoCommandError(ErrorCodes.BadValue, 'maxTimeMS has non-integral value');
  if (n < 0 || n > 2147483647)
    throw new MongoCommandError(
      ErrorCodes.BadValue,
      `${n} value for maxTimeMS is out of range [0, 2147483647]`,
    );
  return n;
}

const MAX_SESSIONS = 10_000;

function touchSession(cmd: Document, ctx: CommandContext): void {
  const lsid = cmd.lsid as Document | undefined;
  if (!lsid || !lsid.id) return;
  const sessions = ctx.server.sessions;
  const key = keyString(lsid.id);
  sessions.delete(key);
  sessions.set(key, { _id: { id: lsid.id }, lastUse: new Date() });
  if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
}

export async function runCommand(cmd: Document, ctx: CommandContext): Promise<Document> {
  const name = Object.keys(cmd)[0];
  const engine = ctx.server.engine;
  const before = engine.seq();
  try {
    if (!name) throw new MongoCommandError(ErrorCodes.FailedToParse, 'no command specified');
    const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
    if (!handler)
      throw new MongoCommandError(ErrorCodes.CommandNotFound, `no such command: '${name}'`);
    const fp = ctx.server.failPoints?.take(name, ctx, ctx.appName);
    if (fp?.closeConnection) {
      ctx.closeConnection = true;
      return { ok: 0 };
    }
    const failed = fp ? FailPoints.errorReply(fp) : undefined;
    if (failed) return failed;
    checkTransaction(cmd);
    touchSession(cmd, ctx);
    const maxTimeMS = parseMaxTime(cmd);
    if (maxTimeMS && ctx.server.failPoints?.takeMaxTimeOut()) throw maxTimeExpired();
    const reply = await withDeadline(maxTimeMS, ctx.server.clock, () => handler(cmd, ctx));
    if (fp?.writeConcernError) reply.writeConcernError = fp.writeConcernError;
    // Acknowledge writes only once their journal records are on disk (group commit).
    if (engine.seq() !== before) await engine.flushed();
    return reply;
  } catch (e) {
    // A failed command may still have written (e.g. $out restoring its target): persist first.
    if (engine.seq() !== before) await engine.flushed().catch(() => undefined);
    const err = toCommandError(e, ErrorCodes.InternalError);
    if (!(e instanceof MongoCommandError) && process.env.EMBEDDED_MONGO_DEBUG) console.error(e);
    return err.toReply();
  }
}
