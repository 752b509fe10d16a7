/**
 * `pnpm --filter @repo/bench first-start`: the CPU of the shop's first start on an empty
 * database, which seeds the demo catalog, counted over every process of the shop (lib/shop.mjs
 * firstStart) against the budget `pnpm bench` checks. `pnpm bench` measures the same at its
 * start; this runs it alone. Options: --runs N (default 1), --workers N (WEB_CONCURRENCY),
 * --no-build. Exits 1 when a run is over the budget.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { stopAll } from './lib/processes.mjs';
import { busyWarning, int } from './lib/report.mjs';
import {
  buildShop,
  FIRST_START_CPU_MS,
  firstStart,
  firstStartText,
  startDatabase,
} from './lib/shop.mjs';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    runs: { type: 'string', default: '1' },
    workers: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const log = (msg) => console.log(`[first-start] ${msg}`);
const warning = busyWarning('at the start');
if (warning) console.warn(`[first-start] warning: ${warning}`);
if (!args['no-build']) {
  log('building the API and the web app…');
  buildShop();
}

const env = args.workers ? { WEB_CONCURRENCY: args.workers } : {};
const totals = [];
for (let run = 1; run <= Number(args.runs); run += 1) {
  const tmp = mkdtempSync(join(tmpdir(), 'shop-first-start-'));
  try {
    const database = await startDatabase(join(tmp, 'db'));
    const { shop, cpu } = await firstStart({
      database,
      mongoUri: `${database.uri}shop`,
      dataDir: join(tmp, 'data'),
      env,
    });
    log(`run ${run}: ${firstStartText(cpu)}`);
    totals.push(cpu.ms);
    await shop.stop();
    await database.stop();
  } finally {
    await stopAll();
    rmSync(tmp, { recursive: true, force: true });
  }
}
const over = totals.filter((ms) => ms > FIRST_START_CPU_MS);
log(
  `budget ≤ ${int(FIRST_START_CPU_MS)} ms: ${over.length ? `missed in ${over.length} of ${totals.length} runs` : 'met'}`,
);
if (over.length) process.exit(1);
