/**
 * The data directory holds whatever the application stores (password hashes, addresses,
 * orders): the folder is 0700 and every file in it 0600, whatever the umask, through
 * compactions, and an older, wider folder or journal is narrowed when the server opens it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { MongoWireServer, startEmbeddedMongo } from '../index.js';
import { tempDirs } from './helpers.js';

const tmpDir = tempDirs('embedded-mongo-modes-');

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

function expectPrivate(dataDir: string) {
  expect(modeOf(dataDir)).toBe(0o700);
  const files = fs.readdirSync(dataDir).filter((f) => !f.endsWith('.sock'));
  expect(files.some((f) => /^journal-\d+\.log$/.test(f))).toBe(true);
  expect(files).toContain('snapshot.bson');
  for (const f of files) expect([f, modeOf(path.join(dataDir, f))]).toEqual([f, 0o600]);
}

describe('the data directory', () => {
  it('is private, journal and snapshots included, under a permissive umask', async () => {
    const old = process.umask(0o000);
    const dataDir = path.join(tmpDir(), 'db');
    try {
      const server = new MongoWireServer({ dataDir, journal: { compactBytes: 20_000 } });
      const port = await server.listen();
      const client = await MongoClient.connect(`mongodb://127.0.0.1:${port}/`);
      // Enough writes for several compactions (new snapshot, new journal).
      const c = client.db('shop').collection('users');
      for (let i = 0; i < 20; i += 1)
        await c.insertMany(Array.from({ length: 50 }, (_, j) => ({ i, j, hash: 'x'.repeat(60) })));
      expectPrivate(dataDir);
      await client.close();
      await server.close();
    } finally {
      process.umask(old);
    }
  });

  it('narrows a folder and files that an older version left readable', async () => {
    const dataDir = path.join(tmpDir(), 'db');
    let mongo = await startEmbeddedMongo({ dataDir });
    const client = await MongoClient.connect(mongo.uri);
    await client.db('shop').collection('users').insertOne({ email: 'a@example.com' });
    await client.close();
    await mongo.stop();
    fs.chmodSync(dataDir, 0o755);
    for (const f of fs.readdirSync(dataDir)) fs.chmodSync(path.join(dataDir, f), 0o644);

    mongo = await startEmbeddedMongo({ dataDir });
    expectPrivate(dataDir);
    await mongo.stop();
  });
});
