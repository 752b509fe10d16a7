/**
 * The request log is written asynchronously and in batches (lib/logger.ts), yet nothing is
 * lost or held back: every line logged just before a SIGTERM is in the output, and "stopped"
 * is the last one; a single request on a quiet shop reaches the output without more traffic.
 * The shop runs as its own process, as in production, with its stdout a pipe: one process, and
 * a primary with two workers sharing that pipe (each line whole, the URL it gives answering).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';

const REQUESTS = 400;

/** The shop as its own process; `output()` is all it has written to stdout so far. */
function startShop(webConcurrency: string) {
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
      WEB_CONCURRENCY: webConcurrency,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  shop.stdout.setEncoding('utf8');
  const opened = new Promise<number>((resolve, reject) => {
    shop.stdout.on('data', (chunk: string) => {
      output += chunk;
      // The URL an operator is given once it answers.
      const port = /"msg":"the shop is open on http:\/\/localhost:(\d+)"/.exec(output)?.[1];
      if (port) resolve(Number(port));
    });
    shop.once('exit', (code) => reject(new Error(`the shop exited (${code}): ${output}`)));
  });
  return { shop, opened, exited: once(shop, 'exit'), output: () => output };
}

/** GET `path` with an X-Request-Id; resolves on a 200. */
function fetchOk(port: number, path: string, id: string, agent?: Agent): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    get({ host: '127.0.0.1', port, agent, path, headers: { 'x-request-id': id } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error())));
    }).on('error', reject);
  });
}

// One shop for both checks of each layout: first quiet, then busy and stopped.
describe.each(['1', '2'])('the request log (WEB_CONCURRENCY=%s)', (webConcurrency) => {
  let shop: ReturnType<typeof startShop>;
  beforeAll(() => {
    shop = startShop(webConcurrency);
  });
  afterAll(() => {
    if (shop.shop.exitCode === null) shop.shop.kill('SIGKILL');
  });

  it('writes the line of a lone request on a quiet shop without waiting for more', async () => {
    const port = await shop.opened;
    // One request through Express (its line is far below a batch) and one the fast lane answers.
    await fetchOk(port, '/api/ready', 'lone-express');
    await fetchOk(port, '/api/category/all-category', 'lone-lane-1');
    await fetchOk(port, '/api/category/all-category', 'lone-lane-2');
    await vi.waitFor(
      () => {
        for (const id of ['lone-express', 'lone-lane-2'])
          expect(shop.output()).toContain(`"id":"${id}"`);
      },
      { timeout: 60_000, interval: 100 },
    );
  }, 300_000);

  it('holds every line logged just before SIGTERM, each whole', async () => {
    const port = await shop.opened;
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        fetchOk(port, '/api/category/all-category', `flush-${i}`, agent),
      ),
    );
    agent.destroy();
    shop.shop.kill('SIGTERM');
    const [code] = await shop.exited;
    expect(code).toBe(0);

    // Every line parses: the workers' writes never cut into each other.
    const lines = shop
      .output()
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
  }, 300_000);
});
