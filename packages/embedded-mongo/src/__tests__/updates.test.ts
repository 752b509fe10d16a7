// Update operators as mongod 7.0 applies them: results, and mongod's code for what it refuses.
import { Binary, MongoBulkWriteError, MongoServerError, ObjectId } from 'mongodb';
import type { Collection, Document, UpdateFilter } from 'mongodb';
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

/** Documents whose _id is of any type (numbers, sub-documents), as in mongod's examples. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the driver's typings insist on ObjectId _ids
type AnyDoc = any;

/** An update the driver's typings reject for schemaless collections. */
const ops = (u: Document): UpdateFilter<AnyDoc> => u;

async function coll(...docs: AnyDoc[]): Promise<Collection<AnyDoc>> {
  const c = h.db.collection<AnyDoc>(`u${++n}`);
  if (docs.length) await c.insertMany(docs);
  return c;
}

/** The server error an operation failed with (write errors carry only code and errmsg). */
async function failure(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof MongoBulkWriteError) {
      const first = [e.writeErrors].flat()[0]!;
      return { code: first.code, message: first.errmsg ?? '' };
    }
    if (e instanceof MongoServerError) return { code: Number(e.code), message: e.message };
    throw e;
  }
  throw new Error('expected the operation to fail');
}

describe('update operators', () => {
  it('$pull with an $or / $and condition removes the matching documents', async () => {
    const c = await coll({
      _id: 1,
      items: [{ n: 'eggs' }, { n: 'bacon' }, { n: 'milk', q: 2 }, { n: 'milk', q: 3 }],
    });
    const r = await c.updateOne(
      { _id: 1 },
      ops({ $pull: { items: { $or: [{ n: 'eggs' }, { n: 'bacon' }] } } }),
    );
    expect(r).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    await c.updateOne({ _id: 1 }, ops({ $pull: { items: { $and: [{ n: 'milk' }, { q: 3 }] } } }));
    expect((await c.findOne({ _id: 1 }))?.items).toEqual([{ n: 'milk', q: 2 }]);
    // An operator condition is matched against each element as a value.
    await c.updateOne({ _id: 1 }, { $set: { nums: [1, 5, 9] } });
    await c.updateOne({ _id: 1 }, ops({ $pull: { nums: { $gte: 5 } } }));
    expect((await c.findOne({ _id: 1 }))?.nums).toEqual([1]);
  });

  it('$push / $addToSet on a non-array field are errors, also inside bulkWrite', async () => {
    const c = await coll({ _id: 1, num: 5, tags: ['a'] });
    expect(await failure(c.updateOne({ _id: 1 }, ops({ $push: { num: 1 } })))).toEqual({
      code: 2,
      message: "The field 'num' must be an array but is of type int in document {_id: 1}",
    });
    expect(await failure(c.updateOne({ _id: 1 }, { $addToSet: { num: 1 } }))).toEqual({
      code: 2,
      message:
        "Cannot apply $addToSet to non-array field. Field named 'num' has non-array type int",
    });
    const bulk = await failure(
      c.bulkWrite([
        { updateOne: { filter: { _id: 1 }, update: ops({ $push: { tags: 'b' } }) } },
        { updateOne: { filter: { _id: 1 }, update: ops({ $push: { num: 1 } }) } },
      ]),
    );
    expect(bulk.code).toBe(2);
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, num: 5, tags: ['a', 'b'] });
    expect(await failure(c.updateOne({ _id: 1 }, ops({ $pull: { num: 1 } })))).toEqual({
      code: 2,
      message: 'Cannot apply $pull to a non-array value',
    });
    expect(await failure(c.updateOne({ _id: 1 }, { $pop: { num: 1 } }))).toEqual({
      code: 14,
      message: "Path 'num' contains an element of non-array type 'int'",
    });
  });

  it('$set through an array of documents by field name is PathNotViable (28)', async () => {
    const c = await coll({ _id: 1, comments: [{ body: 'a' }], n: 3 });
    expect(await failure(c.updateOne({ _id: 1 }, { $set: { 'comments.body': 'x' } }))).toEqual({
      code: 28,
      message: `Cannot create field 'body' in element {comments: [ { body: "a" } ]}`,
    });
    expect((await failure(c.updateOne({ _id: 1 }, { $set: { 'n.x': 1 } }))).code).toBe(28);
    // By index it is fine, and missing indexes are padded with null.
    await c.updateOne({ _id: 1 }, { $set: { 'comments.0.body': 'x', 'comments.2.body': 'z' } });
    expect((await c.findOne({ _id: 1 }))?.comments).toEqual([{ body: 'x' }, null, { body: 'z' }]);
  });

  it('$set of _id to its current value is accepted; changing it is ImmutableField (66)', async () => {
    const oid = new ObjectId();
    const c = await coll({ _id: oid, a: 1 }, { _id: 7, a: 1 }, { _id: { k: 1, j: 2 }, a: 1 });
    for (const _id of [oid, 7, { k: 1, j: 2 }]) {
      const r = await c.updateOne({ _id }, { $set: { _id, a: 2 } });
      expect(r).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
      const upsert = await c.updateOne({ _id }, { $set: { _id, a: 3 } }, { upsert: true });
      expect(upsert).toMatchObject({ matchedCount: 1, upsertedCount: 0 });
      const after = await c.findOneAndUpdate(
        { _id },
        { $set: { _id, a: 4 } },
        { returnDocument: 'after' },
      );
      expect(after).toEqual({ _id, a: 4 });
    }
    const inserted = await c.updateOne({ _id: 8 }, { $set: { _id: 8, a: 1 } }, { upsert: true });
    expect(inserted.upsertedId).toBe(8);
    expect(await failure(c.updateOne({ _id: 7 }, { $set: { _id: 9 } }))).toMatchObject({
      code: 66,
    });
    expect(await failure(c.updateOne({ _id: 7 }, { $unset: { _id: 1 } }))).toMatchObject({
      code: 66,
    });
    expect(await c.countDocuments({ _id: 7 })).toBe(1);
  });

  it('Mongoose saves and updates whole documents that carry their _id', async () => {
    const conn = await mongoose.createConnection(`${h.mongo.uri}mongoose-updates`).asPromise();
    try {
      const Item = conn.model('Item', new mongoose.Schema({ name: String, qty: Number }));
      const item = await Item.create({ name: 'tee', qty: 1 });
      const whole = { ...item.toObject(), qty: 5 };
      const updated = await Item.findOneAndUpdate({ _id: item._id }, whole, {
        returnDocument: 'after',
      });
      expect(updated?.qty).toBe(5);
      await Item.updateOne({ _id: item._id }, { ...whole, qty: 6 });
      expect((await Item.findById(item._id).lean())?.qty).toBe(6);
    } finally {
      await conn.close();
    }
  });

  it('applies two positional paths into the same array in one update', async () => {
    const c = await coll({
      _id: 1,
      a: [
        { n: 'x', v: 0 },
        { n: 'y', v: 0 },
      ],
    });
    await c.updateOne({ _id: 1, 'a.n': 'y' }, { $set: { 'a.$.p': 1, 'a.$.q': 2 } });
    expect((await c.findOne({ _id: 1 }))?.a[1]).toEqual({ n: 'y', v: 0, p: 1, q: 2 });
    await c.updateOne({ _id: 1 }, { $set: { 'a.$[].r': 3 }, $inc: { 'a.$[].v': 1 } });
    expect((await c.findOne({ _id: 1 }))?.a.map((e: Document) => [e.r, e.v])).toEqual([
      [3, 1],
      [3, 1],
    ]);
    await c.updateOne(
      { _id: 1 },
      { $set: { 'a.$[e].s': 4, 'a.$[e].t': 5 } },
      { arrayFilters: [{ 'e.n': 'x' }] },
    );
    expect((await c.findOne({ _id: 1 }))?.a[0]).toEqual({ n: 'x', v: 1, r: 3, s: 4, t: 5 });
    // A path and its prefix still conflict (40).
    expect(
      (await failure(c.updateOne({ _id: 1 }, { $set: { 'a.$[].s': 1, 'a.$[]': 2 } }))).code,
    ).toBe(40);
    expect(
      await failure(
        c.updateOne({ _id: 1 }, { $set: { 'a.$[e].s': 1 } }, { arrayFilters: [{ 'f.n': 1 }] }),
      ),
    ).toMatchObject({ code: 2 });
    expect(await failure(c.updateOne({ _id: 1 }, { $set: { 'a.$.s': 1 } }))).toEqual({
      code: 2,
      message: 'The positional operator did not find the match needed from the query.',
    });
  });

  it('keeps the element the query matched for every positional path, even one changing the matched field', async () => {
    const c = await coll({
      _id: 1,
      r: [
        { p: 'a', id: 'r1', status: 'processed' },
        { p: 'b', id: '', status: 'pending' },
      ],
    });
    // mongod picks the element once, from the document as the query saw it.
    await c.updateOne(
      { _id: 1, r: { $elemMatch: { p: 'b', id: '', status: 'pending' } } },
      { $set: { 'r.$.id': 'r2', 'r.$.status': 'processed', 'r.$.note': 'done' } },
    );
    const changed = await c.findOneAndUpdate(
      { _id: 1, 'r.p': 'a' },
      { $set: { 'r.$.p': 'c', 'r.$.why': 'x' } },
      { returnDocument: 'after' },
    );
    expect(changed?.r).toEqual([
      { p: 'c', id: 'r1', status: 'processed', why: 'x' },
      { p: 'b', id: 'r2', status: 'processed', note: 'done' },
    ]);
  });

  it('stores $-prefixed field names below the top level; a top-level one only on insert', async () => {
    const c = await coll({ _id: 1 });
    await c.updateOne({ _id: 1 }, { $set: { 'a.$b': 1, c: { $d: 2 } } });
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: { $b: 1 }, c: { $d: 2 } });
    expect(await failure(c.updateOne({ _id: 1 }, { $set: { $hotel: 1 } }))).toMatchObject({
      code: 52,
    });
    await c.updateOne({ _id: 2 }, { $set: { $hotel: 320 } }, { upsert: true });
    expect(await c.findOne({ _id: 2 })).toEqual({ _id: 2, $hotel: 320 });
  });

  it('keeps __proto__ as an ordinary field name', async () => {
    const c = await coll();
    const doc = JSON.parse('{"_id": 1, "__proto__": {"x": 1}}') as Document;
    await c.insertOne(doc);
    await c.updateOne({ _id: 1 }, { $set: JSON.parse('{"__proto__.y": 2, "z": 3}') as Document });
    const back = await c.findOne({ _id: 1 });
    expect(Object.keys(back!)).toEqual(['_id', '__proto__', 'z']);
    expect(JSON.stringify(back)).toBe('{"_id":1,"__proto__":{"x":1,"y":2},"z":3}');
  });

  it('applies a $set that changes only the BinData subtype', async () => {
    const c = await coll({ _id: 1, b: new Binary(Buffer.from('ab'), 0) });
    const r = await c.updateOne({ _id: 1 }, { $set: { b: new Binary(Buffer.from('ab'), 4) } });
    expect(r.modifiedCount).toBe(1);
    expect((await c.findOne({ _id: 1 }))?.b.sub_type).toBe(4);
  });

  it('creates new fields in field-name order and applies $push modifiers in order', async () => {
    const c = await coll({ _id: 1, s: [5, 1] });
    await c.updateOne(
      { _id: 1 },
      ops({ $set: { z: 1, b: 2 }, $push: { s: { $each: [3, 9], $sort: -1, $slice: 3 } } }),
    );
    const d = await c.findOne({ _id: 1 });
    expect(Object.keys(d!)).toEqual(['_id', 's', 'b', 'z']);
    expect(d?.s).toEqual([9, 5, 3]);
    await c.updateOne({ _id: 1 }, { $rename: { b: 'c.d' }, $mul: { m: 2 }, $min: { z: 0 } });
    expect(await c.findOne({ _id: 1 }, { projection: { s: 0 } })).toEqual({
      _id: 1,
      z: 0,
      c: { d: 2 },
      m: 0,
    });
  });
});
