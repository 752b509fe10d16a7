/**
 * The shop as the bench runs it: the embedded database in a process of its own (so the load
 * generator never shares its event loop), and the built API (which also serves the built web
 * app) started with `node apps/api/dist/server.js` against it, on loopback ports.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { call } from './http.mjs';
import { freePort, startNode, treeCpuMs } from './processes.mjs';
import { int } from './report.mjs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the API and the web app (turbo skips what is already built). */
export function buildShop() {
  const started = Date.now();
  const result = spawnSync(
    'pnpm',
    [
      'exec',
      'turbo',
      'run',
      'build',
      '--filter=@repo/api',
      '--filter=@repo/web',
      '--output-logs=errors-only',
    ],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}\n${result.stderr}`);
  return Date.now() - started;
}

export async function startDatabase(dataDir) {
  const port = await freePort();
  const bin = join(repoRoot, 'packages/embedded-mongo/bin/embedded-mongo.js');
  const handle = await startNode('database', [bin, '--port', String(port), '--data', dataDir], {
    ready: (out) => out.includes('listening on'),
  });
  return { ...handle, uri: `mongodb://127.0.0.1:${port}/` };
}

/**
 * Starts the built API on a free port and resolves once /api/ready answers 200 and every worker
 * serves (the demo catalog is seeded before the first listens, on the first start against an
 * empty database).
 */
export async function startShop({
  mongoUri,
  dataDir,
  env = {},
  nodeArgs = [],
  server = join(repoRoot, 'apps/api/dist/server.js'),
}) {
  if (!existsSync(server)) throw new Error(`${server} is missing: build the API first`);
  const port = await freePort();
  const handle = await startNode('shop', [...nodeArgs, server], {
    cwd: repoRoot,
    // The request log goes to a file beside the data, as a deployed shop's would.
    stdoutFile: `${dataDir}-shop-${port}.log`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MONGODB_URI: mongoUri,
      // Production refuses to start without Razorpay keys; the sandbox provider is for local use.
      NODE_ENV: 'development',
      // The shop as it ships logs every request (LOG_LEVEL=info); `env` may say otherwise.
      LOG_LEVEL: 'info',
      RATE_LIMIT_ENABLED: 'false',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const quiet = !['info', 'debug', 'trace'].includes(env.LOG_LEVEL ?? 'info');
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { exitCode, signalCode } = handle.child;
    if (exitCode !== null || signalCode !== null) {
      throw new Error(
        `the shop exited (${signalCode ?? exitCode}) while starting:\n${handle.output().slice(-4000)}`,
      );
    }
    const ready = await call(url, 'GET', '/api/ready', { timeoutMs: 3000 }).catch(() => undefined);
    // Ready once every worker serves: the first answers while the others may still be loading
    // (the primary says "the shop is open" when all of them listen; so does a lone process), as
    // the log says at its shipped level (info) or below.
    const open = quiet || handle.output().includes('the shop is open on');
    if (ready?.status === 200 && open) break;
    if (Date.now() > deadline) {
      await handle.stop();
      throw new Error(`the shop was not ready after 120 s:\n${handle.output().slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { ...handle, url, port };
}

/** The budget of the first start's CPU, every process of the shop counted (firstStart). */
export const FIRST_START_CPU_MS = 9_000;

/**
 * The shop's first start on an empty database, which seeds the demo catalog (naming its
 * pictures, drawn on their first request), in CPU time: every process of the shop (the primary;
 * each serving worker, the first of which runs the release steps and the seed before serving;
 * any that exited meanwhile, e.g. a worker restarted) and the database's process meanwhile.
 * Answers the started shop and `cpu`: `ms` in all and its parts.
 */
export async function firstStart({ database, ...options }) {
  const databaseBefore = treeCpuMs(database.child.pid).total;
  const shop = await startShop(options);
  const tree = treeCpuMs(shop.child.pid);
  const databaseMs = treeCpuMs(database.child.pid).total - databaseBefore;
  return {
    shop,
    cpu: {
      ms: tree.total + databaseMs,
      primaryMs: tree.own,
      // With WEB_CONCURRENCY=1 there are no workers: the one process seeds itself (own time).
      // Workers that exited: none on a good start (a release worker did, until 29 Nov).
      exitedMs: tree.reaped,
      workersMs: tree.live.map((w) => w.total),
      databaseMs,
    },
  };
}

/** The first start's CPU as a line: the total and each part. */
export function firstStartText(cpu) {
  const workers = cpu.workersMs.length
    ? `, serving workers ${cpu.workersMs.map(int).join(' + ')} ms`
    : '';
  return `${int(cpu.ms)} ms of CPU (primary ${int(cpu.primaryMs)} ms, exited processes ${int(cpu.exitedMs)} ms${workers}, database ${int(cpu.databaseMs)} ms)`;
}
