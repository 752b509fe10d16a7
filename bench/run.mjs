/**
 * `pnpm bench`: what users feel, measured against a ceiling, checked against the budgets.
 *   1. catalog reads under load at 2,000 products, each beside a bare server's ceiling;
 *   2. the same reads at 20,000 products;
 *   3. the web app: gzip size of the home page's JavaScript and CSS and of the largest route,
 *      and Lighthouse (mobile) on the home page and a product page;
 *   4. the embedded database's own figures (its package's bench);
 *   5. the first start's CPU time, which renders the demo catalog's pictures;
 *   6. a catalog read during a burst of correct logins (also alone: `pnpm --filter @repo/bench
 *      login-burst`).
 *   1b. searches the cache has not seen (varied words: lib/search-load.mjs) at each size;
 *   7. the shop when busy (at 2,000 products): mixed catalog reads idle, beside shoppers paying
 *      (20+ checkouts/s), and the shop's memory across 100,000
 *      distinct URLs; the same idle reads with LOG_LEVEL=warn beside the default (info).
 * Every figure is printed as a table and written to bench/results.json with the machine's
 * description. Exits 1 when a budget fails. `--quick` shortens every run for a fast check;
 * `--no-build` skips the build (turbo would skip an unchanged one anyway).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bumpCatalogVersion, growCatalog, openDatabase, workload } from './lib/catalog.mjs';
import { runLighthouse } from './lib/lighthouse.mjs';
import { captureAnswers, catalogReads, measureReads, startCeiling } from './lib/load.mjs';
import {
  LOGIN_BURST_P99_BUDGET_MS,
  measureLoginBurst,
  printLoginBurst,
} from './lib/login-burst.mjs';
import { stopAll } from './lib/processes.mjs';
import {
  measureVariedSearch,
  printVariedSearch,
  UNCACHED_SEARCH_BUDGET,
  variedSearches,
} from './lib/search-load.mjs';
import { busyWarning, fixed, int, kb, machineInfo, printTable } from './lib/report.mjs';
import {
  buildShop,
  FIRST_START_CPU_MS,
  firstStart,
  firstStartText,
  repoRoot,
  startDatabase,
  startShop,
} from './lib/shop.mjs';
import { measureWeb } from './lib/web-size.mjs';
import {
  measureBusyShop,
  printTraffic,
  TRAFFIC_BUDGETS,
  TRAFFIC_SETTINGS,
  trafficChecks,
} from './lib/traffic.mjs';

const { values: args } = parseArgs({
  // `pnpm bench -- --quick` passes the `--` through.
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    quick: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});

const BUDGETS = {
  homeJsGzipBytes: 110_000,
  lighthouseScore: 95,
  p99Ms: 50,
  ceilingRatio: 0.3,
  /** CPU of the first start on an empty database, every process (lib/shop.mjs firstStart). */
  firstStartCpuMs: FIRST_START_CPU_MS,
  /** The catalog size the latency and throughput budgets apply to. */
  products: 2_000,
  /** The busy shop's: lib/traffic.mjs. */
  traffic: TRAFFIC_BUDGETS,
};
const SIZES = [2_000, 20_000];
const LOAD = args.quick
  ? { connections: 64, duration: 2, warmup: 0.5, coldTimes: 10 }
  : { connections: 64, duration: 5, warmup: 1, coldTimes: 30 };
const LIGHTHOUSE_RUNS = args.quick ? 1 : 3;
const TRAFFIC = args.quick ? TRAFFIC_SETTINGS.quick : TRAFFIC_SETTINGS.full;

const results = {
  date: new Date().toISOString(),
  quick: args.quick,
  machine: machineInfo(),
  load: LOAD,
  budgets: BUDGETS,
  api: {},
  uncachedSearch: {},
  errors: {},
};
const log = (msg) => console.log(`[bench] ${msg}`);
const section = async (name, fn) => {
  try {
    return await fn();
  } catch (err) {
    results.errors[name] = err.message;
    console.error(`\n[bench] ${name} could not be measured: ${err.message}`);
    return undefined;
  }
};

const m = results.machine;
printTable(
  'Machine',
  ['os', 'cpu', 'cores', 'memory GiB', 'node', 'load avg'],
  [[m.os, m.cpu, m.cores, m.memoryGiB, m.node, fixed(m.loadAverageAtStart, 2)]],
);
results.warnings = [busyWarning('at the start')].filter(Boolean);
for (const w of results.warnings) console.warn(`[bench] warning: ${w}`);

if (!args['no-build']) {
  log('building the API and the web app…');
  const ms = buildShop();
  log(`built in ${fixed(ms / 1000)} s`);
}

// 3a. Web sizes need only the build.
results.web = await section('web sizes', () => measureWeb(join(repoRoot, 'apps/web/dist')));
if (results.web) {
  const { home, largest } = results.web;
  printTable(
    'Web app: what a page loads (KB = 1000 bytes)',
    ['page', 'JS gzip KB', 'CSS gzip KB', 'JS raw KB', 'CSS raw KB'],
    [
      ['home', kb(home.js.gzip), kb(home.css.gzip), kb(home.js.raw), kb(home.css.raw)],
      [
        `largest route (${largest.route})`,
        kb(largest.js.gzip),
        kb(largest.css.gzip),
        kb(largest.js.raw),
        kb(largest.css.raw),
      ],
    ],
  );
}

// 1–2. The shop under load at each catalog size; Lighthouse at the budget's size.
const tmp = mkdtempSync(join(tmpdir(), 'shop-bench-'));
const dataDir = join(tmp, 'data');
let database;
let client;
try {
  await section('shop', async () => {
    database = await startDatabase(join(tmp, 'db'));
    const mongoUri = `${database.uri}shop`;
    log('first start: seeding the demo catalog…');
    // CPU time rather than wall time: other work on a busy machine barely moves it.
    const first = await firstStart({ database, mongoUri, dataDir });
    let { shop } = first;
    results.firstStart = { cpuMs: first.cpu.ms, parts: first.cpu };
    log(`first start with the demo catalog: ${firstStartText(first.cpu)}`);
    await shop.stop();
    ({ client } = await openDatabase(mongoUri));
    const db = client.db();
    const params = await workload(db);
    const reads = catalogReads(params);

    for (const size of SIZES) {
      const grown = await growCatalog(db, size);
      log(
        `catalog at ${int(size)} products (${int(grown.inserted)} inserted in ${fixed(grown.ms / 1000)} s)`,
      );
      // A fresh start after writing behind the API's back: no in-process cache can be stale.
      shop = await startShop({ mongoUri, dataDir });
      try {
        const rows = await section(`API at ${size} products`, async () => {
          const answers = await captureAnswers(shop.url, reads);
          const ceiling = await startCeiling(answers, tmp);
          try {
            log(
              `measuring ${reads.length} reads at ${LOAD.connections} connections, ${LOAD.warmup} s warm-up + ${LOAD.duration} s each, shop then ceiling…`,
            );
            return await measureReads({
              shopUrl: shop.url,
              // The API and the database process: what serving a read costs in all.
              shopPids: [shop.child.pid, database.child.pid],
              ceilingUrl: ceiling.url,
              ceilingPids: [ceiling.child.pid],
              reads,
              answers,
              settings: LOAD,
              bump: () => bumpCatalogVersion(db),
            });
          } finally {
            await ceiling.stop();
          }
        });
        if (rows) {
          results.api[size] = rows;
          printApiTable(size, rows, results.api[SIZES[0]]);
        }
        const searched = await section(`uncached search at ${size} products`, async () => {
          const searches = await variedSearches(db, 60_000);
          log(`searches the cache has not seen: ${int(searches.length)} distinct…`);
          return measureVariedSearch(shop.url, searches, LOAD, [
            shop.child.pid,
            database.child.pid,
          ]);
        });
        if (searched) {
          results.uncachedSearch[size] = searched;
          printVariedSearch(results.uncachedSearch);
        }
        if (size === BUDGETS.products) {
          results.lighthouse = await section('lighthouse', async () => {
            log(`Lighthouse, ${LIGHTHOUSE_RUNS} run(s) per page…`);
            const pages = [
              { name: 'home', url: `${shop.url}/` },
              {
                name: 'product page',
                url: `${shop.url}/product-detail/${encodeURIComponent(params.slug)}`,
              },
            ];
            return runLighthouse(pages, { runs: LIGHTHOUSE_RUNS });
          });
          if (results.lighthouse) printLighthouse(results.lighthouse);
          results.loginBurst = await section('login burst', () =>
            measureLoginBurst({
              shopUrl: shop.url,
              read: reads[0],
              bump: () => bumpCatalogVersion(db),
              settings: LOAD,
            }),
          );
          if (results.loginBurst) printLoginBurst(results.loginBurst);
          results.traffic = await section('busy shop', () =>
            measureBusyShop({
              shop,
              db,
              reads,
              settings: TRAFFIC,
              startQuietShop: () => startShop({ mongoUri, dataDir, env: { LOG_LEVEL: 'warn' } }),
              log,
              databasePid: database.child.pid,
            }),
          );
          if (results.traffic) printTraffic(results.traffic, BUDGETS.products);
        }
      } finally {
        await shop.stop();
      }
    }
  });
} finally {
  await client?.close();
  await database?.stop();
  await stopAll();
  rmSync(tmp, { recursive: true, force: true });
}

// 4. The embedded database's own bench, when its package has one.
results.embeddedMongo = await section('embedded-mongo bench', () => embeddedMongoBench());

// Budgets.
results.budgetChecks = checkBudgets();
printTable(
  'Budgets',
  ['budget', 'measured', 'result'],
  results.budgetChecks.map((b) => [b.name, b.measured, b.pass ? 'PASS' : 'FAIL']),
);
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
log('figures written to bench/results.json');
for (const w of results.warnings) console.warn(`[bench] warning: ${w}`);
const failed = results.budgetChecks.filter((b) => !b.pass);
if (failed.length) {
  console.error(`\n[bench] ${failed.length} budget(s) failed.`);
  process.exit(1);
}

function printApiTable(size, rows, base) {
  const header = [
    'read',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'CPU ms/req',
    'ceiling req/s',
    'ceiling p99',
    'ceiling CPU',
    'of ceiling',
    'uncached p50 ms',
    'bytes',
  ];
  if (base && base !== rows) header.push(`req/s vs ${int(SIZES[0])}`, `CPU vs ${int(SIZES[0])}`);
  printTable(
    `API at ${int(size)} products (${LOAD.connections} connections, ${LOAD.duration} s per read, loopback)`,
    header,
    rows.map((r, i) => {
      const row = [
        r.name,
        int(r.shop.requestsPerSecond),
        fixed(r.shop.p50),
        fixed(r.shop.p99),
        int(r.shop.errors),
        fixed(r.shop.cpuMsPerRequest, 3),
        int(r.ceiling.requestsPerSecond),
        fixed(r.ceiling.p99),
        fixed(r.ceiling.cpuMsPerRequest, 3),
        `${fixed(r.ratio * 100)}%`,
        fixed(r.cold?.p50),
        int(r.responseBytes),
      ];
      if (base && base !== rows)
        row.push(
          `${fixed((r.shop.requestsPerSecond / base[i].shop.requestsPerSecond) * 100)}%`,
          `${fixed((r.shop.cpuMsPerRequest / base[i].shop.cpuMsPerRequest) * 100)}%`,
        );
      return row;
    }),
  );
}

function printLighthouse(pages) {
  printTable(
    'Lighthouse, mobile (simulated throttling), median run',
    ['page', 'performance', 'LCP ms', 'TBT ms', 'CLS', 'FCP ms', 'all runs'],
    pages.map((p) => [
      p.name,
      p.score,
      int(p.lcpMs),
      int(p.tbtMs),
      fixed(p.cls, 3),
      int(p.fcpMs),
      p.scores.join(' '),
    ]),
  );
  for (const p of pages) {
    for (const error of p.runErrors ?? [])
      console.error(`[bench] Lighthouse on ${p.name}: ${error}`);
    const phases = Object.entries(p.lcpPhases ?? {}).map(([phase, ms]) => `${phase} ${ms} ms`);
    if (phases.length) console.log(`  ${p.name}: LCP ${phases.join(', ')}`);
    if (p.opportunities?.length) console.log(`  ${p.name}: ${p.opportunities.join('; ')}`);
  }
}

function embeddedMongoBench() {
  const pkg = JSON.parse(
    readFileSync(join(repoRoot, 'packages/embedded-mongo/package.json'), 'utf8'),
  );
  const script = join(repoRoot, 'packages/embedded-mongo/dist/bench/run.js');
  if (!pkg.scripts?.bench || !existsSync(script)) {
    log(
      'the embedded database has no bench yet (packages/embedded-mongo/dist/bench/run.js is missing)',
    );
    return { present: false };
  }
  const file = join(tmpdir(), `embedded-mongo-bench-${process.pid}.json`);
  log("running the embedded database's bench…");
  const run = spawnSync('pnpm', ['--filter', '@repo/embedded-mongo', 'bench', '--json', file], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 300_000,
  });
  // Its own table, as it printed it (pnpm's banner lines dropped).
  console.log(
    `\nEmbedded database (pnpm --filter @repo/embedded-mongo bench)\n${run.stdout
      .split('\n')
      .filter((l) => !l.startsWith('>') && l.trim())
      .join('\n')}`,
  );
  if (run.status !== 0)
    throw new Error(`it exited with ${run.status ?? run.signal}: ${run.stderr.slice(-2000)}`);
  const figures = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  rmSync(file, { force: true });
  return { present: true, figures };
}

function checkBudgets() {
  const checks = [];
  const add = (name, pass, measured) => checks.push({ name, pass, measured });
  const notMeasured = (what) =>
    `not measured (${(results.errors[what] ?? 'see above').split('\n')[0].slice(0, 100)})`;

  const home = results.web?.home;
  add(
    `home page JS ≤ ${kb(BUDGETS.homeJsGzipBytes)} KB gzip`,
    !!home && home.js.gzip <= BUDGETS.homeJsGzipBytes,
    home ? `${kb(home.js.gzip)} KB` : notMeasured('web sizes'),
  );

  for (const name of ['home', 'product page']) {
    const page = results.lighthouse?.find((p) => p.name === name);
    add(
      `Lighthouse performance ≥ ${BUDGETS.lighthouseScore}: ${name}`,
      !!page && page.score >= BUDGETS.lighthouseScore,
      page ? String(page.score) : notMeasured('lighthouse'),
    );
  }

  const firstStartCpu = results.firstStart?.cpuMs;
  add(
    `first start with the demo catalog ≤ ${int(BUDGETS.firstStartCpuMs)} ms CPU`,
    firstStartCpu !== undefined && firstStartCpu <= BUDGETS.firstStartCpuMs,
    firstStartCpu !== undefined ? `${int(firstStartCpu)} ms` : notMeasured('shop'),
  );

  const burst = results.loginBurst?.burst;
  add(
    `catalog read p99 during a login burst ≤ ${LOGIN_BURST_P99_BUDGET_MS} ms, no errors`,
    !!burst && burst.p99 <= LOGIN_BURST_P99_BUDGET_MS && burst.errors === 0,
    burst ? `p99 ${fixed(burst.p99)} ms, ${int(burst.errors)} errors` : notMeasured('login burst'),
  );

  const rows = results.api[BUDGETS.products];
  const apiError = notMeasured(`API at ${BUDGETS.products} products`);
  for (const read of rows ?? [{ name: 'catalog reads' }]) {
    const s = read.shop;
    add(
      `${read.name}: p99 ≤ ${BUDGETS.p99Ms} ms, no errors`,
      !!s && s.p99 <= BUDGETS.p99Ms && s.errors === 0,
      s
        ? `p99 ${fixed(s.p99)} ms, ${int(s.errors)} errors`
        : results.errors.shop
          ? notMeasured('shop')
          : apiError,
    );
    add(
      `${read.name}: ≥ ${BUDGETS.ceilingRatio * 100}% of ceiling`,
      !!s && read.ratio >= BUDGETS.ceilingRatio,
      s ? `${fixed(read.ratio * 100)}%` : results.errors.shop ? notMeasured('shop') : apiError,
    );
  }
  const search = results.uncachedSearch[BUDGETS.products];
  add(
    `uncached searches (varied words) ≥ ${int(UNCACHED_SEARCH_BUDGET.requestsPerSecond)}/s, p99 ≤ ${UNCACHED_SEARCH_BUDGET.p99Ms} ms, no errors`,
    !!search &&
      search.requestsPerSecond >= UNCACHED_SEARCH_BUDGET.requestsPerSecond &&
      search.p99 <= UNCACHED_SEARCH_BUDGET.p99Ms &&
      search.errors === 0 &&
      search.reused === 0,
    search
      ? `${int(search.requestsPerSecond)}/s, p99 ${fixed(search.p99)} ms, ${int(search.errors)} errors`
      : notMeasured(`uncached search at ${BUDGETS.products} products`),
  );
  for (const c of trafficChecks(results.traffic, TRAFFIC.distinctUrls, notMeasured('busy shop')))
    add(c.name, c.pass, c.measured);
  return checks;
}
