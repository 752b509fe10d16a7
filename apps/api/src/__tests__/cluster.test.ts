/**
 * The shop as `npm start` runs it (cluster.ts): a primary serving the embedded database, the
 * release steps run by the first worker before any worker serves or the second starts, then two
 * identical workers answering on one port; a
 * worker that dies is replaced alone (after a pause that grows while it keeps dying young), one
 * that stops answering its heartbeat is ended and replaced, and SIGTERM stops them all gracefully.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { isRunning, openPort, startShopProcess, type LogLine } from '../test/shop-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-cluster-'));
// Each process writes the modules it loads to importLog/<pid>.log (test/import-log.mjs).
const importLog = mkdtempSync(join(tmpdir(), 'shop-imports-'));
const shop = startShopProcess(
  {
    DATA_DIR: dataDir,
    WEB_CONCURRENCY: '2',
    WORKER_TIMEOUT_MS: '3000',
    SEED_DEMO_CATALOG: 'false',
    JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    RATE_LIMIT_ENABLED: 'false',
    IMPORT_LOG_DIR: importLog,
  },
  ['--import', './src/test/import-log.mjs'],
);
afterAll(() => shop.stop());

const started = (l: LogLine) => l.msg === 'a worker started';
/** The pids of the workers serving now: started, and not reported stopped or ended since. */
const servingPids = () => {
  const gone = new Set(
    shop.lines.filter((l) => l.msg.startsWith('a worker stopped')).map((l) => l.worker),
  );
  return shop.lines
    .filter((l) => l.msg === 'a worker is serving' && !gone.has(l.pid) && isRunning(l.pid))
    .map((l) => l.pid);
};
/** A GET on a connection of its own (the primary hands each connection to the next worker). */
const get = async (path: string, requestId?: string) => {
  const port = await shop.port();
  const headers = requestId ? { 'x-request-id': requestId } : {};
  return new Promise<{ status: number }>((resolve, reject) => {
    const req = httpGet({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.once('error', reject);
  });
};

describe('npm start (WEB_CONCURRENCY=2)', () => {
  it(
    'runs the release steps once, then two workers answering on one port, on the primary’s embedded database',
    { timeout: 300_000 },
    async () => {
      const open = await shop.waitForLog((l) => l.msg.startsWith('the shop is open'));
      expect(open).toMatchObject({ workers: 2, db: 'embedded', pid: shop.child.pid });
      // The URL it gives is the port the workers listen on (PORT=0: the one the system chose),
      // and it answers.
      const port = openPort(open)!;
      expect(port).toBeGreaterThan(0);
      expect(open.port).toBe(port);
      expect((await get('/api/ready')).status).toBe(200);
      // The primary serves the database on its private socket; the workers reach it there.
      expect(existsSync(join(dataDir, 'db', 'mongod.sock'))).toBe(true);
      let workers: LogLine[] = [];
      await vi.waitFor(
        () => {
          workers = shop.lines.filter((l) => l.msg === 'a worker is serving');
          expect(new Set(workers.map((l) => l.pid)).size).toBe(2);
        },
        { timeout: 60_000 },
      );
      expect(workers.every((l) => l.pid !== shop.child.pid && l.db === 'embedded')).toBe(true);
      expect(workers.every((l) => l.port === port)).toBe(true);
      // The release steps ran once, in the first worker, before either served and before the
      // second started (no third process loads the app for them).
      const admins = shop.lines.filter((l) => l.msg === 'seeded the admin account');
      expect(admins).toHaveLength(1);
      const first = admins[0]!.pid;
      expect(workers.map((l) => l.pid)).toContain(first);
      // The primary's own lines, in the order it wrote them: the second worker was started once
      // the first said the steps were done.
      const primary = shop.lines.filter((l) => l.pid === shop.child.pid);
      expect(
        primary
          .filter((l) => started(l) || l.msg.startsWith('the release steps are done'))
          .map((l) => [l.msg, l.worker === first]),
      ).toEqual([
        ['a worker started', true],
        ['the release steps are done: starting the other workers', true],
        ['a worker started', false],
      ]);

      // Connections are answered by both workers in turn (each logs the requests it answers).
      const ids = Array.from({ length: 10 }, (_, i) => `in-turn-${i}`);
      for (const id of ids) expect((await get('/api/ready', id)).status).toBe(200);
      await vi.waitFor(
        () => {
          const answeredBy = shop.lines
            .filter((l) => ids.includes((l.req as { id?: string } | undefined)?.id ?? ''))
            .map((l) => l.pid);
          expect(answeredBy).toHaveLength(10);
          expect(new Set(answeredBy)).toEqual(new Set(workers.map((l) => l.pid)));
        },
        { timeout: 60_000 },
      );
    },
  );

  it(
    'loads no part of the app in the primary (no Express, Mongoose, routes or models); each worker loads it all but pdfkit',
    { timeout: 300_000 },
    async () => {
      await shop.port();
      const loaded = (pid: number) =>
        readFileSync(join(importLog, `${pid}.log`), 'utf8')
          .trim()
          .split('\n');
      const app = (url: string) =>
        /\/src\/(app|serve|release)\.ts$/.test(url) ||
        /\/src\/(modules|seed)\//.test(url) ||
        /\/src\/lib\/(db|deps)\.ts$/.test(url) ||
        /\/node_modules\/(express|mongoose|sharp)\//.test(url);
      const primary = loaded(shop.child.pid!);
      // What it needs: the cluster code, the config, the embedded database it serves.
      expect(primary).toContainEqual(expect.stringMatching(/\/src\/cluster\.ts$/));
      expect(primary).toContainEqual(expect.stringMatching(/\/src\/lib\/db-server\.ts$/));
      expect(primary.filter(app)).toEqual([]);
      // A serving worker is a whole copy of the app; the PDF writer comes with the first tax
      // document, not at start.
      for (const pid of servingPids()) {
        expect(loaded(pid)).toContainEqual(expect.stringMatching(/\/src\/app\.ts$/));
        expect(loaded(pid)).toContainEqual(expect.stringMatching(/\/node_modules\/express\//));
        expect(loaded(pid).filter((url) => url.includes('/node_modules/pdfkit/'))).toEqual([]);
      }
    },
  );

  it(
    'replaces a worker that dies, alone, pausing longer while it keeps dying young',
    { timeout: 300_000 },
    async () => {
      const [victim, survivor] = servingPids();
      const from = shop.lines.length;
      process.kill(victim!, 'SIGKILL');
      const first = await shop.waitForLog((l) => l.msg.startsWith('a worker stopped:'), from);
      expect(first).toMatchObject({
        worker: victim,
        signal: 'SIGKILL',
        restartInMs: expect.any(Number),
      });
      const replacement = await shop.waitForLog(
        (l) => l.msg === 'a worker is serving' && l.pid !== victim,
        from,
      );
      expect(isRunning(survivor!)).toBe(true);
      expect((await get('/api/ready')).status).toBe(200);

      // Dying again at once: the pause before the next start doubles.
      const again = shop.lines.length;
      process.kill(replacement.pid, 'SIGKILL');
      const second = await shop.waitForLog((l) => l.msg.startsWith('a worker stopped:'), again);
      expect(second.restartInMs).toBe(Math.max(1000, 2 * Number(first.restartInMs)));
      await shop.waitForLog(
        (l) => l.msg === 'a worker is serving' && l.pid !== replacement.pid,
        again,
      );
      expect(isRunning(survivor!)).toBe(true);
    },
  );

  it(
    'ends a worker whose event loop stops answering, and starts another',
    { timeout: 300_000 },
    async () => {
      const [stuck] = servingPids();
      const from = shop.lines.length;
      process.kill(stuck!, 'SIGSTOP'); // as frozen as a worker stuck in a loop
      const ended = await shop.waitForLog(
        (l) => l.msg === 'a worker stopped answering: ending it',
        from,
      );
      expect(ended).toMatchObject({ pid: shop.child.pid });
      await shop.waitForLog((l) => l.msg === 'a worker is serving' && l.pid !== stuck, from);
      await vi.waitFor(() => expect(isRunning(stuck!)).toBe(false), { timeout: 20_000 });
      expect(servingPids()).toHaveLength(2);
    },
  );

  it(
    'stops every process gracefully on SIGTERM, the database last',
    { timeout: 300_000 },
    async () => {
      const workers = servingPids();
      expect(await shop.stop()).toBe(0);
      expect(
        shop.lines
          .filter((l) => l.msg === 'stopped')
          .map((l) => l.pid)
          .sort(),
      ).toEqual([...workers, shop.child.pid].sort());
      for (const pid of workers) expect(isRunning(pid)).toBe(false);
      expect(existsSync(join(dataDir, 'db', 'mongod.sock'))).toBe(false);
      expect(shop.lines.filter(started).length).toBeGreaterThanOrEqual(5);
    },
  );
});
