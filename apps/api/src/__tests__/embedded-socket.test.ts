/**
 * The shop's embedded database is reached through a Unix socket in its data folder that only
 * the shop's user may open (mode 0600); the embedded package's socket test shows that such a
 * server opens no TCP port another local user could reach.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../lib/db.js';
import { createLogger } from '../lib/logger.js';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-sock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database of the shop', () => {
  it('is reached through DATA_DIR/db/mongod.sock, mode 0600', async () => {
    const db = await connectDatabase({ dataDir, logger: createLogger('silent') });
    try {
      const socket = join(dataDir, 'db', 'mongod.sock');
      expect(statSync(socket).isSocket()).toBe(true);
      expect(statSync(socket).mode & 0o777).toBe(0o600);
      expect(db.uri).toBe(`mongodb://${encodeURIComponent(socket)}/shop`);
      const ping = await mongoose.connection.db!.admin().command({ ping: 1 });
      expect(ping.ok).toBe(1);
    } finally {
      await db.close();
    }
  });
});
