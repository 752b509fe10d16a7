import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoWireServer } from './server.js';
import type { ServerOptions } from './server.js';

export { MongoWireServer } from './server.js';
export type { ServerOptions } from './server.js';
export { sweepExpired } from './storage/ttl.js';
export { dumpDataDir, readBsonFile, restoreDataDir } from './backup.js';
export type { DumpSummary, RestoreOptions } from './backup.js';

export interface EmbeddedMongoOptions {
  /**
   * Directory for the journal and snapshots; in memory when omitted. With a data directory the
   * server listens only on the Unix socket `DIR/mongod.sock` (mode 0600) unless TCP is asked for.
   */
  dataDir?: string;
  /** TCP port on `host` (0 picks a free one). Asking for a port (or `tcp`) opens TCP. */
  port?: number;
  /** Listen on TCP too (a free port unless `port` says which). Always on without a dataDir. */
  tcp?: boolean;
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
  /**
   * Append a database name, e.g. `${uri}shop`: the TCP address `mongodb://127.0.0.1:PORT/` when
   * TCP is open, else the socket's `mongodb://%2F…%2Fmongod.sock/`.
   */
  uri: string;
  /** The TCP port, 0 when only the Unix socket is open. */
  port: number;
  /** The Unix socket's URI (with a data directory), e.g. `mongodb://%2Fdata%2Fdb%2Fmongod.sock/`. */
  socketUri?: string;
  socketPath?: string;
  server: MongoWireServer;
  /** Closes all sockets, timers and files. */
  stop(): Promise<void>;
}

/** The Unix socket's file name inside the data directory. */
export const SOCKET_NAME = 'mongod.sock';

/**
 * DIR/mongod.sock; when that path is longer than a Unix socket address holds (107 bytes), the
 * socket goes into a fresh private folder (mode 0700) under the system's temporary folder instead.
 */
function socketPathFor(dataDir: string): string {
  const inData = path.resolve(dataDir, SOCKET_NAME);
  if (Buffer.byteLength(inData) <= 107) return inData;
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-')), SOCKET_NAME);
}

export async function startEmbeddedMongo(
  options: EmbeddedMongoOptions = {},
): Promise<EmbeddedMongo> {
  const serverOptions: ServerOptions = {};
  const tcp = options.dataDir === undefined || options.tcp || options.port !== undefined;
  if (tcp) serverOptions.port = options.port ?? 0;
  let socketPath: string | undefined;
  if (options.dataDir !== undefined) {
    serverOptions.dataDir = options.dataDir;
    socketPath = socketPathFor(options.dataDir);
    serverOptions.socketPath = socketPath;
  }
  if (options.ttlIntervalMs !== undefined) serverOptions.ttlIntervalMs = options.ttlIntervalMs;
  if (options.host !== undefined) serverOptions.host = options.host;
  if (options.enableTestCommands) serverOptions.enableTestCommands = true;
  if (options.clock) serverOptions.clock = options.clock;
  if (options.cursorTimeoutMs !== undefined)
    serverOptions.cursorTimeoutMs = options.cursorTimeoutMs;
  const server = new MongoWireServer(serverOptions);
  const port = await server.listen();
  const host = options.host ?? '127.0.0.1';
  const socketUri = socketPath && `mongodb://${encodeURIComponent(socketPath)}/`;
  let stopping: Promise<void> | undefined;
  return {
    uri: tcp ? `mongodb://${host}:${port}/` : socketUri!,
    port,
    ...(socketPath ? { socketPath, socketUri } : {}),
    server,
    stop: () =>
      (stopping ??= server.close().then(() => {
        // the private folder made for a socket whose data folder's path was too long
        if (socketPath && path.dirname(socketPath) !== path.resolve(options.dataDir!))
          fs.rmSync(path.dirname(socketPath), { recursive: true, force: true });
      })),
  };
}
