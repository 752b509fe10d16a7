// Capped collections, the 16 MiB document limit, maxTimeMS and validators, as on mongod 7.0:
// each is enforced, or refused with mongod's error shape; never accepted and ignored.
import net from 'node:net';
import { serialize } from 'bson';
import { MongoClient } from 'mongodb';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../index.js';
import type { EmbeddedMongo } from '../index.js';

let mongo: EmbeddedMongo;
let client: MongoClient;
let db: Db;
let now = 0;
/** The injected clock: every reading moves it 1 ms, so a scan's duration is its length. */
const clock = (): number => now++;

beforeAll(async () => {
  mongo = await startEmbeddedMongo({ enableTestCommands: true, clock });
  client = await MongoClient.connect(mongo.uri);
  db = client.db('limits');
});
afterAll(async () => {
  await client.close();
  await mongo.stop();
});

describe('capped collections', () => {
  it('refuses capped without size (72) and keeps the newest documents within max', async () => {
    await expect(db.createCollection('nosize', { capped: true })).rejects.toMatchObject({
      code: 72,
      codeName: 'InvalidOptions',
    });
    const c = await db.createCollection('log', { capped: true, size: 100_000, max: 3 });
    for (let i = 1; i <= 5; i++) await c.insertOne({ i });
    expect((await c.find().toArray()).map((d) => d.i)).toEqual([3, 4, 5]);
    const [info] = await db.listCollections({ name: 'log' }, { nameOnly: false }).toArray();
    expect((info as { options?: unknown }).options).toMatchObject({
      capped: true,
      size: 100_000,
      max: 3,
    });
    await expect(c.find({}, { tailable: true }).toArray()).rejects.toMatchObject({ code: 238 });
  });

  it('deletes the oldest documents when size is reached', async () => {
    const c = await db.createCollection('bytes', { capped: true, size: 4096 });
    for (let i = 0; i < 20; i++) await c.insertOne({ i, pad: 'x'.repeat(500) });
    const left = (await c.find().toArray()).map((d) => d.i as number);
    expect(left.length).toBeLessThan(20);
    expect(left.length).toBeGreaterThan(0);
    expect(left).toEqual(Array.from({ length: left.length }, (_, k) => 20 - left.length + k));
    await expect(
      db.collection('plain').find({}, { tailable: true }).toArray(),
    ).rejects.toMatchObject({ code: 2 });
  });
});

/** Sends one OP_MSG insert with the document bytes as given (no driver size check). */
function rawInsert(port: number, doc: Buffer): Promise<Record<string, unknown>> {
  const body = Buffer.from(serialize({ insert: 'big', $db: 'limits' }));
  const seqId = Buffer.from('documents\0');
  const seqLen = 4 + seqId.length + doc.length;
  const len = 16 + 4 + 1 + body.length + 1 + seqLen;
  const msg = Buffer.alloc(len);
  msg.writeInt32LE(len, 0);
  msg.writeInt32LE(1, 4);
  msg.writeInt32LE(2013, 12);
  let p = 20;
  msg[p++] = 0;
  body.copy(msg, p);
  p += body.length;
  msg[p++] = 1;
  msg.writeInt32LE(seqLen, p);
  seqId.copy(msg, p + 4);
  doc.copy(msg, p + 4 + seqId.length);
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => s.write(msg));
    let buf = Buffer.alloc(0);
    s.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      if (buf.length >= 4 && buf.length >= buf.readInt32LE(0)) {
        s.destroy();
        void import('bson').then(({ deserialize }) => resolve(deserialize(buf.subarray(21))));
      }
    });
    s.on('error', reject);
  });
}

describe('16 MiB documents', () => {
  it('refuses an insert over 16 MiB (10334), an update that grows past it (17419) and such an upsert (17420)', async () => {
    const big = Buffer.from(serialize({ _id: 1, s: 'x'.repeat(16 * 1024 * 1024) }));
    const reply = await rawInsert(mongo.port, big);
    expect(reply).toMatchObject({ n: 0, writeErrors: [{ index: 0, code: 10334 }] });
    const c = db.collection('big');
    expect(await c.countDocuments()).toBe(0);
    await c.insertOne({ _id: 2 as never, a: 'x'.repeat(9 * 1024 * 1024) });
    await expect(
      c.updateOne({ _id: 2 as never }, { $set: { b: 'y'.repeat(9 * 1024 * 1024) } }),
    ).rejects.toMatchObject({ code: 17419 });
    expect(Object.keys((await c.findOne({ _id: 2 as never }))!)).toEqual(['_id', 'a']);
    const nine = 'z'.repeat(9 * 1024 * 1024);
    for (const grow of [
      () => c.updateOne({ _id: 2 as never }, [{ $set: { b: { $concat: ['$a', '$a'] } } }]),
      () => c.findOneAndUpdate({ _id: 2 as never }, { $set: { b: nine } }),
      () =>
        c.bulkWrite([
          { updateOne: { filter: { _id: 2 as never }, update: { $set: { b: nine } } } },
        ]),
    ])
      await expect(grow()).rejects.toMatchObject({ code: 17419 });
    await expect(
      c.updateOne({ _id: 3 as never }, [{ $set: { a: nine } }, { $set: { b: '$a', c: '$a' } }], {
        upsert: true,
      }),
    ).rejects.toMatchObject({ code: 17420, message: 'Document to upsert is larger than 16777216' });
    expect(await c.countDocuments()).toBe(1);
    expect(Object.keys((await c.findOne({ _id: 2 as never }))!)).toEqual(['_id', 'a']);
  });
});

describe('maxTimeMS', () => {
  it('stops a find, count and aggregate that run past their limit with 50', async () => {
    const c = db.collection('slow');
    await c.insertMany(Array.from({ length: 3000 }, (_, i) => ({ i })));
    // the scan reads the clock every 256 documents: 3000 documents take about 12 ms here
    for (const op of [
      () =>
        c
          .find({ i: { $gte: 0 } })
          .maxTimeMS(5)
          .toArray(),
      () => c.countDocuments({ i: { $gte: 0 } }, { maxTimeMS: 5 }),
      () => c.aggregate([{ $match: { i: { $gte: 0 } } }], { maxTimeMS: 5 }).toArray(),
    ])
      await expect(op()).rejects.toMatchObject({ code: 50, codeName: 'MaxTimeMSExpired' });
    expect(
      await c
        .find({ i: { $gte: 0 } })
        .maxTimeMS(1000)
        .toArray(),
    ).toHaveLength(3000);
    await expect(c.find().maxTimeMS(-1).toArray()).rejects.toMatchObject({ code: 2 });
  });

  it('stops updates, deletes, distinct and findAndModify that scan past their limit with 50', async () => {
    const c = db.collection('slow-writes');
    await c.insertMany(Array.from({ length: 3000 }, (_, i) => ({ i, n: 0 })));
    const late = { i: 2999 };
    for (const op of [
      () => c.updateMany(late, { $set: { n: 1 } }, { maxTimeMS: 5 }),
      () => c.deleteMany(late, { maxTimeMS: 5 }),
      () => c.distinct('i', late, { maxTimeMS: 5 }),
      () => c.findOneAndUpdate(late, { $set: { n: 1 } }, { maxTimeMS: 5 }),
      () => c.findOneAndDelete(late, { maxTimeMS: 5 }),
    ])
      await expect(op()).rejects.toMatchObject({ code: 50, codeName: 'MaxTimeMSExpired' });
    expect(await c.countDocuments({ n: 1 })).toBe(0);
    expect(await c.countDocuments()).toBe(3000);
  });

  it('honours mongod maxTimeAlwaysTimeOut fail point', async () => {
    const admin = client.db('admin');
    await admin.command({ configureFailPoint: 'maxTimeAlwaysTimeOut', mode: { times: 1 } });
    await expect(db.collection('slow').findOne({}, { maxTimeMS: 100_000 })).rejects.toMatchObject({
      code: 50,
    });
    expect(await db.collection('slow').findOne({}, { maxTimeMS: 100_000 })).not.toBeNull();
  });
});

describe('validators', () => {
  it('enforces query validators with 121 and refuses $jsonSchema and bad options', async () => {
    const c = await db.createCollection('v', { validator: { qty: { $gte: 0 } } });
    await c.insertOne({ qty: 1 });
    await expect(c.insertOne({ qty: -1 })).rejects.toMatchObject({ code: 121 });
    await db.command({ collMod: 'v', validationAction: 'warn' });
    await c.insertOne({ qty: -2 }); // warn: accepted (mongod logs it)
    expect(await c.countDocuments()).toBe(2);
    await expect(
      db.createCollection('js', { validator: { $jsonSchema: { required: ['a'] } } }),
    ).rejects.toMatchObject({ code: 238 });
    await expect(
      db.command({ collMod: 'v', validator: { $jsonSchema: { required: ['a'] } } }),
    ).rejects.toMatchObject({ code: 238 });
    await expect(
      db.createCollection('lvl', { validator: { a: 1 }, validationLevel: 'sometimes' as never }),
    ).rejects.toMatchObject({ code: 2 });
    await expect(
      db.createCollection('badop', { validator: { a: { $bogus: 1 } } }),
    ).rejects.toMatchObject({ code: 2 });
    await expect(db.command({ collMod: 'v', bogus: 1 })).rejects.toMatchObject({ code: 40415 });
    expect((await db.listCollections({ name: 'js' }).toArray()).length).toBe(0);
  });

  it('checks updates, upserts and findAndModify; moderate and bypassDocumentValidation as on mongod', async () => {
    const c = await db.createCollection('vu', { validator: { qty: { $gte: 0 } } });
    await c.insertOne({ _id: 1 as never, qty: 1 });
    await expect(c.updateOne({ _id: 1 as never }, { $set: { qty: -1 } })).rejects.toMatchObject({
      code: 121,
    });
    await expect(
      c.findOneAndUpdate({ _id: 1 as never }, { $inc: { qty: -5 } }),
    ).rejects.toMatchObject({ code: 121, codeName: 'DocumentValidationFailure' });
    await expect(
      c.updateOne({ _id: 2 as never }, { $set: { qty: -1 } }, { upsert: true }),
    ).rejects.toMatchObject({ code: 121 });
    expect(await c.find().toArray()).toEqual([{ _id: 1, qty: 1 }]);
    await c.updateOne(
      { _id: 1 as never },
      { $set: { qty: -1 } },
      { bypassDocumentValidation: true },
    );
    // strict (the default) checks every update, even of a document that is already invalid
    await expect(c.updateOne({ _id: 1 as never }, { $set: { note: 'x' } })).rejects.toMatchObject({
      code: 121,
    });
    // moderate lets updates of already-invalid documents through, and still checks valid ones
    await db.command({ collMod: 'vu', validationLevel: 'moderate' });
    await c.updateOne({ _id: 1 as never }, { $set: { note: 'x' } });
    await c.insertOne({ _id: 3 as never, qty: 3 });
    await expect(c.updateOne({ _id: 3 as never }, { $set: { qty: -3 } })).rejects.toMatchObject({
      code: 121,
    });
    expect(await c.find().toArray()).toEqual([
      { _id: 1, qty: -1, note: 'x' },
      { _id: 3, qty: 3 },
    ]);
  });
});
