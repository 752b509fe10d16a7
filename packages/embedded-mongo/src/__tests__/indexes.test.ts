import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document } from 'mongodb';
import { MongoClient } from 'mongodb';
import type { Harness } from './helpers.js';
import { harness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ ttlIntervalMs: 100 });
});
afterAll(async () => {
  await h.close();
});

async function explain(
  coll: string,
  filter: Document,
  sort?: Document,
  limit?: number,
): Promise<Document> {
  return h.db.command({
    explain: { find: coll, filter, ...(sort ? { sort } : {}), ...(limit ? { limit } : {}) },
    verbosity: 'executionStats',
  });
}

describe('indexes', () => {
  it('uses an index for equality, $in and ranges, examining only matching documents', async () => {
    const c = h.db.collection('ix');
    await c.insertMany(
      Array.from({ length: 2000 }, (_, i) => ({
        sku: `s${i}`,
        cat: `c${i % 10}`,
        price: i,
        at: new Date(1_700_000_000_000 + i * 1000),
      })),
    );
    await c.createIndex({ sku: 1 }, { unique: true });
    await c.createIndex({ cat: 1 });
    await c.createIndex({ price: 1 });
    await c.createIndex({ at: -1 });
    let r = await explain('ix', { sku: 's42' });
    expect(r.queryPlanner.winningPlan.stage).toBe('IXSCAN');
    expect(r.queryPlanner.winningPlan.indexName).toBe('sku_1');
    expect(r.executionStats.totalDocsExamined).toBe(1);
    r = await explain('ix', { cat: { $in: ['c1', 'c2'] } });
    expect(r.executionStats.totalDocsExamined).toBe(400);
    r = await explain('ix', { price: { $gte: 100, $lt: 150 } });
    expect(r.executionStats.totalDocsExamined).toBe(50);
    expect(r.executionStats.nReturned).toBe(50);
    r = await explain('ix', { nothing: 1 });
    expect(r.queryPlanner.winningPlan.stage).toBe('COLLSCAN');
    expect(r.executionStats.totalDocsExamined).toBe(2000);
    // newest-first page walks the date index and stops early
    r = await explain(
      'ix',
      { cat: { $in: ['c1', 'c2', 'c3'] }, price: { $gte: 0, $lte: 5000 } },
      { at: -1 },
      12,
    );
    expect(r.executionStats.nReturned).toBe(12);
    expect(r.executionStats.totalDocsExamined).toBeLessThan(100);
    const page = await h.db
      .collection('ix')
      .find({ cat: { $in: ['c1', 'c2', 'c3'] }, price: { $gte: 0, $lte: 5000 } })
      .sort({ at: -1 })
      .limit(12)
      .toArray();
    expect(page.map((d) => d.price)).toEqual([
      1993, 1992, 1991, 1983, 1982, 1981, 1973, 1972, 1971, 1963, 1962, 1961,
    ]);
    await expect(h.db.collection('ix').find({}).hint('nope_1').toArray()).rejects.toMatchObject({
      code: 2,
    });
    expect(await h.db.collection('ix').find({ sku: 's5' }).hint({ sku: 1 }).toArray()).toHaveLength(
      1,
    );
  });

  it('keeps every index right through updates that change its keys and updates that do not', async () => {
    const c = h.db.collection('moves');
    await c.createIndex({ sku: 1 }, { unique: true });
    await c.createIndex({ cat: 1, price: 1 });
    await c.createIndex({ tag: 1 });
    await c.insertMany(
      Array.from({ length: 20 }, (_, i) => ({
        sku: `s${i}`,
        cat: `c${i % 2}`,
        price: i,
        qty: 5,
        tag: 't',
      })),
    );
    // Not an indexed field: every index still finds the document, with its new fields.
    await c.updateOne({ sku: 's3' }, { $inc: { qty: -2 } });
    expect(await c.findOne({ sku: 's3' })).toMatchObject({ qty: 3 });
    expect((await c.find({ cat: 'c1', price: 3 }).toArray()).map((d) => d.qty)).toEqual([3]);
    let r = await explain('moves', { cat: 'c1' });
    expect(r.executionStats.totalDocsExamined).toBe(10);
    // An indexed field: the entry moves (the old key no longer finds it, the new one does).
    await c.updateOne({ sku: 's3' }, { $set: { cat: 'c0', price: 30, sku: 's30' } });
    expect(await c.find({ cat: 'c1', price: 3 }).toArray()).toEqual([]);
    expect((await c.find({ cat: 'c0', price: { $gte: 30 } }).toArray()).map((d) => d.sku)).toEqual([
      's30',
    ]);
    r = await explain('moves', { cat: 'c1' });
    expect(r.executionStats.totalDocsExamined).toBe(9);
    expect(await c.findOne({ sku: 's3' })).toBeNull();
    // The unique key it left is free again; the one it took is not.
    await c.insertOne({ sku: 's3', cat: 'c1', price: 3 });
    await expect(c.insertOne({ sku: 's30' })).rejects.toMatchObject({ code: 11000 });
    // The same value, now inside an array: still found once, and a range still finds it.
    await c.updateOne({ sku: 's4' }, { $set: { tag: ['t', 't'] } });
    expect((await c.find({ tag: 't' }).toArray()).filter((d) => d.sku === 's4')).toHaveLength(1);
    expect(await c.countDocuments({ tag: { $gte: 't', $lte: 't' } })).toBe(20);
  });

  it('enforces unique with null/missing, sparse and partial semantics', async () => {
    const u = h.db.collection('uniq');
    await u.createIndex({ code: 1 }, { unique: true });
    await u.insertOne({ a: 1 });
    await expect(u.insertOne({ a: 2 })).rejects.toMatchObject({
      code: 11000,
      keyValue: { code: null },
    });
    const s = h.db.collection('sparse');
    await s.createIndex({ code: 1 }, { unique: true, sparse: true });
    await s.insertMany([{ a: 1 }, { a: 2 }, { code: 'x' }]);
    await expect(s.insertOne({ code: 'x' })).rejects.toMatchObject({ code: 11000 });
    const p = h.db.collection('partial');
    await p.createIndex({ email: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await p.insertMany([
      { email: 'a', active: false },
      { email: 'a', active: false },
      { email: 'a', active: true },
    ]);
    await expect(p.insertOne({ email: 'a', active: true })).rejects.toMatchObject({ code: 11000 });
    await expect(p.updateOne({ active: false }, { $set: { active: true } })).rejects.toMatchObject({
      code: 11000,
    });
    const comp = h.db.collection('compound');
    await comp.createIndex({ a: 1, b: 1 }, { unique: true });
    await comp.insertMany([
      { a: 1, b: 1 },
      { a: 1, b: 2 },
    ]);
    const e = await comp.insertOne({ a: 1, b: 2 }).catch((x: unknown) => x as Document);
    expect(e).toMatchObject({ code: 11000, keyPattern: { a: 1, b: 1 }, keyValue: { a: 1, b: 2 } });
    expect((e as Error).message).toMatch(/index: a_1_b_1 dup key: \{ a: 1, b: 2 \}/);
    // building a unique index over duplicates fails and leaves no index
    await expect(comp.createIndex({ a: 1 }, { unique: true })).rejects.toMatchObject({
      code: 11000,
    });
    expect((await comp.indexes()).length).toBe(2);
    const ci = h.db.collection('ci');
    await ci.createIndex({ name: 1 }, { unique: true, collation: { locale: 'en', strength: 2 } });
    await ci.insertOne({ name: 'Tees' });
    await expect(ci.insertOne({ name: 'tEES' })).rejects.toMatchObject({ code: 11000 });
    expect(
      await ci.findOne({ name: 'tees' }, { collation: { locale: 'en', strength: 2 } }),
    ).toMatchObject({ name: 'Tees' });
    expect(await ci.findOne({ name: 'tees' })).toBeNull();
  });

  it('lets exactly one of many parallel upserts insert under a unique index', async () => {
    const c = h.db.collection('race');
    await c.createIndex({ key: 1 }, { unique: true });
    const clients = await Promise.all([1, 2, 3].map(() => MongoClient.connect(h.mongo.uri)));
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        clients[i % 3]!.db(h.db.databaseName)
          .collection('race')
          .updateOne({ key: 'k' }, { $inc: { n: 1 } }, { upsert: true }),
      ),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await c.countDocuments()).toBe(1);
    expect((await c.findOne({ key: 'k' }))?.n).toBe(60);
    await Promise.all(clients.map((x) => x.close()));
  });

  it('expires documents through the TTL sweeper', async () => {
    const c = h.db.collection('sessions');
    await c.createIndex({ at: 1 }, { expireAfterSeconds: 1 });
    await c.insertMany([
      { at: new Date(Date.now() - 5000) },
      { at: [new Date(Date.now() - 5000), new Date()] },
      { at: new Date(Date.now() + 60_000) },
      { at: 'not a date' },
      {},
    ]);
    // The sweeper runs every 100 ms: wait for it (generously), then the count stays at 3.
    await expect.poll(() => c.countDocuments(), { timeout: 20_000 }).toBe(3);
    const kept = await c.find({}, { projection: { _id: 0 } }).toArray();
    expect(kept).toEqual(expect.arrayContaining([{ at: 'not a date' }, {}]));
    expect(kept.filter((d) => d.at instanceof Date)).toHaveLength(1); // the one a minute ahead
  });
});
