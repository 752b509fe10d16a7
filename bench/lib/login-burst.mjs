/**
 * Catalog reads during a login burst: what many correct logins at once (each a bcrypt
 * comparison at the shop's cost, on the API's hashing threads) do to everyone else's reads.
 * The same read is measured quiet, then while `logins` clients log in back to back; each run
 * also times uncached reads (after a catalog version bump), one at a time.
 */
import autocannon from 'autocannon';
import { call } from './http.mjs';
import { measureCold } from './load.mjs';
import { fixed, int, printTable } from './report.mjs';

export const LOGIN_BURST = {
  /** Clients logging in back to back, each with the right password. */
  logins: 8,
  /** Connections reading the catalog meanwhile. */
  readers: 8,
};

/**
 * The budget: a cached catalog read's p99 while the burst runs. Hashing runs on at most half
 * the cores, so the event loop keeps a core for other requests.
 */
export const LOGIN_BURST_P99_BUDGET_MS = 200;

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** Registers the account the burst logs into (the shop runs with its rate limits off). */
async function account(shopUrl) {
  const body = {
    name: 'Bench Burst',
    email: `burst-${Date.now()}@example.com`,
    password: 'bench-burst-password-1',
    phone: '9876543210',
    address: '1 Bench Road, Pune 411001',
  };
  const res = await call(shopUrl, 'POST', '/api/auth/register', { body });
  if (res.status !== 201)
    throw new Error(`register answered ${res.status}: ${res.raw.toString('utf8').slice(0, 300)}`);
  return { email: body.email, password: body.password };
}

/** One read for `duration` seconds at `connections`: p50, p99, errors. */
async function readLoad(shopUrl, read, { connections, duration }) {
  const r = await run({
    url: new URL(read.path, shopUrl).toString(),
    method: read.method,
    connections,
    duration,
    timeout: 10,
    ...(read.body
      ? { body: JSON.stringify(read.body), headers: { 'content-type': 'application/json' } }
      : {}),
  });
  return {
    requestsPerSecond: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors,
  };
}

/**
 * `read`: a catalog read (catalogReads); `bump`: invalidates the shop's catalog cache;
 * `settings`: { duration, warmup, coldTimes }. Returns { quiet, burst, logins }.
 */
export async function measureLoginBurst({ shopUrl, read, bump, settings }) {
  const who = await account(shopUrl);
  const load = { connections: LOGIN_BURST.readers, duration: settings.duration };
  if (settings.warmup > 0) await readLoad(shopUrl, read, { ...load, duration: settings.warmup });

  const quiet = await readLoad(shopUrl, read, load);
  const quietCold = await measureCold(shopUrl, read, bump, settings.coldTimes);

  // The burst: each client logs in again as soon as its last login is answered.
  const logins = { done: 0, failed: 0, ms: [] };
  let stop = false;
  const client = async () => {
    while (!stop) {
      const started = performance.now();
      const res = await call(shopUrl, 'POST', '/api/auth/login', { body: who });
      if (res.status === 200) {
        logins.done += 1;
        logins.ms.push(performance.now() - started);
      } else logins.failed += 1;
    }
  };
  const clients = Array.from({ length: LOGIN_BURST.logins }, client);
  let burst;
  let burstCold;
  try {
    // The burst first fills the hashing threads and their queue, then the reads start.
    while (logins.done + logins.failed < LOGIN_BURST.logins)
      await new Promise((r) => setTimeout(r, 50));
    burst = await readLoad(shopUrl, read, load);
    burstCold = await measureCold(shopUrl, read, bump, settings.coldTimes);
  } finally {
    stop = true;
    await Promise.all(clients);
  }
  logins.ms.sort((a, b) => a - b);
  return {
    read: read.name,
    quiet: { ...quiet, uncachedP50: quietCold.p50, uncachedMax: quietCold.max },
    burst: { ...burst, uncachedP50: burstCold.p50, uncachedMax: burstCold.max },
    logins: {
      parallel: LOGIN_BURST.logins,
      done: logins.done,
      failed: logins.failed,
      p50: logins.ms[Math.floor(logins.ms.length / 2)],
    },
  };
}

export function printLoginBurst(f) {
  printTable(
    `${f.read} at ${LOGIN_BURST.readers} connections, quiet and during ${f.logins.parallel} parallel correct logins`,
    ['when', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'uncached p50 ms', 'uncached max ms'],
    [
      ['quiet', f.quiet],
      ['login burst', f.burst],
    ].map(([when, r]) => [
      when,
      int(r.requestsPerSecond),
      fixed(r.p50),
      fixed(r.p99),
      int(r.errors),
      fixed(r.uncachedP50),
      fixed(r.uncachedMax),
    ]),
  );
  console.log(
    `  logins: ${int(f.logins.done)} answered 200 (p50 ${fixed(f.logins.p50)} ms), ${int(f.logins.failed)} refused`,
  );
}
