// mongod's `failCommand` fail point (a test command, enabled only with enableTestCommands):
// makes chosen commands fail with a given code, close the connection, or report a write
// concern error. The unified CRUD conformance tests use it to check error reporting.
import type { Document } from 'bson';
import { codeName, ErrorCodes, MongoCommandError } from '../errors.js';
import type { CommandContext, CommandHandler } from './context.js';

interface FailCommand {
  remaining: number; // Infinity for alwaysOn
  skip: number;
  data: Document;
}

export class FailPoints {
  private failCommand: FailCommand | undefined;
  /** mongod's maxTimeAlwaysTimeOut: every command with a maxTimeMS fails with code 50. */
  private maxTimeOut: FailCommand | undefined;

  configure(cmd: Document): Document {
    if (cmd.configureFailPoint === 'maxTimeAlwaysTimeOut') {
      this.maxTimeOut = FailPoints.parseMode(cmd.mode, {});
      return { count: 0, ok: 1 };
    }
    if (cmd.configureFailPoint !== 'failCommand')
      throw new MongoCommandError(
        ErrorCodes.BadValue,
        `unknown fail point ${String(cmd.configureFailPoint)}`,
      );
    this.failCommand = FailPoints.parseMode(cmd.mode, (cmd.data as Document) ?? {});
    return { count: 0, ok: 1 };
  }

  /** Whether maxTimeAlwaysTimeOut fires for this command (consuming one activation). */
  takeMaxTimeOut(): boolean {
    const fp = this.maxTimeOut;
    if (!fp || fp.remaining <= 0) return false;
    if (fp.skip > 0) {
      fp.skip--;
      return false;
    }
    if (--fp.remaining <= 0) this.maxTimeOut = undefined;
    return true;
  }

  private static parseMode(mode: unknown, data: Document): FailCommand | undefined {
    if (mode === 'off') return undefined;
    if (mode === 'alwaysOn') return { remaining: Infinity, skip: 0, data };
    if (mode && typeof mode === 'object') {
      const m = mode as Document;
      return {
        remaining: m.times !== undefined ? Number(m.times) : Infinity,
        skip: Number(m.skip ?? 0),
        data,
      };
    }
    throw new MongoCommandError(ErrorCodes.BadValue, 'invalid fail point mode');
  }

  /** The fail point's action for this command, consuming one activation. */
  take(name: string, ctx: CommandContext, appName: string | undefined): Document | undefined {
    const fp = this.failCommand;
    if (!fp || fp.remaining <= 0) return undefined;
    const cmds = fp.data.failCommands;
    if (!Array.isArray(cmds) || !cmds.includes(name)) return undefined;
    if (typeof fp.data.appName === 'string' && fp.data.appName !== appName) return undefined;
    void ctx;
    if (fp.skip > 0) {
      fp.skip--;
      return undefined;
    }
    fp.remaining--;
    if (fp.remaining <= 0) this.failCommand = undefined;
    return fp.data;
  }

  /** Error reply for an activated fail point, or undefined if it only adds a write concern error. */
  static errorReply(data: Document): Document | undefined {
    if (data.errorCode === undefined) return undefined;
    const code = Number(data.errorCode);
    const reply: Document = {
      ok: 0,
      errmsg: "Failing command via 'failCommand' failpoint",
      code,
      codeName: codeName(code),
    };
    if (Array.isArray(data.errorLabels)) reply.errorLabels = data.errorLabels;
    return reply;
  }
}

export const configureFailPoint: CommandHandler = (cmd, ctx) => {
  if (!ctx.server.failPoints)
    throw new MongoCommandError(
      ErrorCodes.CommandNotFound,
      "no such command: 'configureFailPoint'",
    );
  if (ctx.db !== 'admin')
    throw new MongoCommandError(
      13,
      'configureFailPoint may only be run against the admin database.',
    );
  return ctx.server.failPoints.configure(cmd);
};
