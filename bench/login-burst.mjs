/**
 * `pnpm --filter @repo/bench login-burst`: the catalog read "product list, page 1" measured
 * quiet and then during a burst of correct logins (lib/login-burst.mjs), against the built
 * shop with the demo catalog on loopback. `pnpm bench` runs the same step; this runs it alone.
 * Prints a table, writes bench/login-burst-results.json, exits 1 above the budget.
 * Options: --quick (shorter runs), --no-build.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { bumpCatalogVersion, openDatabase, workload } from './lib/catalog.mjs';
import { catalogReads } from './lib/load.mjs';
import {
  LOGIN_BURST_P99_BUDGET_MS,
  measureLoginBurst,
  printLoginBurst,
} from './lib/login-burst.mjs';
import { stopAll } from './lib/processes.mjs';
import { busyWarning, machineInfo } from './lib/report.mjs';
import { buildShop, startDatabase, startShop } from './lib/shop.mjs';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    quick: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});
const SETTINGS = args.quick
  ? { duration: 3, warmup: 0.5, coldTimes: 10 }
  : { duration: 10, warmup: 1, coldTimes: 30 };

const log = (msg) => console.log(`[login-burst] ${msg}`);
const warning = busyWarning('at the start');
if (warning) console.warn(`[login-burst] warning: ${warning}`);
if (!args['no-build']) {
  log('building the API and the web app…');
  buildShop();
}

const tmp = mkdtempSync(join(tmpdir(), 'shop-login-burst-'));
let database;
let client;
let shop;
let figures;
try {
  database = await startDatabase(join(tmp, 'db'));
  const mongoUri = `${database.uri}shop`;
  log('starting the shop with the demo catalog…');
  shop = await startShop({ mongoUri, dataDir: join(tmp, 'data') });
  ({ client } = await openDatabase(mongoUri));
  const db = client.db();
  const [read] = catalogReads(await workload(db));
  log(`${read.name}: ${SETTINGS.duration} s quiet, then ${SETTINGS.duration} s during the burst…`);
  figures = await measureLoginBurst({
    shopUrl: shop.url,
    read,
    bump: () => bumpCatalogVersion(db),
    settings: SETTINGS,
  });
} finally {
  await client?.close();
  await shop?.stop();
  await database?.stop();
  await stopAll();
  rmSync(tmp, { recursive: true, force: true });
}

printLoginBurst(figures);
const pass = figures.burst.p99 <= LOGIN_BURST_P99_BUDGET_MS && figures.burst.errors === 0;
writeFileSync(
  new URL('./login-burst-results.json', import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo(), settings: SETTINGS, budgetMs: LOGIN_BURST_P99_BUDGET_MS, pass, ...figures }, null, 2)}\n`,
);
log(
  `catalog read p99 during the login burst ≤ ${LOGIN_BURST_P99_BUDGET_MS} ms, no errors: ${pass ? 'PASS' : 'FAIL'}`,
);
if (warning) console.warn(`[login-burst] warning: ${warning}`);
if (!pass) process.exit(1);
