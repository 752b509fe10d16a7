/**
 * Database bootstrap: MONGODB_URI when set; otherwise the embedded MongoDB-compatible
 * server persisted under DATA_DIR/db, reached through its Unix socket DATA_DIR/db/mongod.sock
 * (mode 0600; no TCP port, so no other local user can read or change the shop's data), served
 * by one process of the shop (cluster.ts: the primary) for all of them.
 */
import mongoose from 'mongoose';
import type { Logger } from 'pino';
import { EMBEDDED_DB_URI, startDatabaseServer } from './db-server.js';

export interface Database {
  kind: 'mongodb' | 'embedded';
  uri: string;
  close(): Promise<void>;
}

/**
 * Connects this process: to MONGODB_URI; to `embeddedUri`, the embedded database another
 * process of this shop serves (cluster.ts's primary); or to an embedded database it serves
 * itself.
 */
export async function connectDatabase(opts: {
  mongoUri?: string | undefined;
  dataDir: string;
  logger: Logger;
  /** Default: the one the primary passed in EMBEDDED_DB_URI, if any. */
  embeddedUri?: string | undefined;
}): Promise<Database> {
  opts = { embeddedUri: process.env[EMBEDDED_DB_URI], ...opts };
  const server = opts.mongoUri || opts.embeddedUri ? undefined : await startDatabaseServer(opts);
  const uri = opts.mongoUri ?? opts.embeddedUri ?? server!.uri;
  await connectMongoose(uri);
  return {
    kind: opts.mongoUri ? 'mongodb' : 'embedded',
    uri,
    async close() {
      await mongoose.disconnect();
      await server?.stop();
    },
  };
}

/**
 * Mongoose's connection with the shop's settings. Indexes are the release steps' (release.ts,
 * ensureIndexes): no process builds them on its own as it connects.
 */
export async function connectMongoose(uri: string) {
  await mongoose.connect(uri, {
    autoIndex: false,
    serverSelectionTimeoutMS: 5000,
    // While the database is down, requireDatabase refuses calls without asking the driver, so
    // only the driver's own heartbeat notices its return: every 2 s rather than the default 10 s.
    heartbeatFrequencyMS: 2000,
    // A heartbeat to an unreachable host fails after 5 s rather than 30 s.
    connectTimeoutMS: 5000,
  });
}

type IndexSpec = [keys: Record<string, unknown>, options: { name?: string }];

/** MongoDB's default name for an index: `field_value` pairs joined by "_". */
const defaultIndexName = (keys: Record<string, unknown>) =>
  Object.entries(keys)
    .map(([field, value]) => `${field}_${String(value)}`)
    .join('_');

/**
 * Creates the indexes the schemas declare. An index found under the name or keys of one the
 * shop declares, but with other options (an older version of the shop's own), is replaced; any
 * other index on the shop's collections (an operator's, say) is kept and named in a warning,
 * where Mongoose's syncIndexes() would drop it.
 */
export async function ensureIndexes(logger: Logger): Promise<void> {
  for (const model of Object.values(mongoose.connection.models)) {
    // Mongoose's own steps of syncIndexes(), without dropping what it does not know.
    const diff = (await model.diffIndexes({ indexOptionsToCreate: true } as never)) as unknown as {
      toDrop: string[];
      toCreate: IndexSpec[];
    };
    if (!diff.toDrop.length && !diff.toCreate.length) continue;
    const existing = (await model.listIndexes().catch(() => [])) as Array<{
      name: string;
      key: Record<string, unknown>;
    }>;
    const clashes = (index: { name: string; key: Record<string, unknown> }) =>
      diff.toCreate.some(
        ([keys, options]) =>
          JSON.stringify(keys) === JSON.stringify(index.key) ||
          (options.name ?? defaultIndexName(keys)) === index.name,
      );
    const replaced = existing
      .filter((index) => diff.toDrop.includes(index.name) && clashes(index))
      .map((index) => index.name);
    for (const name of replaced) await model.collection.dropIndex(name);
    if (diff.toCreate.length) await model.createIndexes({ toCreate: diff.toCreate } as never);
    const kept = diff.toDrop.filter((name) => !replaced.includes(name));
    if (kept.length)
      logger.warn(
        { collection: model.collection.collectionName, indexes: kept },
        'keeping indexes the shop does not declare',
      );
    if (replaced.length)
      logger.info(
        { collection: model.collection.collectionName, indexes: replaced },
        'replaced indexes whose options changed',
      );
  }
}
