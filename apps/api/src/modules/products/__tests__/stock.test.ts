/** The functions orders and payments use: read products by id, take and give back stock. */
import { describe, expect, it } from 'vitest';
import { product } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { decrementStock, findProductsByIds, Product, restoreStock } from '../index.js';
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
        { productId: a!.id, quantity: 2 },
        { productId: b!.id, quantity: 1 },
        { productId: a!.id, quantity: 1 },
      ]),
    ).toEqual({ ok: true });
    expect([await quantity(a!.id), await quantity(b!.id)]).toEqual([2, 0]);
    await restoreStock([
      { productId: a!.id, quantity: 3 },
      { productId: b!.id, quantity: 1 },
    ]);
    expect([await quantity(a!.id), await quantity(b!.id)]).toEqual([5, 1]);
  });

  it('takes nothing when one line is short, and names it', async () => {
    const res = await decrementStock([
      { productId: a!.id, quantity: 2 },
      { productId: b!.id, quantity: 2 },
    ]);
    expect(res).toEqual({ ok: false, productId: b!.id, available: 1 });
    expect([await quantity(a!.id), await quantity(b!.id)]).toEqual([5, 1]);
    expect(await decrementStock([{ productId: c!.id, quantity: 1 }])).toEqual({
      ok: false,
      productId: c!.id,
      available: 0,
    });
    expect(
      await decrementStock([{ productId: '0123456789abcdef01234567', quantity: 1 }]),
    ).toMatchObject({ ok: false, available: 0 });
  });

  it('never goes below zero with concurrent buyers', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => decrementStock([{ productId: a!.id, quantity: 1 }])),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await quantity(a!.id)).toBe(0);
  });

  it('refuses malformed lines', async () => {
    await expect(decrementStock([{ productId: 'x', quantity: 1 }])).rejects.toThrow(
      /Invalid stock line/,
    );
    await expect(decrementStock([{ productId: a!.id, quantity: 0 }])).rejects.toThrow(
      /Invalid stock line/,
    );
    await expect(decrementStock([{ productId: a!.id, quantity: 1.5 }])).rejects.toThrow(
      /Invalid stock line/,
    );
  });

  it('moves the catalog on, so cached answers show the new stock', async () => {
    await restoreStock([{ productId: b!.id, quantity: 1 }]);
    const first = await t.request().get(`/api/product/get-product/${b!.slug}`).expect(200);
    await decrementStock([{ productId: b!.id, quantity: 1 }]);
    const after = await t
      .request()
      .get(`/api/product/get-product/${b!.slug}`)
      .set('If-None-Match', first.headers.etag as string)
      .expect(200);
    expect(after.body.Aproduct.quantity).toBe(first.body.Aproduct.quantity - 1);
  });
});
