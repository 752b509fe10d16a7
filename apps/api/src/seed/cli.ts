/**
 * `pnpm seed`: resets the catalog to the demo catalog. Every product and category is deleted
 * (with the products' photo files) and the demo ones are created again; users and orders are
 * kept, and the admin account is created if missing. Uses the same configuration as the shop
 * (MONGODB_URI, DATA_DIR, CLOUDINARY_URL…). With the embedded database, stop the shop first:
 * its data directory can be open in one process only.
 */
import { ConfigError, loadConfig } from '../config/index.js';
import { connectDatabase, ensureIndexes } from '../lib/db.js';
import { createDeps } from '../lib/deps.js';
import { createLogger } from '../lib/logger.js';
import { resetDemoCatalog } from './catalog-seed.js';
import { seedAdmin } from './index.js';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  let db;
  try {
    db = await connectDatabase({ mongoUri: config.mongoUri, dataDir: config.dataDir, logger });
  } catch (err) {
    if (/in use/i.test((err as Error).message)) {
      throw new Error(
        `The embedded database in ${config.dataDir}/db is in use: stop the shop first, then run the seed again.`,
        {
          cause: err,
        },
      );
    }
    throw err;
  }
  try {
    const deps = createDeps(config, logger, { kind: db.kind });
    await ensureIndexes(logger);
    await seedAdmin(deps);
    const { categories, products } = await resetDemoCatalog(deps);
    console.log(
      `Demo catalog reset: ${categories} categories, ${products} products (users and orders kept).`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(
    err instanceof ConfigError ? err.message : `Seeding failed: ${(err as Error).message}`,
  );
  process.exit(1);
});
