// Numbers keep their BSON type (int32, int64, double, decimal128) through storage, the journal,
// snapshots, indexes, sorting and the operators, as on mongod 7.0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Decimal128, Double, Int32, Long, MongoClient } from 'mongodb';
import type { Document } from 'mongodb';
import mongoose from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../index.js';
import type { Harness } from './helpers.js';
import { harness } from './helpers.js';

/** Reads documents as the server sent them: Int32, Double, Long and Decimal128 objects. */
const RAW = { promoteValues: false, promoteLongs: false } as const;

const typeOf = (v: unknown): string => (v as { _bsontype?: string })._bsontype ?? typeof v;

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h.close();
});

describe('BSON number types', () => {
  it('stores and returns int32, int64, double and decimal128 as sent', async () => {
    const c = h.db.collection('types');
    await c.insertOne({
      _id: 1 as never,
      i: new Int32(1),
      d: new Double(1),
      negZero: new Double(-0),
      big: new Double(2 ** 40),
      l: Long.fromString('9223372036854775807'),
      small: Long.fromNumber(5),
      dec: Decimal128.fromString('0.10000000000000000000000000000001'),
      arr: [new Double(2), new Int32(2), Long.fromNumber(2)],
    });
    const doc = (await c.findOne({ _id: 1 as never }, RAW))!;
    expect(typeOf(doc.i)).toBe('Int32');
    expect(typeOf(doc.d)).toBe('Double');
    expect(typeOf(doc.negZero)).toBe('Double');
    expect(Object.is((doc.negZero as Double).value, -0)).toBe(true);
    expect(typeOf(doc.big)).toBe('Double');
    expect(typeOf(doc.l)).toBe('Long');
    expect(doc.l.toString()).toBe('9223372036854775807');
    expect(typeOf(doc.small)).toBe('Long');
    expect(doc.dec.toString()).toBe('0.10000000000000000000000000000001');
    expect((doc.arr as unknown[]).map(typeOf)).toEqual(['Double', 'Int32', 'Long']);
  });

  it('matches, sorts and indexes numbers of different types by value', async () => {
    const c = h.db.collection('mixed');
    await c.createIndex({ n: 1 });
    await c.insertMany([
      { _id: 'a' as never, n: new Double(3) },
      { _id: 'b' as never, n: Long.fromString('9223372036854775807') },
      { _id: 'c' as never, n: new Int32(1) },
      { _id: 'd' as never, n: Long.fromString('9223372036854775806') },
      { _id: 'e' as never, n: 2.5 },
    ]);
    const order = (await c.find({}, RAW).sort({ n: 1 }).toArray()).map((d) => d._id);
    expect(order).toEqual(['c', 'e', 'a', 'd', 'b']);
    expect((await c.find({ n: { $gt: 2 } }).toArray()).map((d) => d._id).sort()).toEqual([
      'a',
      'b',
      'd',
      'e',
    ]);
    expect((await c.find({ n: 3 }).toArray()).map((d) => d._id)).toEqual(['a']);
    // int64s beyond 2^53 stay distinct in equality lookups (index and _id keys are exact)
    const exact = await c.find({ n: Long.fromString('9223372036854775806') }).toArray();
    expect(exact.map((d) => d._id)).toEqual(['d']);
    // a unique index sees 1 (int32), 1.0 (double) and Long(1) as the same key, like mongod
    const u = h.db.collection('uniq');
    await u.createIndex({ k: 1 }, { unique: true });
    await u.insertOne({ k: new Int32(1) });
    await expect(u.insertOne({ k: new Double(1) })).rejects.toMatchObject({ code: 11000 });
    await expect(u.insertOne({ k: Long.fromNumber(1) })).rejects.toMatchObject({ code: 11000 });
  });

  it('$inc and $mul give mongod result types', async () => {
    const c = h.db.collection('inc');
    await c.insertOne({
      _id: 1 as never,
      i: new Int32(1),
      max: new Int32(2147483647),
      l: Long.fromNumber(10),
      d: new Double(1.5),
      top: Long.fromString('9223372036854775807'),
      dec: Decimal128.fromString('1.10'),
    });
    await c.updateOne(
      { _id: 1 as never },
      {
        $inc: {
          i: new Double(1),
          max: new Int32(1),
          l: new Int32(1),
          d: new Double(0.5),
          dec: Decimal128.fromString('0.01'),
          fresh: Long.fromNumber(7),
        },
        $mul: { m: new Double(3) },
      },
    );
    const doc = (await c.findOne({ _id: 1 as never }, RAW))!;
    expect([typeOf(doc.i), (doc.i as Double).value]).toEqual(['Double', 2]);
    expect([typeOf(doc.max), doc.max.toString()]).toEqual(['Long', '2147483648']);
    expect([typeOf(doc.l), doc.l.toString()]).toEqual(['Long', '11']);
    expect([typeOf(doc.d), (doc.d as Double).value]).toEqual(['Double', 2]);
    expect([typeOf(doc.dec), doc.dec.toString()]).toEqual(['Decimal128', '1.11']);
    expect([typeOf(doc.fresh), doc.fresh.toString()]).toEqual(['Long', '7']);
    expect([typeOf(doc.m), (doc.m as Double).value]).toEqual(['Double', 0]);
    await c.updateOne({ _id: 1 as never }, { $inc: { i: new Int32(1) } });
    expect(typeOf((await c.findOne({ _id: 1 as never }, RAW))!.i)).toBe('Double');
    // int64 overflow is an error and changes nothing
    await expect(
      c.updateOne({ _id: 1 as never }, { $inc: { top: new Int32(1) } }),
    ).rejects.toMatchObject({ code: 2 });
    expect((await c.findOne({ _id: 1 as never }, RAW))!.top.toString()).toBe('9223372036854775807');
    // $max compares across types by value and keeps the winner's type
    await c.updateOne({ _id: 1 as never }, { $max: { l: new Double(11.5) } });
    expect(typeOf((await c.findOne({ _id: 1 as never }, RAW))!.l)).toBe('Double');
  });

  it('keeps types through aggregation stages that pass values on', async () => {
    const c = h.db.collection('agg');
    await c.insertMany([
      { _id: 1 as never, n: new Double(4), l: Long.fromNumber(9), tags: [new Double(1), 2] },
      { _id: 2 as never, n: new Double(6), l: Long.fromNumber(1), tags: [] },
    ]);
    const out = await c
      .aggregate<Document>(
        [
          { $match: { n: { $gte: 4 } } },
          { $project: { n: 1, l: 1, tags: 1 } },
          { $sort: { l: 1 } },
        ],
        RAW,
      )
      .toArray();
    expect(out.map((d) => [d._id, typeOf(d.n), typeOf(d.l)])).toEqual([
      [new Int32(2), 'Double', 'Long'],
      [new Int32(1), 'Double', 'Long'],
    ]);
    expect((out[1]!.tags as unknown[]).map(typeOf)).toEqual(['Double', 'Int32']);
    const unwound = await c.aggregate([{ $unwind: '$tags' }], RAW).toArray();
    expect(unwound.map((d) => typeOf(d.tags))).toEqual(['Double', 'Int32']);
    const [sum] = await c.aggregate([{ $group: { _id: null, total: { $sum: '$n' } } }]).toArray();
    expect(sum!.total).toBe(10);
  });

  it('gives numbers that aggregation computes mongod types', async () => {
    const c = h.db.collection('computed');
    await c.insertMany([
      { _id: 1 as never, g: 'a', i: new Int32(2), d: new Double(1.5), l: Long.fromNumber(4) },
      { _id: 2 as never, g: 'a', i: new Int32(4), d: new Double(1.5), l: Long.fromNumber(6) },
      {
        _id: 3 as never,
        g: 'b',
        i: new Int32(2147483647),
        d: new Double(3),
        l: Long.fromNumber(1),
      },
      { _id: 4 as never, g: 'b', i: new Int32(1), d: new Double(1), l: Long.fromNumber(1) },
    ]);
    const groups = await c
      .aggregate<Document>(
        [
          {
            $group: {
              _id: '$g',
              avg: { $avg: '$i' },
              sumI: { $sum: '$i' },
              sumD: { $sum: '$d' },
              sumL: { $sum: '$l' },
              maxD: { $max: '$d' },
              n: { $sum: 1 },
            },
          },
          { $sort: { _id: 1 } },
        ],
        RAW,
      )
      .toArray();
    const shape = (d: Document): unknown[] =>
      ['avg', 'sumI', 'sumD', 'sumL', 'maxD', 'n'].map((k) => [
        typeOf(d[k]),
        String(d[k].valueOf()),
      ]);
    // group a: avg 3.0, 6 (int), 3.0, Long 10, 1.5, 2; group b: the int32 sum overflows to int64
    expect(shape(groups[0]!)).toEqual([
      ['Double', '3'],
      ['Int32', '6'],
      ['Double', '3'],
      ['Long', '10'],
      ['Double', '1.5'],
      ['Int32', '2'],
    ]);
    expect([typeOf(groups[1]!.sumI), groups[1]!.sumI.toString()]).toEqual(['Long', '2147483648']);
    expect(typeOf(groups[1]!.maxD)).toBe('Double');
    const [p] = await c
      .aggregate<Document>(
        [
          { $match: { _id: 1 } },
          {
            $project: {
              half: { $divide: ['$l', 2] },
              twice: { $multiply: ['$d', 2] },
              plus: { $add: ['$i', '$l'] },
              len: { $size: [[1, 2]] },
            },
          },
          { $addFields: { rounded: { $round: ['$twice', 0] } } },
        ],
        RAW,
      )
      .toArray();
    expect(['half', 'twice', 'plus', 'len', 'rounded'].map((k) => typeOf(p![k]))).toEqual([
      'Double',
      'Double',
      'Long',
      'Int32',
      'Double',
    ]);
    const [count] = await c.aggregate<Document>([{ $count: 'n' }], RAW).toArray();
    expect(typeOf(count!.n)).toBe('Int32');
    // a pipeline update computes with the same types
    await c.updateOne({ _id: 1 as never }, [{ $set: { avg: { $avg: ['$i', '$i'] } } }]);
    expect(typeOf((await c.findOne({ _id: 1 as never }, RAW))!.avg)).toBe('Double');
  });

  it('keeps types through the journal and the snapshot', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-types-'));
    try {
      const write = async (): Promise<void> => {
        const mongo = await startEmbeddedMongo({ dataDir: dir });
        const client = await MongoClient.connect(mongo.uri);
        await client
          .db('t')
          .collection('c')
          .insertOne({
            _id: 1 as never,
            d: new Double(1),
            l: Long.fromString('-9223372036854775808'),
            i: new Int32(7),
          });
        await client.close();
        await mongo.stop();
      };
      const read = async (): Promise<Document> => {
        const mongo = await startEmbeddedMongo({ dataDir: dir });
        const client = await MongoClient.connect(mongo.uri);
        const doc = (await client
          .db('t')
          .collection('c')
          .findOne({ _id: 1 as never }, RAW))!;
        await client.close();
        await mongo.stop();
        return doc;
      };
      await write(); // journal only
      const first = await read(); // replays the journal and compacts it into the snapshot
      const second = await read(); // from the snapshot
      for (const doc of [first, second]) {
        expect(typeOf(doc.d)).toBe('Double');
        expect([typeOf(doc.l), doc.l.toString()]).toEqual(['Long', '-9223372036854775808']);
        expect(typeOf(doc.i)).toBe('Int32');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Mongoose BigInt paths', () => {
  const conn = mongoose.createConnection();
  const Counter = conn.model(
    'Counter',
    new mongoose.Schema({ name: String, hits: BigInt, ratio: Number }),
  );
  let mongo: Awaited<ReturnType<typeof startEmbeddedMongo>>;
  beforeAll(async () => {
    mongo = await startEmbeddedMongo();
    await conn.openUri(`${mongo.uri}bigints`, { useBigInt64: true } as never);
  });
  afterEach(async () => {
    await Counter.deleteMany({});
  });
  afterAll(async () => {
    await conn.close();
    await mongo.stop();
  });

  it('reads BigInt values back as bigint, exactly', async () => {
    await Counter.create({ name: 'a', hits: 9007199254740993n, ratio: 1 });
    await Counter.updateOne({ name: 'a' }, { $inc: { hits: 1n } });
    const doc = await Counter.findOne({ name: 'a' }).lean();
    expect(doc!.hits).toBe(9007199254740994n);
    const sorted = await Counter.find({ hits: { $gt: 9007199254740992n } }).lean();
    expect(sorted.map((d) => d.name)).toEqual(['a']);
  });
});
