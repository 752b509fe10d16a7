import { MongoWireServer } from './server.js';
import type { ServerOptions } from './server.js';

export { MongoWireServer } from './server.js';
export type { ServerOptions } from './server.js';
export { sweepExpired } from './storage/ttl.js';
export { dumpDataDir, readBsonFile, restoreDataDir } from './backup.js';
export type { DumpSummary, RestoreOptions } from './backup.js';

export interface EmbeddedMongoOptions {
  /** Directory for the journal and snapshots; in memory when omitted. */
  dataDir?: string;
  /** TCP port on 127.0.0.1; 0 or undefined picks a free one. */
  port?: number;
  /** How often expired TTL documents are deleted (mongod: 60 s). */
  ttlIntervalMs?: number;
  /** Host to bind, 127.0.0.1 by default. */
  host?: string;
  /** Idle server cursors are removed after this long (mongod: 10 minutes). */
  cursorTimeoutMs?: number;
  /** Enables test-only commands such as configureFailPoint (used by the conformance runner). */
  enableTestCommands?: boolean;
  /** Milliseconds clock used for maxTimeMS deadlines and cursor idle times (tests inject one). */
  clock?: () => number;
}

export interface EmbeddedMongo {
  /** `mongodb://127.0.0.1:PORT/` — append a database name, e.g. `${uri}shop`. */
  uri: string;
  port: number;
  server: MongoWireServer;
  /** Closes all sockets, timers and files. */
  stop(): Promise<void>;
}

export async function startEmbeddedMongo(
  options: EmbeddedMongoOptions = {},
): Promise<EmbeddedMongo> {
  const serverOptions: ServerOptions = { port: options.port ?? 0 };
  if (options.dataDir !== undefined) serverOptions.dataDir = options.dataDir;
  if (options.ttlIntervalMs !== undefined) serverOptions.ttlIntervalMs = options.ttlIntervalMs;
  if (options.host !== undefined) serverOptions.host = options.host;
  if (options.enableTestCommands) serverOptions.enableTestCommands = true;
  if (options.clock) serverOptions.clock = options.clock;
  if (options.cursorTimeoutMs !== undefined)
    serverOptions.cursorTimeoutMs = options.cursorTimeoutMs;
  const server = new MongoWireServer(serverOptions);
  const port = await server.listen();
  const host = options.host ?? '127.0.0.1';
  let stopping: Promise<void> | undefined;
  return {
    uri: `mongodb://${host}:${port}/`,
    port,
    server,
    stop: () => (stopping ??= server.close()),
  };
}
