import { Decimal128, Long, ObjectId } from 'mongodb';
import type { Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../index.js';
import type { Harness } from './helpers.js';
import { harness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h.close();
});

describe('CRUD through the mongodb driver', () => {
  it('keeps BSON types intact and compares ObjectIds and Dates by value', async () => {
    const c = h.db.collection('types');
    const ids = [new ObjectId(), new ObjectId(), new ObjectId()];
    const dates = [new Date('2024-01-01'), new Date('2023-01-01'), new Date('2025-01-01')];
    await c.insertMany(
      ids.map((_id, i) => ({
        _id,
        at: dates[i],
        price: Decimal128.fromString('19.99'),
        big: Long.fromString('9007199254740993'),
        i,
      })),
    );
    const one = await c.findOne({ _id: new ObjectId(ids[1]!.toHexString()) });
    expect(one?.i).toBe(1);
    expect(one?.at).toEqual(dates[1]);
    expect(one?.price).toBeInstanceOf(Decimal128);
    expect(one?.price.toString()).toBe('19.99');
    expect(String(one?.big)).toBe('9007199254740993');
    const inIds = await c
      .find({ _id: { $in: [new ObjectId(ids[0]!.toHexString()), ids[2]!] } })
      .toArray();
    expect(inIds.map((d) => d.i).sort()).toEqual([0, 2]);
    expect((await c.find().sort({ _id: -1 }).toArray()).map((d) => d.i)).toEqual([2, 1, 0]);
    expect((await c.find().sort({ at: 1 }).toArray()).map((d) => d.i)).toEqual([1, 0, 2]);
    expect(
      (await c.find({ at: { $gt: new Date('2023-06-01') } }).toArray()).map((d) => d.i).sort(),
    ).toEqual([0, 2]);
  });

  it('pages large results through getMore and kills cursors', async () => {
    const c = h.db.collection('many');
    await c.insertMany(Array.from({ length: 1050 }, (_, i) => ({ i })));
    const all = await c.find({}, { batchSize: 100 }).sort({ i: 1 }).toArray();
    expect(all).toHaveLength(1050);
    expect(all[1049]!.i).toBe(1049);
    const first = await h.db.command({ find: 'many', batchSize: 10 });
    expect(first.cursor.firstBatch).toHaveLength(10);
    expect(Number(first.cursor.id)).toBeGreaterThan(0);
    const more = await h.db.command({
      getMore: first.cursor.id,
      collection: 'many',
      batchSize: 2000,
    });
    expect(more.cursor.nextBatch).toHaveLength(1040);
    expect(Number(more.cursor.id)).toBe(0);
    const second = await h.db.command({ find: 'many', batchSize: 1 });
    const killed = await h.db.command({ killCursors: 'many', cursors: [second.cursor.id] });
    expect(killed.cursorsKilled).toHaveLength(1);
    await expect(
      h.db.command({ getMore: second.cursor.id, collection: 'many' }),
    ).rejects.toMatchObject({ code: 43 });
    const limited = await c.find({}).limit(5).toArray();
    expect(limited).toHaveLength(5);
    const single = await h.db.command({ find: 'many', limit: -3 });
    expect(single.cursor.firstBatch).toHaveLength(3);
    expect(Number(single.cursor.id)).toBe(0);
    expect(await c.countDocuments({}, { skip: 1040 })).toBe(10);
  });

  it('updates with operators, replacement, upsert, multi and arrayFilters', async () => {
    const c = h.db.collection('upd');
    await c.insertMany([
      {
        _id: 1 as never,
        qty: 1,
        tags: ['a'],
        items: [
          { k: 1, v: 1 },
          { k: 2, v: 2 },
        ],
      },
      { _id: 2 as never, qty: 5, tags: [] },
    ]);
    await c.updateOne({ _id: 1 as never }, {
      $inc: { qty: 2 },
      $push: { tags: 'b' },
      $set: { 'nested.x': 1 },
    } as Document);
    expect(await c.findOne({ _id: 1 as never })).toMatchObject({
      qty: 3,
      tags: ['a', 'b'],
      nested: { x: 1 },
    });
    await c.updateOne(
      { _id: 1 as never },
      { $set: { 'items.$[e].v': 9 } },
      { arrayFilters: [{ 'e.k': 2 }] },
    );
    expect((await c.findOne({ _id: 1 as never }))?.items[1].v).toBe(9);
    await c.updateOne({ 'items.k': 1 }, { $set: { 'items.$.v': 7 } });
    expect((await c.findOne({ _id: 1 as never }))?.items[0].v).toBe(7);
    const many = await c.updateMany({}, { $set: { seen: true } });
    expect(many).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
    const same = await c.updateMany({}, { $set: { seen: true } });
    expect(same.modifiedCount).toBe(0);
    await c.replaceOne({ _id: 2 as never }, { replaced: true });
    expect(await c.findOne({ _id: 2 as never })).toEqual({ _id: 2, replaced: true });
    const up = await c.updateOne(
      { sku: 'X', color: 'red' },
      { $set: { qty: 1 }, $setOnInsert: { created: true } },
      { upsert: true },
    );
    expect(up.upsertedId).toBeInstanceOf(ObjectId);
    expect(await c.findOne({ sku: 'X' })).toMatchObject({
      sku: 'X',
      color: 'red',
      qty: 1,
      created: true,
    });
    await expect(c.updateOne({ _id: 1 as never }, { $set: { _id: 5 } })).rejects.toMatchObject({
      code: 66,
    });
    await expect(
      c.updateOne({ _id: 1 as never }, { $set: { a: 1 }, $inc: { a: 1 } }),
    ).rejects.toMatchObject({ code: 40 });
    await expect(
      h.db.command({ update: 'upd', updates: [{ q: {}, u: { $bogus: { a: 1 } } }] }),
    ).resolves.toMatchObject({ writeErrors: [{ code: 9 }] });
    await c.updateOne({ _id: 1 as never }, [{ $set: { total: { $multiply: ['$qty', 10] } } }]);
    expect((await c.findOne({ _id: 1 as never }))?.total).toBe(30);
  });

  it('handles array modifiers, $currentDate and type errors like mongod', async () => {
    const c = h.db.collection('mods');
    await c.insertOne({
      _id: 1 as never,
      arr: [3, 1, 2],
      tags: ['a'],
      items: [{ q: 1 }, { q: 5 }],
    });
    await c.updateOne({ _id: 1 as never }, {
      $push: { arr: { $each: [9, 0], $sort: 1, $slice: -4 } },
      $addToSet: { tags: { $each: ['a', 'b'] } },
      $pull: { items: { q: { $gt: 2 } } },
    } as Document);
    await c.updateOne({ _id: 1 as never }, {
      $currentDate: { at: true, ts: { $type: 'timestamp' } },
    } as Document);
    const d = await c.findOne({ _id: 1 as never });
    expect(d).toMatchObject({ arr: [1, 2, 3, 9], tags: ['a', 'b'], items: [{ q: 1 }] });
    expect(d?.at).toBeInstanceOf(Date);
    expect(d?.ts?._bsontype).toBe('Timestamp');
    await expect(c.updateOne({ _id: 1 as never }, { $inc: { tags: 1 } })).rejects.toMatchObject({
      code: 14,
    });
    const projected = await c.find({}, { projection: { arr: { $slice: 2 } } }).toArray();
    expect(Object.keys(projected[0]!)[0]).toBe('_id');
    expect(projected[0]!.arr).toEqual([1, 2]);
  });

  it('reports ordered and unordered bulk write errors with indexes', async () => {
    const c = h.db.collection('bulk');
    await c.createIndex({ email: 1 }, { unique: true });
    const ordered = await c
      .insertMany([{ email: 'a' }, { email: 'a' }, { email: 'b' }])
      .then(() => null)
      .catch((e: { writeErrors: { index: number; code: number }[] }) => e);
    expect(ordered?.writeErrors.map((w) => [w.index, w.code])).toEqual([[1, 11000]]);
    expect(await c.countDocuments()).toBe(1);
    const unordered = await c
      .bulkWrite(
        [
          { insertOne: { document: { email: 'a' } } },
          { insertOne: { document: { email: 'c' } } },
          { updateOne: { filter: { email: 'c' }, update: { $set: { email: 'a' } } } },
          { deleteOne: { filter: { email: 'zzz' } } },
        ],
        { ordered: false },
      )
      .then(() => null)
      .catch((e: { writeErrors: { index: number; code: number; errmsg: string }[] }) => e);
    expect(unordered?.writeErrors.map((w) => [w.index, w.code])).toEqual([
      [0, 11000],
      [2, 11000],
    ]);
    expect(unordered?.writeErrors[0]!.errmsg).toMatch(
      /^E11000 duplicate key error collection: test\d+\.bulk index: email_1 dup key: \{ email: "a" \}$/,
    );
    expect(await c.countDocuments()).toBe(2);
  });

  it('findAndModify: new, upsert, remove, sort, fields and duplicate key as a command error', async () => {
    const c = h.db.collection('fam');
    await c.createIndex({ code: 1 }, { unique: true });
    await c.insertMany([
      { code: 'a', n: 1 },
      { code: 'b', n: 2 },
    ]);
    const after = await c.findOneAndUpdate(
      {},
      { $inc: { n: 10 } },
      { sort: { n: -1 }, returnDocument: 'after', projection: { _id: 0 } },
    );
    expect(after).toEqual({ code: 'b', n: 12 });
    const raw = await h.db.command({
      findAndModify: 'fam',
      query: { code: 'z' },
      update: { $set: { n: 0 } },
      upsert: true,
      new: true,
    });
    expect(raw.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false });
    expect(raw.lastErrorObject.upserted).toBeInstanceOf(ObjectId);
    expect(raw.value).toMatchObject({ code: 'z', n: 0 });
    const removed = await c.findOneAndDelete({ code: 'a' });
    expect(removed).toMatchObject({ code: 'a' });
    expect(await c.findOneAndUpdate({ code: 'nope' }, { $set: { n: 1 } })).toBeNull();
    await expect(c.findOneAndUpdate({ code: 'b' }, { $set: { code: 'z' } })).rejects.toMatchObject({
      code: 11000,
      keyValue: { code: 'z' },
    });
    await expect(h.db.command({ findAndModify: 'fam', query: {} })).rejects.toMatchObject({
      code: 9,
    });
  });

  it('aggregates with $lookup, $group, $out and $merge; count and distinct', async () => {
    const cats = h.db.collection('cats');
    const prods = h.db.collection('prods');
    const [c1, c2] = [new ObjectId(), new ObjectId()];
    await cats.insertMany([
      { _id: c1, name: 'Tees' },
      { _id: c2, name: 'Hoodies' },
    ]);
    await prods.insertMany([
      { cat: c1, price: 10 },
      { cat: c1, price: 20 },
      { cat: c2, price: 50 },
    ]);
    const joined = await prods
      .aggregate([
        { $lookup: { from: 'cats', localField: 'cat', foreignField: '_id', as: 'c' } },
        { $unwind: '$c' },
        { $group: { _id: '$c.name', total: { $sum: '$price' } } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(joined).toEqual([
      { _id: 'Hoodies', total: 50 },
      { _id: 'Tees', total: 30 },
    ]);
    expect(await prods.countDocuments({ price: { $gte: 20 } })).toBe(2);
    expect(await prods.estimatedDocumentCount()).toBe(3);
    expect((await prods.distinct('cat')).map(String).sort()).toEqual([c1, c2].map(String).sort());
    await prods
      .aggregate([
        { $match: { price: { $lt: 30 } } },
        { $project: { price: 1 } },
        { $out: 'cheap' },
      ])
      .toArray();
    expect(await h.db.collection('cheap').countDocuments()).toBe(2);
    await prods
      .aggregate([{ $group: { _id: '$cat', n: { $sum: 1 } } }, { $merge: { into: 'stats' } }])
      .toArray();
    expect(await h.db.collection('stats').countDocuments()).toBe(2);
    // projection is not applied to stored documents
    expect(Object.keys((await prods.findOne({ price: 10 }))!)).toEqual(['_id', 'cat', 'price']);
    await expect(prods.aggregate([{ $bogus: {} }]).toArray()).rejects.toBeDefined();
  });

  it('manages collections, databases and indexes', async () => {
    const db = h.client.db('catalog');
    await db.createCollection('a');
    await expect(db.createCollection('a')).rejects.toMatchObject({
      code: 48,
      codeName: 'NamespaceExists',
    });
    await db.collection('b').insertOne({ x: 1 });
    const names = await db.listCollections({}, { nameOnly: true }).toArray();
    expect(names.map((n) => n.name).sort()).toEqual(['a', 'b']);
    expect((await db.listCollections({ name: 'b' }).toArray()).map((n) => n.name)).toEqual(['b']);
    await db.renameCollection('b', 'c');
    expect(await db.collection('c').countDocuments()).toBe(1);
    await expect(db.renameCollection('nope', 'd')).rejects.toMatchObject({ code: 26 });
    const c = db.collection('c');
    await c.createIndexes([
      { key: { a: 1, b: -1 }, name: 'a_1_b_-1' },
      { key: { s: 1 }, unique: true, sparse: true },
      { key: { p: 1 }, unique: true, partialFilterExpression: { active: true } },
      { key: { t: 1 }, expireAfterSeconds: 3600 },
    ]);
    const specs = await c.listIndexes().toArray();
    expect(specs.map((s) => s.name)).toEqual(['_id_', 'a_1_b_-1', 's_1', 'p_1', 't_1']);
    expect(specs[2]).toMatchObject({ unique: true, sparse: true });
    await expect(
      c.createIndex({ a: 1, b: -1 }, { name: 'a_1_b_-1', unique: true }),
    ).rejects.toMatchObject({ code: 86 });
    await expect(
      c.createIndex({ s: 1 }, { name: 'other', unique: true, sparse: true }),
    ).rejects.toMatchObject({ code: 85 });
    const mod = await db.command({
      collMod: 'c',
      index: { keyPattern: { t: 1 }, expireAfterSeconds: 60 },
    });
    expect(mod).toMatchObject({ expireAfterSeconds_old: 3600, expireAfterSeconds_new: 60 });
    await c.dropIndex('t_1');
    await expect(c.dropIndex('t_1')).rejects.toMatchObject({ code: 27 });
    await expect(c.dropIndex('_id_')).rejects.toMatchObject({ code: 72 });
    await expect(db.collection('missing').listIndexes().toArray()).rejects.toMatchObject({
      code: 26,
    });
    await c.dropIndexes();
    expect((await c.listIndexes().toArray()).map((s) => s.name)).toEqual(['_id_']);
    const dbs = await h.client.db('admin').admin().listDatabases();
    expect(dbs.databases.map((d) => d.name)).toContain('catalog');
    expect(await db.collection('a').drop()).toBe(true);
    // mongod 7.0 answers ok for a collection that does not exist, and the driver reports true.
    expect(await db.collection('never').drop()).toBe(true);
    expect((await db.listCollections().toArray()).map((x) => x.name)).not.toContain('never');
    await db.dropDatabase();
    expect((await db.listCollections().toArray()).length).toBe(0);
  });
});

describe('cursor lifetime', () => {
  it('removes idle cursors after the timeout', async () => {
    // The server's clock is ours: the cursor ages only when the test moves it.
    let now = 1_000_000;
    const t = await harness({ cursorTimeoutMs: 150, clock: () => now });
    const openCursors = async () =>
      ((await t.db.admin().serverStatus()).metrics as Document).cursor.open.total as number;
    try {
      await t.db.collection('c').insertMany(Array.from({ length: 20 }, (_, i) => ({ i })));
      const first = await t.db.command({ find: 'c', batchSize: 2 });
      now += 100;
      const ok = await t.db.command({ getMore: first.cursor.id, collection: 'c', batchSize: 2 });
      expect(ok.cursor.nextBatch).toHaveLength(2);
      now += 100; // idle 100 ms since the getMore: still alive on the next sweeps
      expect(await openCursors()).toBe(1);
      now += 100; // idle 200 ms: the next sweep removes it
      await expect.poll(openCursors, { timeout: 20_000 }).toBe(0);
      await expect(
        t.db.command({ getMore: first.cursor.id, collection: 'c' }),
      ).rejects.toMatchObject({ code: 43, codeName: 'CursorNotFound' });
    } finally {
      await t.close();
    }
  });

  it('stops cleanly and frees the port', async () => {
    const m = await startEmbeddedMongo();
    await m.stop();
    const again = await startEmbeddedMongo({ port: m.port });
    expect(again.port).toBe(m.port);
    await again.stop();
  });
});
