/**
 * Release steps: what each version of the shop does to its database once, before any copy of it
 * serves: the indexes the models declare, the data migrations and, on a new database, the
 * admin account and the demo catalog. They run under the lease `release` (lib/lease.ts):
 * however many copies start together (workers, replicas, `pnpm migrate`), one runs them while
 * the others wait, then each finds them done (the indexes there, markers in `migrations`, the
 * seed finished) in a few reads. A copy killed midway stops renewing the lease; once it has run
 * out (RELEASE_LEASE_MS) the next copy runs the steps again: each is safe to run again, and a
 * half-seeded demo catalog is seeded again from the start.
 */
import { ensureIndexes } from './lib/db.js';
import { whileHolding } from './lib/lease.js';
import type { AppDeps } from './lib/types.js';
import {
  backfillItemIds,
  backfillOrderNumbers,
  releaseEndedExchangeHolds,
} from './modules/orders/index.js';
import { listOlderUnsettled } from './modules/payments/index.js';
import { migrateToColours, refreshSearchTerms } from './modules/products/index.js';
import { demoColourOf } from './seed/catalog-seed.js';
import type { DemoProduct } from './seed/demo-catalog.js';
import { seedIfEmpty } from './seed/index.js';

/** How long the release lock outlives its holder's last renewal (renewed every third). */
export const RELEASE_LEASE_MS = 10_000;

export async function runReleaseSteps(
  deps: AppDeps,
  options: { demoProducts?: readonly DemoProduct[]; pollMs?: number; now?: () => number } = {},
): Promise<void> {
  const { logger } = deps;
  await whileHolding(
    'release',
    async () => {
      await ensureIndexes(logger);
      // Products saved before colours (or sizes) existed become one colour.
      const migrated = await migrateToColours(demoColourOf);
      if (migrated)
        logger.info({ migrated }, 'products saved before colours are now in one colour');
      // Products written before search terms, under older rules or behind the API's back.
      const searchable = await refreshSearchTerms();
      if (searchable) logger.info({ products: searchable }, 'products given their search terms');
      await seedIfEmpty(deps, options.demoProducts);
      const numbered = await backfillOrderNumbers();
      if (numbered) logger.info({ orders: numbered }, 'gave older orders their number');
      // Lines of orders recorded before each line had its own id (returns name lines by it).
      const named = await backfillItemIds();
      if (named) logger.info({ orders: named }, "gave older orders' lines their itemId");
      // Exchanges that failed their check before it gave the size back still held it.
      const released = await releaseEndedExchangeHolds(deps);
      if (released) logger.info({ requests: released }, 'sizes held by ended exchanges are back');
      const unsettled = await listOlderUnsettled(deps);
      if (unsettled) logger.info({ checkouts: unsettled }, 'older payments to settle are listed');
    },
    {
      ms: RELEASE_LEASE_MS,
      ...(options.pollMs ? { pollMs: options.pollMs } : {}),
      ...(options.now ? { now: options.now } : {}),
      onWait: () => logger.info('another copy is running the release steps: waiting for it'),
    },
  );
}
