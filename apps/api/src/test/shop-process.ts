/**
 * The shop as a process of its own (`node --import tsx src/server.ts`, as `npm start` runs the
 * built one), for tests of what only processes show: workers, crashes, signals, two copies on
 * one database. Its log lines are parsed as they come; `waitForLog` waits for one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { vi } from 'vitest';

export interface LogLine {
  level: number;
  msg: string;
  pid: number;
  [key: string]: unknown;
}

export interface ShopProcess {
  child: ChildProcess;
  /** Every log line so far, in order. */
  lines: LogLine[];
  /** The process's other output (a config error, a crash). */
  text(): string;
  /** Resolves with the first line (from `from` on) that `match` accepts; generous deadline. */
  waitForLog(match: (line: LogLine) => boolean, from?: number): Promise<LogLine>;
  /** The port of the URL it says it is open on (PORT=0: the one the system chose). */
  port(): Promise<number>;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code (SIGKILL after the deadline). */
  stop(): Promise<number | null>;
}

const apiRoot = join(import.meta.dirname, '../..');

/** `nodeArgs`: more of node's flags (every worker inherits them), such as another `--import`. */
export function startShopProcess(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): ShopProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      BCRYPT_COST: '4',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let other = '';
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const parts = text.split('\n');
    partial = parts.pop()!;
    for (const part of parts) {
      if (!part.trim()) continue;
      try {
        lines.push(JSON.parse(part) as LogLine);
      } catch {
        other += `${part}\n`;
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (other += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  const waitForLog = async (match: (line: LogLine) => boolean, from = 0) => {
    let found: LogLine | undefined;
    await vi.waitFor(
      () => {
        found = lines.slice(from).find(match);
        if (!found) {
          if (child.exitCode !== null) throw new Error(`the shop exited:\n${other}`);
          throw new Error(`no such log line yet:\n${other}`);
        }
      },
      { timeout: 240_000, interval: 50 },
    );
    return found!;
  };

  return {
    child,
    lines,
    text: () => other,
    waitForLog,
    port: async () => openPort((await waitForLog((l) => openPort(l) !== undefined)).msg)!,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const deadline = setTimeout(() => child.kill('SIGKILL'), 60_000);
      const code = await exited;
      clearTimeout(deadline);
      return code;
    },
  };
}

/** Whether the process `pid` runs (signal 0 only asks). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The port in "the shop is open on http://localhost:<port>", as an operator reads it. */
export function openPort(line: { msg: string } | string): number | undefined {
  const msg = typeof line === 'string' ? line : line.msg;
  const port = /^the shop is open on http:\/\/localhost:(\d+)$/.exec(msg)?.[1];
  return port === undefined ? undefined : Number(port);
}
