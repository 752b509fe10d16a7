// Query operators, projections, let variables and hints as mongod 7.0 answers them.
import { Binary, DBRef, Decimal128, Double, Long, ObjectId, Timestamp } from 'mongodb';
import type { Collection, Document } from 'mongodb';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './helpers.js';
import { harness } from './helpers.js';

let h: Harness;
let n = 0;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the driver's typings insist on ObjectId _ids
type AnyDoc = any;

async function coll(...docs: AnyDoc[]): Promise<Collection<AnyDoc>> {
  const c = h.db.collection<AnyDoc>(`q${++n}`);
  if (docs.length) await c.insertMany(docs);
  return c;
}

async function ids(c: Collection<AnyDoc>, filter: Document, options: Document = {}) {
  return (await c.find(filter, options).toArray()).map((d) => d._id as unknown);
}

const bin = (hex: string, subtype = 0): Binary => new Binary(Buffer.from(hex, 'hex'), subtype);

describe('query operators', () => {
  it('$all matches a field that is not an array when it equals the only value', async () => {
    const c = await coll({ _id: 1, title: 'x' }, { _id: 2, title: ['x', 'y'] }, { _id: 3 });
    expect(await ids(c, { title: { $all: ['x'] } })).toEqual([1, 2]);
    expect(await ids(c, { title: { $all: ['x', 'y'] } })).toEqual([2]);
    expect(await ids(c, { title: { $all: [] } })).toEqual([]);
  });

  it('$type knows every alias and number; aggregation $type uses the same names', async () => {
    const c = await coll({
      _id: 1,
      o: new ObjectId(),
      b: bin('ab', 4),
      d: Decimal128.fromString('1.5'),
      ts: new Timestamp({ t: 1, i: 1 }),
      i: 5,
      f: 1.5,
      arr: [new ObjectId()],
    });
    const cases: [string, string, number][] = [
      ['o', 'objectId', 7],
      ['b', 'binData', 5],
      ['d', 'decimal', 19],
      ['ts', 'timestamp', 17],
      ['i', 'int', 16],
      ['f', 'double', 1],
      ['arr', 'array', 4],
    ];
    for (const [field, alias, code] of cases) {
      expect(await ids(c, { [field]: { $type: alias } })).toEqual([1]);
      expect(await ids(c, { [field]: { $type: code } })).toEqual([1]);
    }
    expect(await ids(c, { arr: { $type: 'objectId' } })).toEqual([1]);
    expect(await ids(c, { i: { $type: 'number' } })).toEqual([1]);
    expect(await ids(c, { i: { $type: 'string' } })).toEqual([]);
    await expect(c.find({ i: { $type: 'nope' } }).toArray()).rejects.toMatchObject({
      code: 2,
      message: 'Unknown type name alias: nope',
    });
    const [types] = await c
      .aggregate([
        {
          $project: {
            _id: 0,
            o: { $type: '$o' },
            b: { $type: '$b' },
            d: { $type: '$d' },
            ts: { $type: '$ts' },
            none: { $type: '$none' },
          },
        },
      ])
      .toArray();
    expect(types).toEqual({
      o: 'objectId',
      b: 'binData',
      d: 'decimal',
      ts: 'timestamp',
      none: 'missing',
    });
    // numbers are named by their BSON type: a whole double is a double, an int64 a long
    await c.updateOne(
      { _id: 1 },
      { $set: { whole: new Double(1), long: Long.fromNumber(5), sub: { n: new Double(2) } } },
    );
    const [numbers] = await c
      .aggregate([
        { $match: { _id: 1 } },
        { $sort: { _id: 1 } },
        {
          $project: {
            _id: 0,
            whole: { $type: '$whole' },
            long: { $type: ['$long'] },
            int: { $type: '$i' },
            sub: { $type: '$sub.n' },
          },
        },
      ])
      .toArray();
    expect(numbers).toEqual({ whole: 'double', long: 'long', int: 'int', sub: 'double' });
    expect(await ids(c, { whole: { $type: 'double' }, long: { $type: 'long' } })).toEqual([1]);
  });

  it('orders BinData by length, then subtype, then bytes, and tests bits of BinData', async () => {
    const c = await coll(
      { _id: 1, b: bin('ff') },
      { _id: 2, b: bin('0000') },
      { _id: 3, b: bin('01', 5) },
      { _id: 4, b: bin('02') },
    );
    expect(await ids(c, {}, { sort: { b: 1 } })).toEqual([4, 1, 3, 2]);
    expect(await ids(c, { b: { $gt: bin('01') } }, { sort: { _id: 1 } })).toEqual([1, 2, 3, 4]);
    expect(await ids(c, { b: { $lt: bin('0000') } }, { sort: { _id: 1 } })).toEqual([1, 3, 4]);
    expect(await ids(c, { b: bin('01', 0) })).toEqual([]);
    expect(await ids(c, { b: bin('01', 5) })).toEqual([3]);
    expect(await ids(c, { b: { $nin: [bin('01', 5)] } }, { sort: { _id: 1 } })).toEqual([1, 2, 4]);
    await c.createIndex({ b: 1 });
    expect(await ids(c, { b: { $gte: bin('02') } })).toEqual([4, 1, 3, 2]);
    expect(await ids(c, { b: { $bitsAllSet: [1] } }, { sort: { _id: 1 } })).toEqual([1, 4]);
    expect(await ids(c, { b: { $bitsAnySet: bin('01') } }, { sort: { _id: 1 } })).toEqual([1, 3]);
    expect(await ids(c, { b: { $bitsAllClear: 0xff } })).toEqual([2]);
  });

  it('queries DBRef fields by path and inside $elemMatch (also through Mongoose)', async () => {
    const u1 = new ObjectId();
    const u2 = new ObjectId();
    const c = await coll(
      { _id: 1, members: [new DBRef('users', u1), new DBRef('users', u2)] },
      { _id: 2, members: [new DBRef('admins', u1)] },
    );
    expect(await ids(c, { 'members.$id': u2 })).toEqual([1]);
    expect(await ids(c, { 'members.$ref': 'admins' })).toEqual([2]);
    expect(
      await ids(c, { members: { $elemMatch: { $id: u1, $ref: 'users' } } }, { sort: { _id: 1 } }),
    ).toEqual([1]);
    const back = await c.findOne({ _id: 1 });
    expect(back?.members[0]).toBeInstanceOf(DBRef);
    expect(back?.members[0].oid).toEqual(u1);
    const conn = await mongoose.createConnection(`${h.mongo.uri}${h.db.databaseName}`).asPromise();
    try {
      const Team = conn.model(
        'Team',
        new mongoose.Schema({ _id: Number, members: [mongoose.Schema.Types.Mixed] }),
        c.collectionName,
      );
      const found = await Team.find({ 'members.$id': u1 }).sort({ _id: 1 }).lean();
      expect(found.map((t) => t._id)).toEqual([1, 2]);
    } finally {
      await conn.close();
    }
  });

  it('refuses geospatial, $text, $where and $function with NotImplemented (238)', async () => {
    const c = await coll({ _id: 1, loc: [0, 0] });
    const refused: (() => Promise<unknown>)[] = [
      () => c.find({ loc: { $near: [0, 0] } }).toArray(),
      () => c.find({ loc: { $geoWithin: { $center: [[0, 0], 1] } } }).toArray(),
      () =>
        c
          .find({ loc: { $geoIntersects: { $geometry: { type: 'Point', coordinates: [0, 0] } } } })
          .toArray(),
      () => c.find({ $text: { $search: 'x' } }).toArray(),
      () => c.find({ $where: 'this.a == 1' }).toArray(),
      () => c.countDocuments({ $or: [{ $where: 'true' }] }),
      () =>
        c
          .aggregate([
            {
              $project: {
                x: { $function: { body: 'function(){return 1}', args: [], lang: 'js' } },
              },
            },
          ])
          .toArray(),
      () => c.aggregate([{ $geoNear: { near: [0, 0], distanceField: 'd' } }]).toArray(),
    ];
    for (const run of refused)
      await expect(run()).rejects.toMatchObject({ code: 238, codeName: 'NotImplemented' });
  });
});

describe('projections', () => {
  it('$slice keeps the other fields and combines with an exclusion', async () => {
    const c = await coll({ _id: 1, arr: [1, 2, 3], dev: 1, other: { list: [4, 5, 6] } });
    expect(await c.findOne({ _id: 1 }, { projection: { arr: { $slice: 1 } } })).toEqual({
      _id: 1,
      arr: [1],
      dev: 1,
      other: { list: [4, 5, 6] },
    });
    expect(await c.findOne({ _id: 1 }, { projection: { dev: 0, arr: { $slice: -2 } } })).toEqual({
      _id: 1,
      arr: [2, 3],
      other: { list: [4, 5, 6] },
    });
    expect(
      await c.findOne({ _id: 1 }, { projection: { dev: 1, 'other.list': { $slice: [1, 1] } } }),
    ).toEqual({ _id: 1, dev: 1, other: { list: [5] } });
  });

  it('$elemMatch projections accept conditions made only of operators', async () => {
    const c = await coll({ _id: 1, ids: ['p', 'q', 'r'], n: [1, 5, 9], x: 1 });
    expect(
      await c.findOne({ _id: 1 }, { projection: { ids: { $elemMatch: { $in: ['q'] } } } }),
    ).toEqual({
      _id: 1,
      ids: ['q'],
    });
    expect(
      await c.findOne({ _id: 1 }, { projection: { n: { $elemMatch: { $gt: 3 } }, x: 1 } }),
    ).toEqual({
      _id: 1,
      n: [5],
      x: 1,
    });
    expect(await c.findOne({ _id: 1 }, { projection: { n: { $elemMatch: { $gt: 30 } } } })).toEqual(
      {
        _id: 1,
      },
    );
  });
});

describe('let variables and hints', () => {
  it('evaluates let values once: $literal gives the string, $rand a number', async () => {
    const c = await coll({ _id: 1, bar: 'field' });
    const [doc] = await c
      .find({ _id: 1 }, { projection: { x: '$$foo' }, let: { foo: { $literal: '$bar' } } })
      .toArray();
    expect(doc).toEqual({ _id: 1, x: '$bar' });
    const [r] = await c
      .aggregate(
        [
          {
            $project: {
              _id: 0,
              r: '$$r',
              ok: { $and: [{ $gte: ['$$r', 0] }, { $lt: ['$$r', 1] }] },
            },
          },
        ],
        { let: { r: { $rand: {} } } },
      )
      .toArray();
    expect(typeof r?.r).toBe('number');
    expect(r?.ok).toBe(true);
    const u = await c.updateOne(
      { $expr: { $eq: ['$bar', '$$v'] } },
      [{ $set: { copied: '$$v' } }],
      { let: { v: { $literal: 'field' } } },
    );
    expect(u.modifiedCount).toBe(1);
  });

  it('returns documents in the hinted index order when there is no sort', async () => {
    const c = await coll(
      { _id: 1, a: 3, b: 1 },
      { _id: 2, a: 1, b: 2 },
      { _id: 3, a: 2, b: 3 },
      { _id: 4, a: 1, b: 5 },
      { _id: 5, b: 0 },
    );
    await c.createIndex({ a: 1 });
    await c.createIndex({ a: -1, b: -1 });
    await c.createIndex({ b: -1 });
    expect(await ids(c, {}, { hint: { a: 1 } })).toEqual([5, 2, 4, 3, 1]);
    expect(await ids(c, {}, { hint: { a: -1, b: -1 } })).toEqual([1, 3, 4, 2, 5]);
    expect(await ids(c, {}, { hint: 'b_-1' })).toEqual([4, 3, 2, 1, 5]);
    expect(await ids(c, { a: { $gte: 1 } }, { hint: { b: -1 } })).toEqual([4, 3, 2, 1]);
  });
});

describe('errors and admin commands that tools send', () => {
  it('an unknown pipeline stage is 40324', async () => {
    const c = await coll({ _id: 1 });
    await expect(c.aggregate([{ $foo: 1 }]).toArray()).rejects.toMatchObject({
      code: 40324,
      message: "Unrecognized pipeline stage name: '$foo'",
    });
  });

  it('replSetGetStatus on a standalone is NoReplicationEnabled (76)', async () => {
    await expect(h.client.db('admin').command({ replSetGetStatus: 1 })).rejects.toMatchObject({
      code: 76,
      codeName: 'NoReplicationEnabled',
    });
  });

  it('collStats, $collStats (mongosh db.coll.stats()) and currentOp answer', async () => {
    const c = await coll({ _id: 1, a: 'x' }, { _id: 2, a: 'y' });
    await c.createIndex({ a: 1 });
    const stats = await h.db.command({ collStats: c.collectionName });
    expect(stats).toMatchObject({ ns: `${h.db.databaseName}.${c.collectionName}`, count: 2 });
    expect(stats.indexSizes).toHaveProperty('a_1');
    const [agg] = await c.aggregate([{ $collStats: { storageStats: {}, count: {} } }]).toArray();
    expect(agg).toMatchObject({
      ns: `${h.db.databaseName}.${c.collectionName}`,
      count: 2,
      storageStats: { count: 2, nindexes: 2, capped: false },
    });
    await expect(
      h.db
        .collection('none')
        .aggregate([{ $collStats: { storageStats: {} } }])
        .toArray(),
    ).rejects.toMatchObject({ code: 26 });
    await expect(c.aggregate([{ $match: {} }, { $collStats: {} }]).toArray()).rejects.toMatchObject(
      { code: 40602 },
    );
    const op = await h.client.db('admin').command({ currentOp: 1 });
    expect(op).toMatchObject({ ok: 1, inprog: [] });
    const ops = await h.client
      .db('admin')
      .aggregate([{ $currentOp: {} }, { $match: { active: true } }])
      .toArray();
    expect(ops).toEqual([]);
  });

  it('refuses time-series and clustered collections with NotImplemented (238)', async () => {
    await expect(
      h.db.createCollection('ts', { timeseries: { timeField: 't' } }),
    ).rejects.toMatchObject({ code: 238, codeName: 'NotImplemented' });
    await expect(
      h.db.createCollection('cl', { clusteredIndex: { key: { _id: 1 }, unique: true } }),
    ).rejects.toMatchObject({ code: 238, codeName: 'NotImplemented' });
    expect((await h.db.listCollections({ name: { $in: ['ts', 'cl'] } }).toArray()).length).toBe(0);
  });
});
