/**
 * `pnpm --filter @repo/bench busy`: only the busy-shop step of `pnpm bench` (lib/traffic.mjs),
 * at the same 2,000 products and with the same budgets: catalog reads idle, beside shoppers
 * paying, the shop's memory across distinct URLs, and the idle reads
 * with LOG_LEVEL=warn beside the default. Prints its tables, writes bench/busy-results.json,
 * exits 1 when a budget fails. Options: --quick (shorter steps, 20,000 URLs), --no-build,
 * --workers N (the shop's WEB_CONCURRENCY, as `npm start` reads it; default: its own, the number
 * of cores).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { growCatalog, openDatabase, workload } from './lib/catalog.mjs';
import { catalogReads } from './lib/load.mjs';
import { stopAll } from './lib/processes.mjs';
import { busyWarning, fixed, machineInfo, printTable } from './lib/report.mjs';
import { buildShop, startDatabase, startShop } from './lib/shop.mjs';
import { measureBusyShop, printTraffic, TRAFFIC_SETTINGS, trafficChecks } from './lib/traffic.mjs';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    quick: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    workers: { type: 'string' },
  },
});
const PRODUCTS = 2_000;
const SETTINGS = args.quick ? TRAFFIC_SETTINGS.quick : TRAFFIC_SETTINGS.full;

/** The shop's own setting when not given (server.ts: the number of cores). */
const shopEnv = args.workers ? { WEB_CONCURRENCY: args.workers } : {};

const log = (msg) => console.log(`[busy] ${msg}`);
// The machine and its load as the run starts (the shop's own processes load it from then on).
const machine = machineInfo();
const warning = busyWarning('at the start');
if (warning) console.warn(`[busy] warning: ${warning}`);
if (!args['no-build']) {
  log('building the API and the web app…');
  buildShop();
}

const tmp = mkdtempSync(join(tmpdir(), 'shop-busy-'));
const dataDir = join(tmp, 'data');
let client;
let traffic;
let error;
try {
  const database = await startDatabase(join(tmp, 'db'));
  const mongoUri = `${database.uri}shop`;
  log('first start: seeding the demo catalog…');
  await (await startShop({ mongoUri, dataDir, env: shopEnv })).stop();
  ({ client } = await openDatabase(mongoUri));
  const db = client.db();
  const reads = catalogReads(await workload(db));
  await growCatalog(db, PRODUCTS);
  const shop = await startShop({ mongoUri, dataDir, env: shopEnv });
  traffic = await measureBusyShop({
    shop,
    db,
    reads,
    settings: SETTINGS,
    startQuietShop: () => startShop({ mongoUri, dataDir, env: { ...shopEnv, LOG_LEVEL: 'warn' } }),
    log,
    databasePid: database.child.pid,
  });
  printTraffic(traffic, PRODUCTS);
} catch (err) {
  error = err.message;
  console.error(`[busy] the busy shop could not be measured: ${err.message}`);
} finally {
  await client?.close();
  await stopAll();
  rmSync(tmp, { recursive: true, force: true });
}

const checks = trafficChecks(traffic, SETTINGS.distinctUrls, `not measured (${error})`);
printTable(
  'Budgets',
  ['budget', 'measured', 'result'],
  checks.map((c) => [c.name, c.measured, c.pass ? 'PASS' : 'FAIL']),
);
machine.loadAverageAtEnd = loadavg()[0];
writeFileSync(
  new URL('./busy-results.json', import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), machine, warning, traffic, checks }, null, 2)}\n`,
);
log(
  `figures written to bench/busy-results.json (load average ${fixed(machine.loadAverageAtStart, 2)} at the start, ${fixed(machine.loadAverageAtEnd, 2)} at the end)`,
);
if (checks.some((c) => !c.pass)) process.exit(1);
