/**
 * API under load: each catalog read measured with autocannon against the shop, then against
 * the ceiling (a bare server answering the same bytes from memory), in the same run.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { SEARCH_WORD } from './catalog.mjs';
import { call } from './http.mjs';
import { startNode, treeCpuMs } from './processes.mjs';

/** The catalog reads a shopper's browsing makes. */
export function catalogReads({ categoryIds, slug }) {
  return [
    { name: 'product list, page 1', method: 'GET', path: '/api/product/productList/1' },
    {
      name: 'filter: 2 categories + price',
      method: 'POST',
      path: '/api/product/getFilter-product',
      // Two categories and the first price range of PRICE_RANGES.
      body: { checked: categoryIds.slice(0, 2), radio: [0, 499.99], page: 1 },
    },
    { name: `search "${SEARCH_WORD}"`, method: 'GET', path: `/api/product/search/${SEARCH_WORD}` },
    {
      name: 'product by slug',
      method: 'GET',
      path: `/api/product/get-product/${encodeURIComponent(slug)}`,
    },
    { name: 'all categories', method: 'GET', path: '/api/category/all-category' },
  ];
}

/** Asks the shop once for each read and keeps what it answered, for the ceiling to replay. */
export async function captureAnswers(base, reads) {
  const answers = {};
  for (const r of reads) {
    const res = await call(base, r.method, r.path, { body: r.body });
    if (res.status !== 200)
      throw new Error(
        `${r.method} ${r.path} answered ${res.status}: ${res.raw.toString('utf8').slice(0, 300)}`,
      );
    answers[`${r.method} ${r.path}`] = {
      status: res.status,
      contentType: res.headers['content-type'] ?? '',
      body: res.raw.toString('base64'),
      bytes: res.raw.length,
    };
  }
  return answers;
}

export async function startCeiling(answers, dir) {
  const file = join(dir, 'ceiling-answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const handle = await startNode(
    'ceiling',
    [fileURLToPath(new URL('./ceiling-server.mjs', import.meta.url)), file],
    {
      ready: (out) => /ceiling listening on \d+/.test(out),
    },
  );
  const port = Number(/ceiling listening on (\d+)/.exec(handle.output())[1]);
  return { ...handle, url: `http://127.0.0.1:${port}` };
}

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * CPU time (user + system, ms) the given processes have used so far, each with every process
 * it started (the shop's cluster workers, and those that exited), from /proc (Linux);
 * undefined elsewhere. CPU per request is a figure that other work on the machine barely
 * moves, unlike requests/s.
 */
export function cpuMs(pids) {
  try {
    return pids.reduce((sum, pid) => sum + treeCpuMs(pid).total, 0);
  } catch {
    return undefined;
  }
}

/**
 * One read at `connections` for `duration` seconds after a `warmup`-second run that is thrown
 * away; `pids` are the server's processes, whose CPU time per request is reported.
 */
export async function measure(base, read, { connections, duration, warmup }, pids = []) {
  const opts = {
    url: new URL(read.path, base).toString(),
    method: read.method,
    connections,
    pipelining: 1,
    timeout: 10,
    ...(read.body
      ? { body: JSON.stringify(read.body), headers: { 'content-type': 'application/json' } }
      : {}),
  };
  if (warmup > 0) await run({ ...opts, duration: warmup });
  const cpuBefore = cpuMs(pids);
  const r = await run({ ...opts, duration });
  const cpuAfter = cpuMs(pids);
  const errors = r.non2xx + r.errors;
  return {
    requestsPerSecond: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    non2xx: r.non2xx,
    socketErrors: r.errors,
    timeouts: r.timeouts,
    errors,
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || !r.requests.total
        ? undefined
        : (cpuAfter - cpuBefore) / r.requests.total,
  };
}

/**
 * Every read against the shop, then the ceiling, then (with `bump`) uncached one at a time;
 * returns one row per read.
 */
export async function measureReads({
  shopUrl,
  shopPids,
  ceilingUrl,
  ceilingPids,
  reads,
  answers,
  settings,
  bump,
}) {
  // A fresh process first warms up as a whole (JIT, connection pools), on every read in turn.
  await run({
    url: shopUrl,
    connections: settings.connections,
    duration: settings.warmup * 2,
    requests: reads.map((r) => ({
      method: r.method,
      path: r.path,
      ...(r.body
        ? { body: JSON.stringify(r.body), headers: { 'content-type': 'application/json' } }
        : {}),
    })),
  });
  const rows = [];
  for (const read of reads) {
    const shop = await measure(shopUrl, read, settings, shopPids);
    const ceiling = await measure(ceilingUrl, read, settings, ceilingPids);
    const cold = bump
      ? await measureCold(shopUrl, read, bump, settings.coldTimes ?? 20)
      : undefined;
    rows.push({
      name: read.name,
      method: read.method,
      path: read.path,
      responseBytes: answers[`${read.method} ${read.path}`].bytes,
      shop,
      ceiling,
      ratio: shop.requestsPerSecond / ceiling.requestsPerSecond,
      cold,
    });
  }
  return rows;
}

/**
 * How long the shop may keep answering from the catalog version it last read after another
 * process's write (VERSION_FRESH_MS in apps/api/src/lib/catalog-version.ts), with a margin.
 */
const VERSION_SEEN_MS = 25;

/**
 * What a read costs when the shop's cache cannot answer it (after any catalog write, e.g. a
 * paid order taking stock): one request at a time, each after a catalog version bump that the
 * shop has had time to see (asked sooner, it would answer from its cache).
 */
export async function measureCold(base, read, bump, times) {
  const ms = [];
  for (let i = 0; i < times; i += 1) {
    await bump();
    await new Promise((resolve) => setTimeout(resolve, VERSION_SEEN_MS));
    const started = performance.now();
    const res = await call(base, read.method, read.path, { body: read.body });
    ms.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${read.method} ${read.path} answered ${res.status}`);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(ms.length / 2)], max: ms[ms.length - 1], times };
}
