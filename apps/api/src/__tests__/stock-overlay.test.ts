/**
 * Stock apart from the catalog version (lib/catalog-version.ts, lib/cached-read.ts): a paid
 * order, a cancellation or a restock changes the stock every catalog read shows at once (the
 * total and every size's), in every API process, without retiring the cached names, prices,
 * descriptions and photos.
 */
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { catalogVersion, changeOf, settleStockVersion } from '../lib/catalog-version.js';
import { decrementStock, restoreStock } from '../modules/products/index.js';
import { Product } from '../modules/products/product.model.js';
import { insertProducts, makeCategory } from '../modules/products/__tests__/fixtures.js';
import { setupTestApp } from '../test/harness.js';

const t = await setupTestApp();
const category = await makeCategory('Overlay');
const products = await insertProducts(
  Array.from({ length: 14 }, (_, i) => ({
    name: `Overlay Tee ${i + 1}`,
    price: 300 + i,
    category,
    sizes: [
      { size: 'S', quantity: 2 },
      { size: 'M', quantity: 3 },
    ],
  })),
);
const newest = products[products.length - 1]!;
const older = products[0]!;

/** A name changed behind the models' back: no version moves, so only a recomputed answer shows it. */
const renameQuietly = (id: string, name: string) =>
  Product.collection.updateOne({ _id: new Product.base.Types.ObjectId(id) }, { $set: { name } });

interface Shown {
  _id: string;
  quantity: number;
  sizes: Array<{ size: string; quantity: number }>;
  colours: Array<{ name: string; sizes: Shown['sizes']; images: unknown[] }>;
  name: string;
}
/** The product lists of the answers read here. */
type Answer = Record<'prod' | 'data' | 'AllProducts' | 'products' | 'filterProduct', Shown[]> & {
  Aproduct: Shown;
};

const READS = [
  { path: '/api/product/productList/1', list: (b: Answer) => b.prod },
  { path: `/api/product/get-product/${newest.slug}`, list: (b: Answer) => [b.Aproduct] },
  { path: '/api/product/search/overlay', list: (b: Answer) => b.data },
  { path: '/api/product/get-product?page=1', list: (b: Answer) => b.AllProducts },
  { path: `/api/product/related-product/${older.id}/${category}`, list: (b: Answer) => b.products },
];
const quantityOf = (body: Answer, list: (b: Answer) => Shown[], id: string) =>
  list(body).find((p) => p._id === id)?.quantity;

describe('a change of stock alone', () => {
  it('shows in every read at once, while the rest of the cached answer stays', async () => {
    for (const { path } of READS) await t.request().get(path).expect(200);
    const before = await catalogVersion();
    await renameQuietly(newest.id, 'Quietly Renamed');

    expect(await decrementStock([{ productId: newest.id, size: 'M', quantity: 2 }])).toEqual({
      ok: true,
    });

    const after = await catalogVersion();
    expect(after.catalog).toBe(before.catalog);
    expect(after.current).not.toBe(before.current);
    for (const { path, list } of READS) {
      const res = await t.request().get(path).expect(200);
      const shown = list(res.body as Answer).find((p) => p._id === newest.id);
      if (!shown) continue; // related products leave out the one asked about
      expect(shown, path).toMatchObject({
        quantity: 3,
        sizes: [
          { size: 'S', quantity: 2 },
          { size: 'M', quantity: 1 },
        ],
        name: 'Overlay Tee 14',
      });
    }
    const filter = await t
      .request()
      .post('/api/product/getFilter-product')
      .send({ checked: [category], radio: [], page: 1 })
      .expect(200);
    expect(quantityOf(filter.body, (b: Answer) => b.filterProduct, newest.id)).toBe(3);
    const sizesShown = (filter.body as Answer).filterProduct.find((p) => p._id === newest.id);
    expect(sizesShown?.sizes).toEqual([
      { size: 'S', quantity: 2 },
      { size: 'M', quantity: 1 },
    ]);
    await Product.updateOne({ _id: newest.id }, { $set: { name: 'Overlay Tee 14' } });
  });

  it("lays each colour's stock over cached answers, keeping each answer's photos", async () => {
    const [tee] = await insertProducts([
      {
        name: 'Overlay Colours Tee',
        price: 450,
        category,
        colours: [
          { name: 'Black', sizes: [{ size: 'M', quantity: 2 }], images: 2 },
          { name: 'White', sizes: [{ size: 'M', quantity: 3 }], images: 2 },
        ],
      },
    ]);
    const reads = [
      { path: '/api/product/search/overlay%20colours', list: (b: Answer) => b.data, images: 1 },
      {
        path: `/api/product/get-product/${tee!.slug}`,
        list: (b: Answer) => [b.Aproduct],
        images: 2,
      },
    ];
    for (const { path } of reads) await t.request().get(path).expect(200);
    const before = await catalogVersion();
    expect(
      await decrementStock([{ productId: tee!.id, colour: 'White', size: 'M', quantity: 2 }]),
    ).toEqual({ ok: true });
    expect((await catalogVersion()).catalog).toBe(before.catalog);
    for (const { path, list, images } of reads) {
      const res = await t.request().get(path).expect(200);
      const shown = list(res.body as Answer).find((p) => p._id === tee!.id)!;
      expect(shown, path).toMatchObject({ quantity: 3, sizes: [{ size: 'M', quantity: 3 }] });
      expect(
        shown.colours.map((c) => [c.name, c.sizes, c.images.length]),
        path,
      ).toEqual([
        ['Black', [{ size: 'M', quantity: 2 }], images],
        ['White', [{ size: 'M', quantity: 1 }], images],
      ]);
    }
  });

  it('answers what an uncached process computes, byte for byte, after orders and cancellations', async () => {
    const path = '/api/product/productList/1';
    await t.request().get(path).expect(200);
    await decrementStock([
      { productId: newest.id, size: 'S', quantity: 1 },
      { productId: products[10]!.id, size: 'S', quantity: 2 },
      { productId: products[10]!.id, size: 'M', quantity: 2 },
    ]);
    await restoreStock([{ productId: products[10]!.id, size: 'S', quantity: 1 }]);
    const cached = await t.request().get(path).expect(200);
    const fresh = await supertest(createApp(t.deps)).get(path).expect(200);
    expect(cached.text).toBe(fresh.text);
    expect(quantityOf(cached.body, (b: Answer) => b.prod, products[10]!.id)).toBe(2);
    expect((cached.body as Answer).prod.find((p) => p._id === products[10]!.id)?.sizes).toEqual([
      { size: 'S', quantity: 1 },
      { size: 'M', quantity: 1 },
    ]);
    // Another process that had cached the answer before sees the stock too.
    const other = createApp(t.deps);
    await supertest(other).get(path).expect(200);
    await restoreStock([{ productId: products[10]!.id, size: 'M', quantity: 3 }]);
    const fromOther = await supertest(other).get(path).expect(200);
    expect(quantityOf(fromOther.body, (b: Answer) => b.prod, products[10]!.id)).toBe(5);
    expect(fromOther.text).toBe((await t.request().get(path).expect(200)).text);
  });

  it('gives a cached read a new ETag, so a revalidation gets the new stock', async () => {
    const path = `/api/product/get-product/${older.slug}`;
    const first = await t.request().get(path).expect(200);
    await t
      .request()
      .get(path)
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
    await decrementStock([{ productId: older.id, size: 'S', quantity: 1 }]);
    const again = await t
      .request()
      .get(path)
      .set('If-None-Match', first.headers.etag as string)
      .expect(200);
    expect(again.body.Aproduct.quantity).toBe(first.body.Aproduct.quantity - 1);
    expect(again.body.Aproduct.sizes[0]).toEqual({
      size: 'S',
      quantity: first.body.Aproduct.sizes[0].quantity - 1,
    });
  });

  it('leaves answers without stock (categories, the count) and their ETags alone', async () => {
    const path = '/api/category/all-category';
    const first = await t.request().get(path).expect(200);
    await decrementStock([{ productId: older.id, size: 'M', quantity: 1 }]);
    await t
      .request()
      .get(path)
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
  });

  it('does not move a version when a conditional take finds too little', async () => {
    const before = await catalogVersion();
    const res = await decrementStock([{ productId: older.id, size: 'M', quantity: 999 }]);
    expect(res).toMatchObject({ ok: false, productId: older.id, size: 'M' });
    expect(await catalogVersion()).toEqual(before);
  });
});

describe('the size filter', () => {
  it('drops a product once its last M is sold, and shows it again when one comes back', async () => {
    const [tee] = await insertProducts([
      {
        name: 'Last M Tee',
        price: 450,
        category,
        sizes: [
          { size: 'M', quantity: 1 },
          { size: 'L', quantity: 4 },
        ],
      },
    ]);
    const inM = async () => {
      const res = await t
        .request()
        .post('/api/product/getFilter-product')
        .send({ checked: [category], radio: [], page: 1, size: 'M' })
        .expect(200);
      return (res.body as Answer).filterProduct.map((p) => p._id);
    };
    expect(await inM()).toContain(tee!.id);
    expect(await inM()).toContain(tee!.id); // the cached answer
    expect(await decrementStock([{ productId: tee!.id, size: 'M', quantity: 1 }])).toEqual({
      ok: true,
    });
    expect(await inM()).not.toContain(tee!.id);
    await restoreStock([{ productId: tee!.id, size: 'M', quantity: 1 }]);
    expect(await inM()).toContain(tee!.id);
  });
});

describe('a catalog write', () => {
  it('still retires the cached answer: the new name and the current stock both show', async () => {
    const path = `/api/product/get-product/${newest.slug}`;
    await t.request().get(path).expect(200);
    await decrementStock([{ productId: newest.id, size: 'M', quantity: 1 }]);
    await t.request().get(path).expect(200);
    const before = await catalogVersion();
    await Product.updateOne({ _id: newest.id }, { $set: { price: 999 } });
    expect((await catalogVersion()).catalog).not.toBe(before.catalog);
    const res = await t.request().get(path).expect(200);
    expect(res.body.Aproduct).toMatchObject({ price: 999 });
    const stored = await Product.findById(newest.id, { quantity: 1, sizes: 1 }).lean();
    expect(res.body.Aproduct).toMatchObject({ quantity: stored!.quantity, sizes: stored!.sizes });
  });
});

describe('a busy checkout (STOCK_SETTLE_MS)', () => {
  it('shows a change after a quiet spell at once, and the next ones once the settle time has passed', async () => {
    // Later than the real clock that earlier reads wrote into the stock document (`shownAt`).
    let now = Date.now() + 3_600_000;
    settleStockVersion(1000, { now: () => now });
    try {
      const path = `/api/product/get-product/${older.slug}`;
      const shown = async () => {
        const res = await t.request().get(path).expect(200);
        return { quantity: res.body.Aproduct.quantity as number, etag: res.headers.etag as string };
      };
      const start = await shown();
      now += 5000; // a quiet spell
      await decrementStock([{ productId: older.id, size: 'S', quantity: 1 }]);
      const first = await shown();
      expect(first.quantity).toBe(start.quantity - 1);

      // Another order 999 ms later: reads keep the stock (and the ETag) they show.
      now += 999;
      await decrementStock([{ productId: older.id, size: 'M', quantity: 1 }]);
      expect(await shown()).toEqual(first);
      expect((await t.request().get(path).set('If-None-Match', first.etag)).status).toBe(304);

      now += 1;
      const settled = await shown();
      expect(settled.quantity).toBe(start.quantity - 2);
      expect(settled.etag).not.toBe(first.etag);
      const stored = await Product.findById(older.id, { quantity: 1 }).lean();
      expect(settled.quantity).toBe(stored!.quantity);
    } finally {
      settleStockVersion(0);
      await restoreStock([
        { productId: older.id, size: 'S', quantity: 1 },
        { productId: older.id, size: 'M', quantity: 1 },
      ]);
    }
  });
});

describe('which writes are stock alone', () => {
  it('counts stock paths and the timestamp only; bookkeeping alone moves nothing', () => {
    const paths = ['quantity', 'sizes'];
    const unshown = ['stockTakes'];
    const change = (update: unknown) => changeOf(update, paths, unshown);
    expect(change({ $inc: { quantity: -1 }, $set: { updatedAt: new Date() } })).toBe('stock');
    expect(change({ $inc: { quantity: -1, 'sizes.$[s].quantity': -1 } })).toBe('stock');
    expect(change({ $inc: { quantity: -1 }, $push: { stockTakes: 'k' } })).toBe('stock');
    expect(change({ $pull: { stockTakes: { $in: ['k'] } } })).toBe('nothing shown');
    expect(change({ $set: { quantity: 3, price: 10 } })).toBe('catalog');
    expect(change({ $set: { updatedAt: new Date() } })).toBe('catalog');
    expect(change({ $set: { quantityNote: 'x' } })).toBe('catalog');
    expect(change([{ $set: { quantity: 1 } }])).toBe('catalog');
    expect(change({ quantity: 1 })).toBe('catalog');
    expect(change(undefined)).toBe('catalog');
  });

  it("counts a colour's stock as stock, and its photos, name or the list of colours as catalog", () => {
    const paths = ['quantity', 'sizes', 'colours.*.sizes'];
    const change = (update: unknown) => changeOf(update, paths, ['stockTakes']);
    const take = {
      'colours.$[c].sizes.$[s].quantity': -1,
      'sizes.$[t].quantity': -1,
      quantity: -1,
    };
    expect(change({ $inc: take, $push: { stockTakes: 'k' } })).toBe('stock');
    expect(change({ $inc: { 'colours.0.sizes.$[s].quantity': 1 } })).toBe('stock');
    expect(change({ $set: { 'colours.0.images': [] }, $inc: { rev: 1 } })).toBe('catalog');
    expect(change({ $set: { 'colours.$[c].name': 'Jet' } })).toBe('catalog');
    expect(change({ $set: { colours: [] } })).toBe('catalog');
    expect(change({ $set: { 'colours.images.sizes': [] } })).toBe('catalog');
  });
});
