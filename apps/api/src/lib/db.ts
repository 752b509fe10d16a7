/**
 * Database bootstrap: MONGODB_URI when set; otherwise the embedded MongoDB-compatible
 * server persisted under DATA_DIR/db.
 */
import { join } from 'node:path';
import mongoose from 'mongoose';
import type { Logger } from 'pino';
import { startEmbeddedMongo } from '@repo/embedded-mongo';

export interface Database {
  kind: 'mongodb' | 'embedded';
  uri: string;
  close(): Promise<void>;
}

export async function connectDatabase(opts: { mongoUri?: string | undefined; dataDir: string; logger: Logger }): Promise<Database> {
  let uri = opts.mongoUri;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!uri) {
    const embedded = await startEmbeddedMongo({ dataDir: join(opts.dataDir, 'db') });
    uri = new URL('shop', embedded.uri).toString();
    stopEmbedded = embedded.stop;
    opts.logger.info({ dataDir: join(opts.dataDir, 'db') }, 'using the embedded database (set MONGODB_URI for MongoDB)');
  }
  await mongoose.connect(uri, {
    serverSelectionTimeoutMS: 5000,
    // While the database is down, requireDatabase refuses calls without asking the driver, so
    // only the driver's own heartbeat notices its return: every 2 s rather than the default 10 s.
    heartbeatFrequencyMS: 2000,
    // A heartbeat to an unreachable host fails after 5 s rather than 30 s.
    connectTimeoutMS: 5000,
  });
  await mongoose.connection.syncIndexes();
  return {
    kind: stopEmbedded ? 'embedded' : 'mongodb',
    uri,
    async close() {
      await mongoose.disconnect();
      await stopEmbedded?.();
    },
  };
}
