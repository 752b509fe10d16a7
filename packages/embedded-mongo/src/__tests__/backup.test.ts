// dump/restore in mongodump's directory format, and what MongoDB's own tools send.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  Binary,
  BSONRegExp,
  BSONSymbol,
  Code,
  DBRef,
  Decimal128,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  MongoClient,
  ObjectId,
  Timestamp,
  UUID,
} from 'mongodb';
import type { Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../index.js';
import { tempDirs } from './helpers.js';

const run = promisify(execFile);
const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/cli.js');
const RAW = { promoteValues: false, promoteLongs: false, bsonRegExp: true } as const;
const tmp = tempDirs('embedded-mongo-backup-');

/**
 * A reader written from mongodump's public description: a .bson file is BSON documents one
 * after another, each starting with its little-endian int32 total length and ending in 0x00.
 */
function splitBsonFile(file: string): Buffer[] {
  const buf = fs.readFileSync(file);
  const docs: Buffer[] = [];
  for (let pos = 0; pos < buf.length;) {
    const len = buf.readInt32LE(pos);
    expect(len).toBeGreaterThanOrEqual(5);
    expect(buf[pos + len - 1]).toBe(0);
    docs.push(buf.subarray(pos, pos + len));
    pos += len;
  }
  return docs;
}

const everyType = (): Document => ({
  _id: new ObjectId('64b7f0f0f0f0f0f0f0f0f0f0'),
  double: new Double(1),
  frac: 2.5,
  string: 'tee ₹',
  object: { nested: { deep: true } },
  array: [1, 'two', [3]],
  binary: new Binary(Buffer.from([1, 2, 3]), 0),
  uuid: new UUID('5f7c1d0e-8a4b-4c2d-9e3f-102030405060'),
  objectId: new ObjectId('64b7f0f0f0f0f0f0f0f0f0f1'),
  bool: false,
  date: new Date('2026-01-02T03:04:05.678Z'),
  null: null,
  regex: new BSONRegExp('^a.c$', 'imx'),
  dbref: new DBRef('orders', new ObjectId('64b7f0f0f0f0f0f0f0f0f0f2')),
  code: new Code('function () { return 1; }'),
  symbol: new BSONSymbol('sym'),
  int32: new Int32(-7),
  timestamp: new Timestamp({ t: 1700000000, i: 3 }),
  int64: Long.fromString('9223372036854775807'),
  decimal: Decimal128.fromString('1234.5678901234567890123456789012'),
  minKey: new MinKey(),
  maxKey: new MaxKey(),
});

const INDEXES = [
  { key: { sku: 1 }, name: 'sku_1', unique: true },
  { key: { code: 1 }, name: 'code_1', sparse: true },
  { key: { state: 1 }, name: 'state_1', partialFilterExpression: { state: { $eq: 'paid' } } },
  { key: { at: 1 }, name: 'at_1', expireAfterSeconds: 3600 },
  { key: { name: 1 }, name: 'name_1', collation: { locale: 'en', strength: 2 } },
  { key: { a: 1, b: -1 }, name: 'a_1_b_-1' },
  { key: { title: 'text', body: 'text' }, name: 'text', weights: { title: 10 } },
];

async function fill(uri: string): Promise<void> {
  const client = await MongoClient.connect(uri);
  const db = client.db('shop');
  await db.collection('types').insertOne(everyType());
  const items = db.collection('items');
  await items.createIndexes(INDEXES as never);
  await items.insertMany([
    { sku: 'a', code: 'x', state: 'paid', name: 'Tee', a: 1, b: 2, at: new Date() },
    { sku: 'b', state: 'new', name: 'Mug', a: 2, b: 1 },
  ]);
  await db.createCollection('log', { capped: true, size: 8192, max: 100 });
  await db.createCollection('paid', { viewOn: 'items', pipeline: [{ $match: { state: 'paid' } }] });
  await client.close();
}

describe('dump and restore', () => {
  it('round-trips every BSON type and every index kind through mongodump files', async () => {
    const data = tmp();
    const dump = path.join(tmp(), 'dump');
    const mongo = await startEmbeddedMongo({ dataDir: data });
    await fill(mongo.uri);
    // dump while the server is running on the same data directory
    const { stdout } = await run(process.execPath, [cli, 'dump', '--data', data, '--out', dump]);
    expect(stdout).toMatch(/dumped 3 documents in 4 collections of 1 databases/);
    const client = await MongoClient.connect(mongo.uri);
    const [typesInfo] = await client
      .db('shop')
      .listCollections({ name: 'types' }, { nameOnly: false })
      .toArray();
    await client.close();
    await mongo.stop();

    // the files, read as mongodump's format describes them
    expect(fs.readdirSync(path.join(dump, 'shop')).sort()).toEqual([
      'items.bson',
      'items.metadata.json',
      'log.bson',
      'log.metadata.json',
      'paid.metadata.json',
      'types.bson',
      'types.metadata.json',
    ]);
    const [raw] = splitBsonFile(path.join(dump, 'shop', 'types.bson'));
    // the first element of the stored document: type 0x07 (ObjectId) named "_id"
    expect(raw![4]).toBe(0x07);
    expect(raw!.subarray(5, 9).toString('latin1')).toBe('_id\0');
    const meta = JSON.parse(
      fs.readFileSync(path.join(dump, 'shop', 'items.metadata.json'), 'utf8'),
    );
    expect(meta.collectionName).toBe('items');
    expect(meta.uuid).toMatch(/^[0-9a-f]{32}$/);
    expect(meta.indexes[0]).toEqual({
      v: { $numberInt: '2' },
      key: { _id: { $numberInt: '1' } },
      name: '_id_',
    });
    expect(meta.indexes.find((i: Document) => i.name === 'text').weights).toEqual({
      title: { $numberInt: '10' },
      body: { $numberInt: '1' },
    });
    const typesMeta = JSON.parse(
      fs.readFileSync(path.join(dump, 'shop', 'types.metadata.json'), 'utf8'),
    );
    const uuidHex = Buffer.from((typesInfo as Document).info.uuid.buffer).toString('hex');
    expect(typesMeta.uuid).toBe(uuidHex);
    const logMeta = JSON.parse(
      fs.readFileSync(path.join(dump, 'shop', 'log.metadata.json'), 'utf8'),
    );
    expect(logMeta.options).toEqual({
      capped: true,
      size: { $numberInt: '8192' },
      max: { $numberInt: '100' },
    });
    const viewMeta = JSON.parse(
      fs.readFileSync(path.join(dump, 'shop', 'paid.metadata.json'), 'utf8'),
    );
    expect(viewMeta).toMatchObject({ type: 'view', options: { viewOn: 'items' }, indexes: [] });

    // restore into a fresh data directory: same documents (byte for byte), indexes, options, UUID
    const fresh = tmp();
    await run(process.execPath, [cli, 'restore', '--data', fresh, '--from', dump]);
    const again = await startEmbeddedMongo({ dataDir: fresh });
    const c2 = await MongoClient.connect(again.uri);
    try {
      const db = c2.db('shop');
      const doc = await db.collection('types').findOne({}, RAW);
      // byte for byte what was inserted, so every value kept its type and content
      const { serialize } = await import('bson');
      expect(Buffer.from(serialize(doc!))).toEqual(Buffer.from(serialize(everyType())));
      expect(Buffer.from(serialize(doc!))).toEqual(raw);
      const indexes = await db.collection('items').listIndexes().toArray();
      for (const spec of INDEXES) {
        const found = indexes.find((i) => i.name === spec.name)!;
        const { key: _key, weights: _w, ...options } = spec as Document;
        expect(found).toMatchObject(options);
      }
      expect(indexes.find((i) => i.name === 'text')!.weights).toEqual({ title: 10, body: 1 });
      await expect(db.collection('items').insertOne({ sku: 'a' })).rejects.toMatchObject({
        code: 11000,
      });
      expect(
        await db
          .collection('items')
          .countDocuments({ name: 'tee' }, { collation: { locale: 'en', strength: 2 } }),
      ).toBe(1);
      expect((await db.collection('paid').find().toArray()).map((d) => d.sku)).toEqual(['a']);
      const [info] = await db.listCollections({ name: 'types' }, { nameOnly: false }).toArray();
      expect(Buffer.from((info as Document).info.uuid.buffer).toString('hex')).toBe(uuidHex);
      const [log] = await db.listCollections({ name: 'log' }, { nameOnly: false }).toArray();
      expect((log as Document).options).toEqual({ capped: true, size: 8192, max: 100 });
    } finally {
      await c2.close();
      await again.stop();
    }
    // a restore over existing collections needs --drop
    await expect(
      run(process.execPath, [cli, 'restore', '--data', fresh, '--from', dump]),
    ).rejects.toMatchObject({ stderr: expect.stringMatching(/exists already/) });
  });
});

describe('what mongodump and mongorestore send', () => {
  it('create with idIndex, applyOps create with a UUID, authSchemaVersion, text weights, $project _id first', async () => {
    const mongo = await startEmbeddedMongo();
    const client = await MongoClient.connect(mongo.uri);
    try {
      const db = client.db('tools');
      await db.command({ create: 'a', idIndex: { key: { _id: 1 }, name: '_id_', v: 2 } });
      const [a] = await db.listCollections({ name: 'a' }, { nameOnly: false }).toArray();
      expect((a as Document).options).toEqual({});
      const uuid = new UUID('0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9');
      await client.db('admin').command({
        applyOps: [
          {
            op: 'c',
            ns: 'tools.$cmd',
            ui: uuid,
            o: { create: 'b', idIndex: { key: { _id: 1 }, name: '_id_', v: 2 } },
          },
        ],
      });
      const [b] = await db.listCollections({ name: 'b' }, { nameOnly: false }).toArray();
      expect((b as Document).info.uuid.toHexString()).toBe(uuid.toHexString());
      await expect(
        client.db('admin').command({
          applyOps: [{ op: 'u', ns: 'tools.b', o: { $set: { x: 1 } }, o2: { _id: 1 } }],
        }),
      ).rejects.toMatchObject({ code: 238 });
      expect(
        await client.db('admin').command({ getParameter: 1, authSchemaVersion: 1 }),
      ).toMatchObject({
        authSchemaVersion: 5,
      });
      // the listed spec of a text index, sent back as mongorestore does, keeps its weights
      await db
        .collection('c')
        .createIndex({ title: 'text', body: 'text' }, { weights: { title: 5 }, name: 't' });
      const listed = (await db.collection('c').listIndexes().toArray()).find(
        (i) => i.name === 't',
      )!;
      await db.collection('d').createIndexes([listed as never]);
      const copied = (await db.collection('d').listIndexes().toArray()).find(
        (i) => i.name === 't',
      )!;
      expect(copied.key).toEqual({ _fts: 'text', _ftsx: 1 });
      expect(copied.weights).toEqual({ title: 5, body: 1 });
      await db.collection('c').insertOne({ _id: 1 as never, title: 'x', body: 'y' });
      const [projected] = await db
        .collection('c')
        .aggregate([{ $project: { body: 1, title: 1, _id: 1 } }])
        .toArray();
      expect(Object.keys(projected!)).toEqual(['_id', 'body', 'title']);
    } finally {
      await client.close();
      await mongo.stop();
    }
  });
});
