/**
 * The request log is written asynchronously (lib/logger.ts), yet nothing is lost at shutdown:
 * every line logged just before a SIGTERM is in the output, and "stopped" is the last one.
 * The shop runs as its own process, as in production, with its stdout a pipe.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const REQUESTS = 400;

describe('the request log at shutdown', () => {
  it('holds every line logged just before SIGTERM', async () => {
    const shop = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: join(import.meta.dirname, '../..'),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-log-')),
        MONGODB_URI: new URL(`logflush_${Date.now()}`, inject('mongoUri')).toString(),
        LOG_LEVEL: 'info',
        SEED_DEMO_CATALOG: 'false',
        RATE_LIMIT_ENABLED: 'false',
        JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    shop.stdout.setEncoding('utf8');
    const opened = new Promise<number>((resolve, reject) => {
      shop.stdout.on('data', (chunk: string) => {
        output += chunk;
        const port = /"port":(\d+)/.exec(output)?.[1];
        if (port) resolve(Number(port));
      });
      shop.once('exit', (code) => reject(new Error(`the shop exited (${code}): ${output}`)));
    });
    const exited = once(shop, 'exit');
    try {
      const port = await opened;
      const agent = new Agent({ keepAlive: true, maxSockets: 16 });
      await Promise.all(
        Array.from(
          { length: REQUESTS },
          (_, i) =>
            new Promise<void>((resolve, reject) => {
              get(
                {
                  host: '127.0.0.1',
                  port,
                  agent,
                  path: '/api/category/all-category',
                  headers: { 'x-request-id': `flush-${i}` },
                },
                (res) => {
                  res.resume();
                  res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error())));
                },
              ).on('error', reject);
            }),
        ),
      );
      agent.destroy();
      shop.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
    } finally {
      if (shop.exitCode === null) shop.kill('SIGKILL');
    }

    const lines = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; req?: { id: string } });
    const logged = new Set(
      lines.filter((l) => l.msg === 'request completed').map((l) => l.req?.id),
    );
    const missing = Array.from({ length: REQUESTS }, (_, i) => `flush-${i}`).filter(
      (id) => !logged.has(id),
    );
    expect(missing).toEqual([]);
    expect(lines.at(-1)?.msg).toBe('stopped');
  }, 180_000);
});
