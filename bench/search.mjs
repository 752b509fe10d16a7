/**
 * `pnpm --filter @repo/bench search`: searches the cache has not seen (lib/search-load.mjs),
 * at 2,000 and 20,000 products, against the built shop on loopback. `pnpm bench` runs the same
 * step; this runs it alone. Prints a table, writes bench/search-results.json, exits 1 when the
 * budget at 2,000 products is not met. Options: --quick (shorter runs), --no-build.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { growCatalog, openDatabase } from './lib/catalog.mjs';
import { stopAll } from './lib/processes.mjs';
import { busyWarning, machineInfo } from './lib/report.mjs';
import {
  measureVariedSearch,
  printVariedSearch,
  UNCACHED_SEARCH_BUDGET,
  variedSearches,
} from './lib/search-load.mjs';
import { buildShop, startDatabase, startShop } from './lib/shop.mjs';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    quick: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});
const SETTINGS = args.quick
  ? { connections: 64, duration: 2, warmup: 0.5 }
  : { connections: 64, duration: 5, warmup: 1 };
const SIZES = [2_000, 20_000];

const log = (msg) => console.log(`[search] ${msg}`);
const warning = busyWarning('at the start');
if (warning) console.warn(`[search] warning: ${warning}`);
if (!args['no-build']) {
  log('building the API and the web app…');
  buildShop();
}

const tmp = mkdtempSync(join(tmpdir(), 'shop-search-'));
const dataDir = join(tmp, 'data');
let database;
let client;
const rows = {};
try {
  database = await startDatabase(join(tmp, 'db'));
  const mongoUri = `${database.uri}shop`;
  log('first start: seeding the demo catalog…');
  await (await startShop({ mongoUri, dataDir })).stop();
  ({ client } = await openDatabase(mongoUri));
  const db = client.db();
  for (const size of SIZES) {
    await growCatalog(db, size);
    const searches = await variedSearches(db, 60_000);
    const shop = await startShop({ mongoUri, dataDir });
    try {
      log(`${size} products: ${searches.length} distinct searches, ${SETTINGS.duration} s…`);
      rows[size] = await measureVariedSearch(shop.url, searches, SETTINGS, [
        shop.child.pid,
        database.child.pid,
      ]);
    } finally {
      await shop.stop();
    }
  }
} finally {
  await client?.close();
  await database?.stop();
  await stopAll();
  rmSync(tmp, { recursive: true, force: true });
}

printVariedSearch(rows);
const at = rows[SIZES[0]];
const pass =
  at.requestsPerSecond >= UNCACHED_SEARCH_BUDGET.requestsPerSecond &&
  at.p99 <= UNCACHED_SEARCH_BUDGET.p99Ms &&
  at.errors === 0 &&
  at.reused === 0;
writeFileSync(
  new URL('./search-results.json', import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), machine: machineInfo(), settings: SETTINGS, budget: UNCACHED_SEARCH_BUDGET, pass, rows }, null, 2)}\n`,
);
log(
  `uncached searches at ${SIZES[0]} products ≥ ${UNCACHED_SEARCH_BUDGET.requestsPerSecond}/s, p99 ≤ ${UNCACHED_SEARCH_BUDGET.p99Ms} ms, no errors: ${pass ? 'PASS' : 'FAIL'}`,
);
if (warning) console.warn(`[search] warning: ${warning}`);
if (!pass) process.exit(1);
