import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../index.js';
import type { EmbeddedMongo } from '../index.js';

let mongo: EmbeddedMongo;
const conn = mongoose.createConnection();

const Category = conn.model(
  'Category',
  new mongoose.Schema(
    { name: { type: String, required: true }, slug: String },
    { collation: { locale: 'en', strength: 2 } },
  ).index({ name: 1 }, { unique: true, collation: { locale: 'en', strength: 2 } }),
);
const Product = conn.model(
  'Product',
  new mongoose.Schema(
    {
      title: String,
      slug: { type: String, unique: true },
      price: Number,
      category: { type: mongoose.Schema.Types.ObjectId, ref: 'Category' },
      sizes: [String],
    },
    { timestamps: true },
  ).index({ category: 1, price: 1 }),
);

beforeAll(async () => {
  mongo = await startEmbeddedMongo();
  await conn.openUri(`${mongo.uri}shop`);
  await Category.init();
  await Product.init();
});
afterAll(async () => {
  await conn.close();
  await mongo.stop();
});

describe('Mongoose 9', () => {
  it('does CRUD, populate, counts and pagination', async () => {
    const tees = await Category.create({ name: 'Tees', slug: 'tees' });
    await Product.insertMany(
      Array.from({ length: 30 }, (_, i) => ({
        title: `T${i}`,
        slug: `t-${i}`,
        price: 10 + i,
        category: tees._id,
        sizes: ['M'],
      })),
    );
    const page = await Product.find({
      category: { $in: [tees._id] },
      price: { $gte: 15, $lte: 30 },
    })
      .sort({ createdAt: -1, _id: -1 })
      .limit(12)
      .populate('category')
      .lean();
    expect(page).toHaveLength(12);
    expect((page[0]!.category as unknown as { name: string }).name).toBe('Tees');
    expect(await Product.countDocuments({ price: { $gt: 30 } })).toBe(9);
    expect(await Product.estimatedDocumentCount()).toBe(30);
    const p = await Product.findOneAndUpdate(
      { slug: 't-1' },
      { $inc: { price: 100 } },
      { new: true },
    );
    expect(p?.price).toBe(111);
    const doc = await Product.findOne({ slug: 't-2' });
    doc!.title = 'changed';
    await doc!.save();
    expect((await Product.findById(doc!._id).lean())?.title).toBe('changed');
    await Product.deleteOne({ slug: 't-3' });
    expect(await Product.exists({ slug: 't-3' })).toBeNull();
    const agg = await Product.aggregate<{ _id: null; avg: number }>([
      { $match: { category: tees._id } },
      { $group: { _id: null, avg: { $avg: '$price' } } },
    ]);
    expect(agg[0]!.avg).toBeGreaterThan(10);
  });

  it('surfaces duplicate keys like mongod (code 11000, keyValue), also case-insensitively', async () => {
    await Product.create({ title: 'x', slug: 'dup' });
    const err = (await Product.create({ title: 'y', slug: 'dup' }).catch((e: unknown) => e)) as {
      code: number;
      keyValue: unknown;
      keyPattern: unknown;
      message: string;
    };
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ slug: 'dup' });
    expect(err.keyPattern).toEqual({ slug: 1 });
    expect(err.message).toMatch(
      /E11000 duplicate key error collection: shop.products index: slug_1 dup key: \{ slug: "dup" \}/,
    );
    await Category.create({ name: 'Hoodies' });
    const ci = (await Category.create({ name: 'HOODIES' }).catch((e: unknown) => e)) as {
      code: number;
    };
    expect(ci.code).toBe(11000);
    // The collection's default collation makes lookups case-insensitive too.
    expect((await Category.findOne({ name: 'hoodies' }))?.name).toBe('Hoodies');
  });

  it('syncIndexes and listIndexes agree', async () => {
    const dropped = await Product.syncIndexes();
    expect(dropped).toEqual([]);
    const names = (await Product.listIndexes()).map((i) => i.name).sort();
    expect(names).toEqual(['_id_', 'category_1_price_1', 'slug_1']);
  });
});
