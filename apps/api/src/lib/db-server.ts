/**
 * The embedded database served by this process (a lone shop process, or cluster.ts's primary).
 * Apart from lib/db.ts so that the primary, which only serves it, loads no Mongoose.
 */
import { join } from 'node:path';
import type { Logger } from 'pino';
import { startEmbeddedMongo } from '@repo/embedded-mongo';

/** Where a primary tells its workers the address of the embedded database it serves (cluster.ts). */
export const EMBEDDED_DB_URI = 'SHOP_EMBEDDED_DB_URI';

/** The embedded database, served by this process (a lone shop process, or cluster.ts's primary). */
export interface DatabaseServer {
  /** Its address with the shop's database name. */
  uri: string;
  stop(): Promise<void>;
}

export async function startDatabaseServer(opts: {
  dataDir: string;
  logger: Logger;
}): Promise<DatabaseServer> {
  const dataDir = join(opts.dataDir, 'db');
  const embedded = await startEmbeddedMongo({ dataDir });
  // the Unix socket inside the data folder (mode 0600): no TCP port for other local users
  opts.logger.info(
    { dataDir, socket: embedded.socketPath },
    'using the embedded database (set MONGODB_URI for MongoDB)',
  );
  return { uri: `${embedded.uri}shop`, stop: embedded.stop };
}
