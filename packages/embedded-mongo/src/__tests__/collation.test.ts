// Collation as mongod 7.0 (ICU) applies it: sort order, equality and ranges in filters, indexes;
// what the server cannot do is refused with 238 NotImplemented, never ignored.
import type { Collection, CollationOptions, Document } from 'mongodb';
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

async function words(...w: string[]): Promise<Collection<Document>> {
  const c = h.db.collection(`coll${++n}`);
  await c.insertMany(w.map((word, i) => ({ _id: i as never, w: word })));
  return c;
}

async function found(
  c: Collection<Document>,
  filter: Document,
  collation?: CollationOptions,
  sort: Document = { w: 1 },
): Promise<string[]> {
  return (await c.find(filter, { collation, sort }).toArray()).map((d) => d.w as string);
}

describe('collation', () => {
  it('sorts by ICU: locale, strength, numericOrdering and caseFirst', async () => {
    const c = await words('Banana', 'apple', 'cherry', 'Apple', 'émile', 'eve', 'zoe');
    expect(await found(c, {})).toEqual([
      'Apple',
      'Banana',
      'apple',
      'cherry',
      'eve',
      'zoe',
      'émile',
    ]);
    expect(await found(c, {}, { locale: 'en' })).toEqual([
      'apple',
      'Apple',
      'Banana',
      'cherry',
      'émile',
      'eve',
      'zoe',
    ]);
    expect(await found(c, { w: /^[aA]/ }, { locale: 'en', caseFirst: 'upper' })).toEqual([
      'Apple',
      'apple',
    ]);
    const nums = await words('10', '9', '1', '100');
    expect(await found(nums, {}, { locale: 'en' })).toEqual(['1', '10', '100', '9']);
    expect(await found(nums, {}, { locale: 'en', numericOrdering: true })).toEqual([
      '1',
      '9',
      '10',
      '100',
    ]);
    // the same order through an index created with the collation, and in an aggregation
    await c.createIndex({ w: 1 }, { collation: { locale: 'en' } });
    expect(await found(c, { w: { $gt: 'b' } }, { locale: 'en' })).toEqual([
      'Banana',
      'cherry',
      'émile',
      'eve',
      'zoe',
    ]);
    const agg = await c
      .aggregate([{ $sort: { w: 1 } }, { $limit: 3 }], { collation: { locale: 'en' } })
      .toArray();
    expect(agg.map((d) => d.w)).toEqual(['apple', 'Apple', 'Banana']);
  });

  it('compares strings in filters under the collation: equality, $ne, $in, ranges', async () => {
    const c = await words('Café', 'cafe', 'CAFE', 'Zed', 'apple', '01', 'a-b');
    const byId = { _id: 1 };
    const s1 = { locale: 'fr', strength: 1 };
    const s2 = { locale: 'fr', strength: 2 };
    expect(await found(c, { w: 'cafe' }, s1, byId)).toEqual(['Café', 'cafe', 'CAFE']);
    expect(await found(c, { w: 'cafe' }, s2, byId)).toEqual(['cafe', 'CAFE']);
    expect(await found(c, { w: { $ne: 'CAFE' } }, s2, byId)).toEqual([
      'Café',
      'Zed',
      'apple',
      '01',
      'a-b',
    ]);
    expect(await found(c, { w: { $in: ['zed', /^A/] } }, s2, byId)).toEqual(['Zed']);
    expect(await found(c, { w: { $gt: 'b', $lt: 'd' } }, s2, byId)).toEqual([
      'Café',
      'cafe',
      'CAFE',
    ]);
    expect(await c.countDocuments({ w: { $gte: 'b' } }, { collation: s2 })).toBe(4);
    expect(await found(c, { w: '1' }, { locale: 'en', numericOrdering: true }, byId)).toEqual([
      '01',
    ]);
    expect(await found(c, { w: 'ab' }, { locale: 'en', alternate: 'shifted' }, byId)).toEqual([
      'a-b',
    ]);
    // without a collation it is the binary comparison
    expect(await found(c, { w: 'cafe' })).toEqual(['cafe']);
    expect(await found(c, { w: { $gt: 'b', $lt: 'd' } })).toEqual(['cafe']);
    // a collection's default collation applies to its queries and unique indexes
    const d = await h.db.createCollection(`coll${++n}`, { collation: s2 });
    await d.createIndex({ w: 1 }, { unique: true });
    await d.insertOne({ w: 'Straße' });
    await expect(d.insertOne({ w: 'STRASSE' })).rejects.toMatchObject({ code: 11000 });
    expect((await d.find({ w: 'strasse' }).toArray()).map((x) => x.w)).toEqual(['Straße']);
    // …and to its _id index, as on mongod: ids that differ only in case are one id.
    const e = await h.db.createCollection(`coll${++n}`, { collation: s2 });
    await e.insertOne({ _id: 'Tee' } as never);
    await expect(e.insertOne({ _id: 'TEE' } as never)).rejects.toMatchObject({ code: 11000 });
    expect(await e.findOne({ _id: 'tee' } as never)).toEqual({ _id: 'Tee' });
    const [idIndex] = await e.indexes();
    expect(idIndex).toMatchObject({ name: '_id_', collation: s2 });
    const [info] = await h.db.listCollections({ name: e.collectionName }).toArray();
    expect(info).toMatchObject({ idIndex: { name: '_id_', collation: s2 } });
  });

  it('refuses collation options the server does not implement (238) and bad ones (2)', async () => {
    const c = await words('x');
    for (const option of [
      { backwards: true },
      { caseLevel: true },
      { normalization: true },
      { alternate: 'shifted', maxVariable: 'space' },
    ] as Omit<CollationOptions, 'locale'>[]) {
      await expect(
        c.find({}, { collation: { locale: 'fr', ...option } }).toArray(),
      ).rejects.toMatchObject({ code: 238, codeName: 'NotImplemented' });
      await expect(
        c.createIndex({ w: 1 }, { collation: { locale: 'fr', ...option } }),
      ).rejects.toMatchObject({ code: 238 });
    }
    await expect(
      h.db.createCollection(`coll${++n}`, { collation: { locale: 'de@collation=phonebook' } }),
    ).rejects.toMatchObject({ code: 238 });
    await expect(c.find({}, { collation: { locale: 'xx' } }).toArray()).rejects.toMatchObject({
      code: 2,
      codeName: 'BadValue',
    });
    await expect(
      c.find({}, { collation: { locale: 'en', caseFirst: 'sideways' as never } }).toArray(),
    ).rejects.toMatchObject({ code: 2 });
    expect(await c.listIndexes().toArray()).toHaveLength(1);
    // the full spec a real mongod lists (what mongorestore sends back) is accepted
    const full = {
      locale: 'en_US',
      caseLevel: false,
      caseFirst: 'off',
      strength: 2,
      numericOrdering: false,
      alternate: 'non-ignorable',
      maxVariable: 'punct',
      normalization: false,
      backwards: false,
      version: '57.1',
    } as CollationOptions;
    await c.createIndex({ w: 1 }, { collation: full, name: 'w_full' });
    expect(await found(c, { w: 'X' }, { locale: 'en_US', strength: 2 })).toEqual(['x']);
  });
});
