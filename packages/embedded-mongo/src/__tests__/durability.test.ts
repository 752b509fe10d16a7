import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { describe, expect, it, vi } from 'vitest';
import { MongoWireServer, startEmbeddedMongo } from '../index.js';
import { tempDirs } from './helpers.js';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(pkgDir, 'dist/cli.js');
const tmpDir = tempDirs('embedded-mongo-test-');

function startChild(dataDir: string): Promise<{ child: ChildProcess; uri: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--port', '0', '--data', dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /mongodb:\/\/[^\s]+/.exec(out);
      if (m) resolve({ child, uri: m[0] });
    });
    child.on('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

describe('durability', () => {
  it('keeps data, indexes and catalog across a clean restart', async () => {
    const dataDir = tmpDir();
    let mongo = await startEmbeddedMongo({ dataDir });
    let client = await MongoClient.connect(mongo.uri);
    const c = client.db('shop').collection('products');
    await c.createIndex({ slug: 1 }, { unique: true });
    await c.insertMany(Array.from({ length: 500 }, (_, i) => ({ slug: `p${i}`, price: i })));
    await c.updateMany({ price: { $lt: 100 } }, { $set: { cheap: true } });
    await c.deleteMany({ price: { $gte: 400 } });
    await client.db('shop').collection('gone').insertOne({ a: 1 });
    await client.db('shop').collection('gone').drop();
    await client.close();
    await mongo.stop();

    mongo = await startEmbeddedMongo({ dataDir });
    client = await MongoClient.connect(mongo.uri);
    const c2 = client.db('shop').collection('products');
    expect(await c2.countDocuments()).toBe(400);
    expect(await c2.countDocuments({ cheap: true })).toBe(100);
    expect((await c2.indexes()).map((i) => i.name)).toEqual(['_id_', 'slug_1']);
    await expect(c2.insertOne({ slug: 'p1' })).rejects.toMatchObject({ code: 11000 });
    expect((await client.db('shop').listCollections().toArray()).map((x) => x.name)).toEqual([
      'products',
    ]);
    await client.close();
    await mongo.stop();
  });

  it('compacts the journal into a snapshot while serving writes', async () => {
    const dataDir = tmpDir();
    const server = new MongoWireServer({ dataDir, journal: { compactBytes: 20_000 } });
    const port = await server.listen();
    const client = await MongoClient.connect(`mongodb://127.0.0.1:${port}/`);
    const c = client.db('shop').collection('log');
    for (let i = 0; i < 30; i++)
      await c.insertMany(Array.from({ length: 20 }, (_, j) => ({ i, j, pad: 'y'.repeat(100) })));
    await c.deleteMany({ j: { $gte: 10 } });
    const journals = fs.readdirSync(dataDir).filter((f) => f.startsWith('journal-'));
    expect(journals).toHaveLength(1);
    expect(Number(/\d+/.exec(journals[0]!)![0])).toBeGreaterThan(2); // several compactions happened
    await client.close();
    await server.close();
    const again = await startEmbeddedMongo({ dataDir });
    const client2 = await MongoClient.connect(again.uri);
    expect(await client2.db('shop').collection('log').countDocuments()).toBe(300);
    await client2.close();
    await again.stop();
  });

  it('refuses a data directory that another live server holds', async () => {
    const dataDir = tmpDir();
    const a = await startEmbeddedMongo({ dataDir });
    await expect(startEmbeddedMongo({ dataDir })).rejects.toThrow(/in use/);
    await a.stop();
  });

  it(
    'finds every acknowledged write after SIGKILL mid-burst, and no torn document',
    { timeout: 90_000 },
    async () => {
      const dataDir = tmpDir();
      const first = await startChild(dataDir);
      // Once the server is killed, an operation fails after 2 s of server selection, not 30.
      const client = await MongoClient.connect(first.uri, {
        maxPoolSize: 20,
        serverSelectionTimeoutMS: 2000,
      });
      const coll = client.db('shop').collection('orders');
      await coll.createIndex({ n: 1 }, { unique: true });
      const acked: number[] = [];
      let counterAcked = 0;
      let stop = false;
      const payload = 'x'.repeat(2000);
      const workers = Array.from({ length: 16 }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          const n = w * 1_000_000 + i;
          try {
            await coll.insertOne({ n, payload, items: [{ sku: `s${n}`, qty: i }] });
            acked.push(n);
            await coll.updateOne({ _id: 'counter' as never }, { $inc: { v: 1 } }, { upsert: true });
            counterAcked++;
          } catch {
            return;
          }
        }
      });
      // Kill once the burst is well under way.
      await vi.waitFor(() => expect(acked.length).toBeGreaterThanOrEqual(150), {
        timeout: 30_000,
        interval: 20,
      });
      first.child.kill('SIGKILL');
      stop = true;
      await Promise.all(workers);
      await client.close(true).catch(() => undefined);
      expect(acked.length).toBeGreaterThan(50);

      // A torn half-record at the end of the journal must be ignored.
      const journal = fs.readdirSync(dataDir).find((f) => f.startsWith('journal-'))!;
      fs.appendFileSync(path.join(dataDir, journal), Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 5]));

      const second = await startChild(dataDir);
      const client2 = await MongoClient.connect(second.uri);
      try {
        const c2 = client2.db('shop').collection('orders');
        const docs = await c2.find({ n: { $exists: true } }).toArray();
        const present = new Set(docs.map((d) => d.n as number));
        for (const n of acked) expect(present.has(n)).toBe(true);
        for (const d of docs) {
          expect(d.payload).toBe(payload);
          expect(d.items[0].sku).toBe(`s${d.n}`);
        }
        const counter = await c2.findOne({ _id: 'counter' as never });
        expect((counter?.v as number) ?? 0).toBeGreaterThanOrEqual(counterAcked);
        await expect(c2.insertOne({ n: acked[0] })).rejects.toMatchObject({ code: 11000 });
      } finally {
        await client2.close();
        second.child.kill('SIGTERM');
        await new Promise((r) => second.child.once('exit', r));
      }
    },
  );
});
