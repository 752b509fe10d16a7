// Handshake, diagnostics and session commands. The hello reply describes a standalone
// mongod 7.0 without `topologyVersion`, so drivers use plain polling heartbeats.
import os from 'node:os';
import { Long } from 'bson';
import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { keyString } from '../storage/values.js';
import type { CommandContext, CommandHandler } from './context.js';

export const SERVER_VERSION = '7.0.0';
export const MAX_WIRE_VERSION = 21;

function hello(legacy: boolean): CommandHandler {
  return (cmd, ctx) => {
    const reply: Document = {};
    if (cmd.helloOk === true) reply.helloOk = true;
    if (legacy) reply.ismaster = true;
    else reply.isWritablePrimary = true;
    Object.assign(reply, {
      maxBsonObjectSize: 16 * 1024 * 1024,
      maxMessageSizeBytes: 48_000_000,
      maxWriteBatchSize: 100_000,
      localTime: new Date(),
      logicalSessionTimeoutMinutes: 30,
      connectionId: ctx.connectionId,
      minWireVersion: 0,
      maxWireVersion: MAX_WIRE_VERSION,
      readOnly: false,
      ok: 1,
    });
    return reply;
  };
}

const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'embedded-mongo',
  versionArray: [7, 0, 0, 0],
  modules: [],
  allocator: 'system',
  javascriptEngine: 'none',
  sysInfo: 'deprecated',
  bits: 64,
  debug: false,
  maxBsonObjectSize: 16 * 1024 * 1024,
  storageEngines: ['embedded'],
  openssl: { running: 'disabled', compiled: 'disabled' },
  buildEnvironment: {},
  ok: 1,
});

function uptime(ctx: CommandContext): number {
  return (Date.now() - ctx.server.startedAt.getTime()) / 1000;
}

const serverStatus: CommandHandler = (_cmd, ctx) => ({
  host: `${os.hostname()}:${ctx.server.port}`,
  version: SERVER_VERSION,
  process: 'embedded-mongo',
  pid: Long.fromNumber(process.pid),
  uptime: Math.floor(uptime(ctx)),
  uptimeMillis: Long.fromNumber(Math.floor(uptime(ctx) * 1000)),
  uptimeEstimate: Long.fromNumber(Math.floor(uptime(ctx))),
  localTime: new Date(),
  connections: {
    current: ctx.server.connections(),
    available: 10_000,
    totalCreated: ctx.connectionId,
  },
  storageEngine: {
    name: 'embedded',
    supportsCommittedReads: false,
    persistent: !!ctx.server.dataDir,
  },
  mem: {
    bits: 64,
    resident: Math.round(process.memoryUsage().rss / 1048576),
    virtual: 0,
    supported: true,
  },
  metrics: { cursor: { open: { total: ctx.server.cursors.size } } },
  ok: 1,
});

const hostInfo: CommandHandler = () => ({
  system: {
    currentTime: new Date(),
    hostname: os.hostname(),
    cpuAddrSize: 64,
    memSizeMB: Math.round(os.totalmem() / 1048576),
    numCores: os.cpus().length,
    cpuArch: os.arch(),
    numaEnabled: false,
  },
  os: { type: os.type(), name: os.platform(), version: os.release() },
  extra: {},
  ok: 1,
});

const getParameter: CommandHandler = (cmd) => {
  const params: Document = {
    featureCompatibilityVersion: { version: '7.0' },
    authSchemaVersion: 5,
    authenticationMechanisms: [],
    maxBSONDepth: 100,
    logLevel: 0,
    quiet: false,
  };
  if (
    cmd.getParameter === '*' ||
    (typeof cmd.getParameter === 'object' && cmd.getParameter !== null)
  )
    return { ...params, ok: 1 };
  const out: Document = {};
  for (const k of Object.keys(cmd)) if (k in params) out[k] = params[k];
  if (Object.keys(out).length === 0)
    throw new MongoCommandError(ErrorCodes.InvalidOptions, 'no option found to get');
  return { ...out, ok: 1 };
};

const getLog: CommandHandler = (cmd) => {
  if (cmd.getLog === '*') return { names: ['global', 'startupWarnings'], ok: 1 };
  return { totalLinesWritten: 0, log: [], ok: 1 };
};

const ok: CommandHandler = () => ({ ok: 1 });

const refuseTransactions: CommandHandler = () => {
  throw new MongoCommandError(
    ErrorCodes.IllegalOperation,
    'Transaction numbers are only allowed on a replica set member or mongos',
  );
};

/** A standalone mongod answers every replSet* command this way. */
const notReplicaSet: CommandHandler = () => {
  throw new MongoCommandError(ErrorCodes.NoReplicationEnabled, 'not running with --replSet');
};

export const adminCommands: Record<string, CommandHandler> = {
  hello: hello(false),
  isMaster: hello(true),
  ismaster: hello(true),
  ping: ok,
  buildInfo,
  buildinfo: buildInfo,
  serverStatus,
  hostInfo,
  getParameter,
  setParameter: ok,
  getLog,
  getCmdLineOpts: (_cmd, ctx) => ({
    argv: ctx.server.argv,
    parsed: {
      net: { port: ctx.server.port, bindIp: ctx.server.host },
      storage: { dbPath: ctx.server.dataDir ?? '' },
    },
    ok: 1,
  }),
  connectionStatus: () => ({
    authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] },
    ok: 1,
  }),
  whatsmyuri: (_cmd, ctx) => ({ you: ctx.remote, ok: 1 }),
  endSessions: (cmd, ctx) => {
    const ids = Array.isArray(cmd.endSessions) ? (cmd.endSessions as Document[]) : [];
    for (const s of ids) if (s?.id) ctx.server.sessions.delete(keyString(s.id));
    return { ok: 1 };
  },
  killSessions: ok,
  killAllSessions: ok,
  killAllSessionsByPattern: ok,
  refreshSessions: ok,
  startSession: () => {
    throw new MongoCommandError(
      ErrorCodes.CommandNotSupported,
      'startSession is not supported by embedded-mongo; drivers create sessions client-side',
    );
  },
  commitTransaction: refuseTransactions,
  abortTransaction: refuseTransactions,
  logout: ok,
  getFreeMonitoringStatus: () => ({ state: 'disabled', ok: 1 }),
  features: () => ({ oidMachine: 0, ok: 1 }),
  listCommands: () => ({ commands: {}, ok: 1 }),
  currentOp: () => ({ inprog: [], ok: 1 }),
  ...Object.fromEntries(
    [
      'replSetGetStatus',
      'replSetGetConfig',
      'replSetInitiate',
      'replSetReconfig',
      'replSetStepDown',
      'replSetFreeze',
      'replSetSyncFrom',
      'replSetMaintenance',
    ].map((name): [string, CommandHandler] => [name, notReplicaSet]),
  ),
  killOp: () => ({ info: 'attempting to kill op', ok: 1 }),
  fsync: (_cmd, ctx) => ctx.server.engine.flushed().then(() => ({ numFiles: 1, ok: 1 })),
  lockInfo: () => ({ lockInfo: [], ok: 1 }),
  getDefaultRWConcern: () => ({
    defaultReadConcern: { level: 'local' },
    defaultWriteConcern: { w: 1, wtimeout: 0 },
    ok: 1,
  }),
  saslStart: () => {
    throw new MongoCommandError(
      18,
      'Authentication failed: embedded-mongo runs without authentication',
    );
  },
};
