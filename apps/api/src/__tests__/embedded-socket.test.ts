/**
 * The shop's embedded database is reached through a Unix socket in its data folder that only
 * the shop's user may open (mode 0600), and opens no TCP port another local user could reach.
 */
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../lib/db.js';
import { createLogger } from '../lib/logger.js';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-sock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Inodes of this process's listening TCP sockets (its fds matched against /proc/net/tcp*). */
function listeningTcpInodes(): Set<string> {
  const mine = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (m) mine.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const out = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === '0A' && mine.has(cols[9]!)) out.add(cols[9]!);
    }
  }
  return out;
}

describe('the embedded database of the shop', () => {
  it('listens on DATA_DIR/db/mongod.sock with mode 0600 and on no TCP port', async () => {
    const before = listeningTcpInodes();
    const db = await connectDatabase({ dataDir, logger: createLogger('silent') });
    try {
      const socket = join(dataDir, 'db', 'mongod.sock');
      expect(statSync(socket).isSocket()).toBe(true);
      expect(statSync(socket).mode & 0o777).toBe(0o600);
      expect(db.uri).toBe(`mongodb://${encodeURIComponent(socket)}/shop`);
      expect([...listeningTcpInodes()].filter((i) => !before.has(i))).toEqual([]);
      const ping = await mongoose.connection.db!.admin().command({ ping: 1 });
      expect(ping.ok).toBe(1);
    } finally {
      await db.close();
    }
  });
});
