// TCP server speaking the MongoDB wire protocol. Messages of one connection are handled in
// order; a malformed message closes only that connection.
import fs from 'node:fs';
import net from 'node:net';
import type { Document } from 'bson';
import { setInternalBufferSize } from 'bson';
import { CursorManager } from './commands/cursors.js';
import type { CommandContext, ServerState } from './commands/context.js';
import { runCommand } from './commands/dispatch.js';
import { FailPoints } from './commands/failpoints.js';
import { Engine } from './storage/engine.js';
import { Journal } from './storage/journal.js';
import type { JournalOptions } from './storage/journal.js';
import { TtlMonitor } from './storage/ttl.js';
import { MessageReader, OP_MSG, OP_QUERY, ProtocolError, readHeader } from './wire/framing.js';
import { encodeOpMsg, MORE_TO_COME, parseOpMsg } from './wire/op-msg.js';
import { encodeOpReply, parseOpQuery } from './wire/op-query.js';

export interface ServerOptions {
  host?: string;
  /** TCP port (0: any free one); with a socketPath, no TCP listener unless given. */
  port?: number;
  /** Unix socket path: created with mode 0600 (only this user can connect). */
  socketPath?: string;
  dataDir?: string;
  ttlIntervalMs?: number;
  cursorTimeoutMs?: number;
  journal?: JournalOptions;
  argv?: string[];
  /** Enables test-only commands (configureFailPoint), like mongod's enableTestCommands. */
  enableTestCommands?: boolean;
  /** Milliseconds clock for maxTimeMS and cursor idle times (performance.now by default); tests inject their own. */
  clock?: () => number;
}

interface ConnectionInfo {
  connectionId: number;
  remote: string;
  appName?: string | undefined;
  closeConnection?: boolean;
}

/** Encodes a reply; one that cannot be serialized (e.g. too large) becomes an error reply. */
function encodeReply(requestId: number, responseTo: number, reply: Document): Buffer {
  try {
    return encodeOpMsg(requestId, responseTo, reply);
  } catch (e) {
    const errmsg = `could not serialize the reply: ${e instanceof Error ? e.message : String(e)}`;
    return encodeOpMsg(requestId, responseTo, {
      ok: 0,
      errmsg,
      code: 10334,
      codeName: 'BSONObjectTooLarge',
    });
  }
}

export class MongoWireServer {
  readonly engine = new Engine();
  private readonly cursors: CursorManager;
  private readonly listeners: net.Server[] = [];
  private readonly sockets = new Set<net.Socket>();
  private journal: Journal | undefined;
  private ttl: TtlMonitor | undefined;
  private nextConnectionId = 1;
  private nextRequestId = 1;
  private state: ServerState | undefined;

  constructor(private readonly options: ServerOptions = {}) {
    this.cursors = new CursorManager(
      options.cursorTimeoutMs,
      options.clock ?? (() => performance.now()),
    );
  }

  private async open(bind: (server: net.Server, done: () => void) => void): Promise<net.Server> {
    const server = net.createServer((socket) => this.accept(socket));
    this.listeners.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      bind(server, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return server;
  }

  /** Listens on the socket and/or TCP port asked for; resolves with the TCP port (0: none). */
  async listen(): Promise<number> {
    setInternalBufferSize(64 * 1024 * 1024); // replies may hold a full 16MB batch plus envelope
    if (this.options.dataDir)
      this.journal = Journal.open(this.options.dataDir, this.engine, this.options.journal);
    const host = this.options.host ?? '127.0.0.1';
    let port = 0;
    try {
      const socketPath = this.options.socketPath;
      if (socketPath) {
        // A socket file left by a server that died: the data folder's lock says it is ours now.
        fs.rmSync(socketPath, { force: true });
        // Created with no access for others from the start (no window before the chmod).
        const umask = process.umask(0o177);
        try {
          await this.open((server, done) => server.listen(socketPath, done));
        } finally {
          process.umask(umask);
        }
        fs.chmodSync(socketPath, 0o600);
      }
      if (this.options.port !== undefined || !socketPath) {
        const server = await this.open((server, done) =>
          server.listen(this.options.port ?? 0, host, done),
        );
        port = (server.address() as net.AddressInfo).port;
      }
    } catch (e) {
      await this.closeListeners();
      await this.journal?.close();
      throw e;
    }
    this.state = {
      engine: this.engine,
      cursors: this.cursors,
      startedAt: new Date(),
      host,
      port,
      dataDir: this.options.dataDir,
      connections: () => this.sockets.size,
      argv: this.options.argv ?? [],
      failPoints: this.options.enableTestCommands ? new FailPoints() : undefined,
      clock: this.options.clock ?? (() => performance.now()),
      sessions: new Map(),
    };
    this.ttl = new TtlMonitor(this.engine, this.options.ttlIntervalMs ?? 60_000);
    return port;
  }

  private accept(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.setNoDelay(true);
    const connectionId = this.nextConnectionId++;
    const reader = new MessageReader();
    const ctxBase: ConnectionInfo = {
      connectionId,
      remote: socket.remoteAddress
        ? `${socket.remoteAddress}:${socket.remotePort}`
        : 'anonymous unix socket',
    };
    let queue: Promise<void> = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      let messages: Buffer[];
      try {
        messages = reader.push(chunk);
      } catch {
        socket.destroy();
        return;
      }
      for (const msg of messages) queue = queue.then(() => this.handle(socket, msg, ctxBase));
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  private async handle(socket: net.Socket, msg: Buffer, base: ConnectionInfo): Promise<void> {
    if (socket.destroyed) return;
    const header = readHeader(msg);
    try {
      if (header.opCode === OP_MSG) {
        const { flags, body } = parseOpMsg(msg);
        const db = typeof body.$db === 'string' ? body.$db : 'admin';
        const reply = await this.command(body, db, base);
        if (!(flags & MORE_TO_COME) && !socket.destroyed)
          socket.write(encodeReply(this.nextRequestId++, header.requestId, reply));
      } else if (header.opCode === OP_QUERY) {
        const { collection, query } = parseOpQuery(msg);
        let reply: Document;
        if (collection.endsWith('.$cmd'))
          reply = await this.command(query, collection.slice(0, -5), base);
        else
          reply = {
            $err: 'OP_QUERY is no longer supported for queries; use OP_MSG',
            code: 5739101,
            ok: 0,
          };
        if (!socket.destroyed)
          socket.write(
            encodeOpReply(this.nextRequestId++, header.requestId, [reply], '$err' in reply ? 2 : 0),
          );
      } else {
        throw new ProtocolError(`unsupported opCode ${header.opCode}`);
      }
    } catch (e) {
      // Malformed input: drop this connection only.
      if (process.env.EMBEDDED_MONGO_DEBUG) console.error('embedded-mongo: closing connection:', e);
      socket.destroy();
    }
  }

  private async command(body: Document, db: string, conn: ConnectionInfo): Promise<Document> {
    const app = (body.client as Document | undefined)?.application as Document | undefined;
    if (typeof app?.name === 'string') conn.appName = app.name;
    const ctx: CommandContext = {
      server: this.state!,
      db,
      connectionId: conn.connectionId,
      remote: conn.remote,
      appName: conn.appName,
    };
    const reply = await runCommand(body, ctx);
    if (ctx.closeConnection) throw new ProtocolError('connection closed by failCommand fail point');
    return reply;
  }

  private async closeListeners(): Promise<void> {
    const closed = this.listeners
      .splice(0)
      .map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
    for (const s of this.sockets) s.destroy();
    await Promise.all(closed);
  }

  async close(): Promise<void> {
    this.ttl?.stop();
    this.cursors.close();
    await this.closeListeners();
    if (this.options.socketPath) fs.rmSync(this.options.socketPath, { force: true });
    await this.journal?.close();
    this.journal = undefined;
  }
}
