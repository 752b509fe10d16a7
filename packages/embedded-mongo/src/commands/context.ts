import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import type { Engine } from '../storage/engine.js';
import type { CursorManager } from './cursors.js';
import type { FailPoints } from './failpoints.js';

export interface ServerState {
  engine: Engine;
  cursors: CursorManager;
  startedAt: Date;
  host: string;
  port: number;
  dataDir: string | undefined;
  connections: () => number;
  argv: string[];
  /** logical sessions seen recently (lsid key -> { _id, lastUse }), for $listLocalSessions */
  sessions: Map<string, Document>;
  /** milliseconds, for maxTimeMS deadlines (performance.now unless a test injects one) */
  clock: () => number;
  /** present only when test commands are enabled */
  failPoints: FailPoints | undefined;
}

export interface CommandContext {
  server: ServerState;
  db: string;
  connectionId: number;
  remote: string;
  /** client metadata application name from the handshake */
  appName?: string | undefined;
  /** set by a fail point that asks for the connection to be closed */
  closeConnection?: boolean;
}

export type CommandHandler = (cmd: Document, ctx: CommandContext) => Document | Promise<Document>;

/** The collection name a command targets (its first field's value). */
export function collName(cmd: Document, name: string): string {
  const v = cmd[name];
  if (typeof v !== 'string' || v === '') {
    throw new MongoCommandError(
      ErrorCodes.InvalidNamespace,
      `collection name has invalid type ${v === null ? 'null' : typeof v}`,
    );
  }
  return v;
}
