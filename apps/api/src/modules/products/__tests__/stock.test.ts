/** The functions orders and payments use: read products by id, take and give back stock. */
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { ONE_SIZE, product } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { decrementStock, findProductsByIds, migrateToColours, restoreStock } from '../index.js';
import { Product } from '../product.model.js';
import { insertProducts, makeCategory } from './fixtures.js';

const t = await setupTestApp();
const category = await makeCategory('Anime');
const [a, b, c] = await insertProducts([
  { name: 'A', price: 499, category, quantity: 5 },
  { name: 'B', price: 1299, category, quantity: 1 },
  { name: 'C', price: 250, category, quantity: 0 },
]);
const quantity = async (id: string) =>
  (await Product.findById(id, { quantity: 1 }).lean())!.quantity;

describe('findProductsByIds', () => {
  it('answers products in the order asked, with price and stock; unknown and malformed ids are left out', async () => {
    const found = await findProductsByIds([
      b!.id,
      'junk',
      '0123456789abcdef01234567',
      a!.id,
      b!.id.toUpperCase(),
    ]);
    expect(found.map((p) => p._id)).toEqual([b!.id, a!.id]);
    expect(found[0]).toMatchObject({
      name: 'B',
      price: 1299,
      quantity: 1,
      category: { _id: category, name: 'Anime' },
    });
    for (const p of found) product.parse(p);
    expect(await findProductsByIds([])).toEqual([]);
  });
});

describe('decrementStock / restoreStock', () => {
  it('takes every line, merging lines of the same product', async () => {
    expect(
      await decrementStock([
        { productId: a!.id, size: ONE_SIZE, quantity: 2 },
        { productId: b!.id, size: ONE_SIZE, quantity: 1 },
        { productId: a!.id, size: ONE_SIZE, quantity: 1 },
      ]),
    ).toEqual({ ok: true });
    expect([await quantity(a!.id), await quantity(b!.id)]).toEqual([2, 0]);
    await restoreStock([
      { productId: a!.id, size: ONE_SIZE, quantity: 3 },
      { productId: b!.id, size: ONE_SIZE, quantity: 1 },
    ]);
    expect([await quantity(a!.id), await quantity(b!.id)]).toEqual([5, 1]);
  });

  it('takes nothing when one line is short, and names it', async () => {
    const res = await decrementStock([
      { productId: a!.id, size: ONE_SIZE, quantity: 2 },
      { productId: b!.id, size: ONE_SIZE, quantity: 2 },
    ]);
    expect(res).toEqual({ ok: false, productId: b!.id, size: ONE_SIZE, available: 1 });
    expect([await quantity(a!.id), await quantity(b!.id)]).toEqual([5, 1]);
    expect(await decrementStock([{ productId: c!.id, size: ONE_SIZE, quantity: 1 }])).toEqual({
      ok: false,
      productId: c!.id,
      size: ONE_SIZE,
      available: 0,
    });
    expect(
      await decrementStock([
        { productId: '0123456789abcdef01234567', size: ONE_SIZE, quantity: 1 },
      ]),
    ).toMatchObject({ ok: false, available: 0 });
  });

  it('never goes below zero with concurrent buyers', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        decrementStock([{ productId: a!.id, size: ONE_SIZE, quantity: 1 }]),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await quantity(a!.id)).toBe(0);
  });

  it('refuses malformed lines', async () => {
    await expect(decrementStock([{ productId: 'x', size: ONE_SIZE, quantity: 1 }])).rejects.toThrow(
      /Invalid stock line/,
    );
    await expect(
      decrementStock([{ productId: a!.id, size: ONE_SIZE, quantity: 0 }]),
    ).rejects.toThrow(/Invalid stock line/);
    await expect(
      decrementStock([{ productId: a!.id, size: ONE_SIZE, quantity: 1.5 }]),
    ).rejects.toThrow(/Invalid stock line/);
  });

  it('moves the catalog on, so cached answers show the new stock', async () => {
    await restoreStock([{ productId: b!.id, size: ONE_SIZE, quantity: 1 }]);
    const first = await t.request().get(`/api/product/get-product/${b!.slug}`).expect(200);
    await decrementStock([{ productId: b!.id, size: ONE_SIZE, quantity: 1 }]);
    const after = await t
      .request()
      .get(`/api/product/get-product/${b!.slug}`)
      .set('If-None-Match', first.headers.etag as string)
      .expect(200);
    expect(after.body.Aproduct.quantity).toBe(first.body.Aproduct.quantity - 1);
  });
});

describe('stock per size', () => {
  const sized = async (sizes: Array<{ size: string; quantity: number }>) =>
    (await insertProducts([{ name: 'Sized', price: 599, category, sizes }]))[0]!.id;
  const stock = async (id: string) => {
    const p = (await Product.findById(id, { quantity: 1, sizes: 1 }).lean())!;
    return { ...Object.fromEntries(p.sizes!.map((s) => [s.size, s.quantity])), total: p.quantity };
  };

  it('stores sizes in the shop order with quantity as their total; no sizes is One size', async () => {
    const id = await sized([
      { size: 'L', quantity: 1 },
      { size: 'S', quantity: 3 },
    ]);
    const p = (await Product.findById(id).lean())!;
    expect(p.sizes).toEqual([
      { size: 'S', quantity: 3 },
      { size: 'L', quantity: 1 },
    ]);
    expect(p.quantity).toBe(4);
    const [plain] = await insertProducts([{ name: 'Plain', price: 1, category, quantity: 7 }]);
    expect((await Product.findById(plain!.id).lean())!.sizes).toEqual([
      { size: ONE_SIZE, quantity: 7 },
    ]);
  });

  it('takes from the size bought only, keeping the total in step; names a short size', async () => {
    const id = await sized([
      { size: 'S', quantity: 2 },
      { size: 'M', quantity: 1 },
    ]);
    expect(await decrementStock([{ productId: id, size: 'S', quantity: 2 }])).toEqual({ ok: true });
    expect(await stock(id)).toEqual({ S: 0, M: 1, total: 1 });
    expect(await decrementStock([{ productId: id, size: 'S', quantity: 1 }])).toEqual({
      ok: false,
      productId: id,
      size: 'S',
      available: 0,
    });
    // A size it is not made in has nothing; the other lines are given back.
    expect(
      await decrementStock([
        { productId: id, size: 'M', quantity: 1 },
        { productId: id, size: 'XL', quantity: 1 },
      ]),
    ).toMatchObject({ ok: false, size: 'XL', available: 0 });
    expect(await stock(id)).toEqual({ S: 0, M: 1, total: 1 });
  });

  it('never takes a size below zero with concurrent buyers of two sizes', async () => {
    const id = await sized([
      { size: 'M', quantity: 3 },
      { size: 'L', quantity: 2 },
    ]);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, k) =>
        decrementStock([{ productId: id, size: k % 2 ? 'M' : 'L', quantity: 1 }]),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await stock(id)).toEqual({ M: 0, L: 0, total: 0 });
  });

  it('gives stock back to its size, and reports a size the product no longer has', async () => {
    const id = await sized([
      { size: 'M', quantity: 0 },
      { size: 'L', quantity: 1 },
    ]);
    const lost = await restoreStock([
      { productId: id, size: 'M', quantity: 2 },
      { productId: id, size: 'XS', quantity: 1 },
    ]);
    expect(lost).toEqual([{ productId: id, size: 'XS', quantity: 1 }]);
    expect(await stock(id)).toEqual({ M: 2, L: 1, total: 3 });
  });

  it('reads the stock of a list of products (GET /api/product/stock, never cached)', async () => {
    const id = await sized([{ size: 'XL', quantity: 4 }]);
    const res = await t
      .request()
      .get(`/api/product/stock?ids=${id},${c!.id},0123456789abcdef01234567`)
      .expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.products).toEqual(
      expect.arrayContaining([
        {
          _id: id,
          quantity: 4,
          sizes: [{ size: 'XL', quantity: 4 }],
          colours: [{ name: 'Default', sizes: [{ size: 'XL', quantity: 4 }] }],
        },
        {
          _id: c!.id,
          quantity: 0,
          sizes: [{ size: ONE_SIZE, quantity: 0 }],
          colours: [{ name: 'Default', sizes: [{ size: ONE_SIZE, quantity: 0 }] }],
        },
      ]),
    );
    expect(res.body.products).toHaveLength(2);
    const bad = await t.request().get('/api/product/stock?ids=nope').expect(400);
    expect(bad.body.message).toMatch(/valid id/);
  });
});

describe('migrateToColours (products saved before sizes)', () => {
  it('makes products saved before sizes one colour in One size holding their quantity, once', async () => {
    const { insertedId } = await Product.collection.insertOne({
      name: 'Old',
      slug: `old-${Date.now()}`,
      description: 'Saved before sizes',
      price: 300,
      quantity: 6,
      shipping: false,
      category: new mongoose.Types.ObjectId(category),
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    // Read before the migration reaches it: already One size.
    const [before] = await findProductsByIds([String(insertedId)]);
    expect(before!.sizes).toEqual([{ size: ONE_SIZE, quantity: 6 }]);

    expect(await migrateToColours()).toBe(1);
    const row = (await Product.findById(insertedId).lean())!;
    expect(row.sizes).toEqual([{ size: ONE_SIZE, quantity: 6 }]);
    expect(row.colours?.map((c) => [c.name, c.sizes])).toEqual([
      ['Default', [{ size: ONE_SIZE, quantity: 6 }]],
    ]);
    expect(row.quantity).toBe(6);
    expect(await migrateToColours()).toBe(0);
  });
});

describe('the size filter (getFilter-product with size)', () => {
  it('answers only products with stock left in the size, with the other filters', async () => {
    const tees = await makeCategory('Size filter');
    const [hasM, soldOutM, noM, cheapM] = await insertProducts([
      { name: 'Has M', price: 600, category: tees, sizes: [{ size: 'M', quantity: 2 }] },
      {
        name: 'Sold out in M',
        price: 600,
        category: tees,
        sizes: [
          { size: 'M', quantity: 0 },
          { size: 'L', quantity: 9 },
        ],
      },
      { name: 'No M', price: 600, category: tees, sizes: [{ size: 'L', quantity: 3 }] },
      { name: 'Cheap M', price: 200, category: tees, sizes: [{ size: 'M', quantity: 1 }] },
    ]);
    const filter = (body: object) =>
      t.request().post('/api/product/getFilter-product').send(body).expect(200);
    const inM = await filter({ checked: [tees], size: 'M' });
    expect(inM.body.total).toBe(2);
    expect(inM.body.filterProduct.map((p: { _id: string }) => p._id)).toEqual([
      cheapM!.id,
      hasM!.id,
    ]);
    const priced = await filter({ checked: [tees], radio: [500, 700], size: 'M' });
    expect(priced.body.filterProduct.map((p: { _id: string }) => p._id)).toEqual([hasM!.id]);
    const inL = await filter({ checked: [tees], size: 'L' });
    expect(inL.body.filterProduct.map((p: { name: string }) => p.name).sort()).toEqual([
      noM!.name,
      soldOutM!.name,
    ]);
    await t
      .request()
      .post('/api/product/getFilter-product')
      .send({ checked: [tees], size: 'XXXL' })
      .expect(400);
  });
});
