/** The public catalog reads: shapes, paging, filters, search, detail, related, and HTTP caching. */
import { describe, expect, it } from 'vitest';
import {
  allProductsResponse,
  errorResponse,
  filterProductsResponse,
  PAGE_SIZE,
  productCountResponse,
  productListResponse,
  productResponse,
  relatedProductsResponse,
  searchResponse,
  type Product as ProductJson,
} from '@repo/shared';
import { createApp } from '../../../app.js';
import { setupTestApp } from '../../../test/harness.js';
import { Product } from '../product.model.js';
import { insertProducts, makeCategory } from './fixtures.js';
import { checkedRequest } from '../../../test/contract.js';

const t = await setupTestApp();
const anime = await makeCategory('Anime');
const music = await makeCategory('Music');
const minimal = await makeCategory('Minimal');
const empty = await makeCategory('Empty');

// 30 products, the last one inserted newest. Prices sit on and around the range bounds.
const prices = [100, 399, 400, 401, 450, 500, 650, 700, 701, 999, 1000, 1200, 1500, 1501, 2500];
const sameInstant = new Date(Date.UTC(2025, 0, 1) + 5_500);
const rows = await insertProducts(
  Array.from({ length: 30 }, (_, i) => ({
    name: `Tee ${String(i + 1).padStart(2, '0')}`,
    price: prices[i % prices.length]!,
    category: [anime, music, minimal][i % 3]!,
    // Three products share one createdAt: _id breaks the tie, so paging stays stable.
    ...(i >= 10 && i < 13 ? { createdAt: sameInstant } : {}),
  })),
);
const special = await insertProducts([
  { name: 'Kawaii (Limited) Tee', price: 850, category: anime, description: 'Soft pastel print.' },
  {
    name: 'Equation Tee',
    price: 600,
    category: minimal,
    description: 'Printed with a+b=c in small type.',
  },
]);
const TOTAL = 32;

/** The whole catalog in the order the API promises: newest first, then _id descending. */
async function expectedOrder(filter: Record<string, unknown> = {}) {
  const all = await Product.find(filter, { _id: 1, createdAt: 1 }).lean();
  return all
    .sort(
      (a, b) =>
        b.createdAt.getTime() - a.createdAt.getTime() || (String(b._id) < String(a._id) ? -1 : 1),
    )
    .map((p) => String(p._id));
}
const ids = (list: ProductJson[]) => list.map((p) => p._id);

describe('a product as the API answers it', () => {
  it('matches the shared schema: ids and dates as strings, category {_id, name}, photo URL, no internals', async () => {
    const res = await t.request().get('/api/product/productList/1').expect(200);
    const [first] = productListResponse.parse(res.body).prod;
    expect(first).toBeDefined();
    expect(Object.keys(res.body.prod[0]).sort()).toEqual(
      [
        '_id',
        'category',
        'colours',
        'createdAt',
        'description',
        'name',
        'photo',
        'photos',
        'price',
        'quantity',
        'rating',
        'shipping',
        'sizes',
        'slug',
        'updatedAt',
      ].sort(),
    );
    // No review yet: the rating says so (the rating's write counter stays inside).
    expect(first!.rating).toEqual({ average: 0, count: 0 });
    expect(first!.category).toEqual({
      _id: expect.any(String),
      name: expect.stringMatching(/^(Anime|Music|Minimal)$/),
    });
    expect(first!.sizes).toEqual([{ size: 'One size', quantity: first!.quantity }]);
    expect(first!.photo).toMatch(/^\/uploads\/.+\.webp$/);
    expect(first!.photos).toEqual([{ width: 960, url: first!.photo }]);
    expect(new Date(first!.createdAt!).toISOString()).toBe(first!.createdAt);
    expect(JSON.stringify(res.body)).not.toMatch(/__v|nameKey|"key"/);
  });
});

describe('GET /api/product/get-product-count', () => {
  it('answers the number of products', async () => {
    const res = await t.request().get('/api/product/get-product-count').expect(200);
    expect(productCountResponse.parse(res.body)).toEqual({ total: TOTAL });
  });
});

describe('GET /api/product/productList/:page', () => {
  it('pages 12 at a time, newest first, each product exactly once; beyond the end is empty', async () => {
    const order = await expectedOrder();
    const pages: string[][] = [];
    for (let page = 1; page <= 4; page += 1) {
      const res = await t.request().get(`/api/product/productList/${page}`).expect(200);
      pages.push(ids(productListResponse.parse(res.body).prod));
    }
    expect(pages.map((p) => p.length)).toEqual([PAGE_SIZE, PAGE_SIZE, TOTAL - 2 * PAGE_SIZE, 0]);
    expect(pages.flat()).toEqual(order);
    expect(pages[0]![0]).toBe(special[1]!.id);
  });

  it('refuses a page that is not a positive whole number (400)', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '1e9']) {
      const res = await t.request().get(`/api/product/productList/${page}`).expect(400);
      expect(errorResponse.parse(res.body).success).toBe(false);
    }
  });
});

describe('POST /api/product/getFilter-product', () => {
  const filter = (body: unknown) =>
    t
      .request()
      .post('/api/product/getFilter-product')
      .send(body as object);

  it('with no filter answers every product, paged, with the total', async () => {
    const res = await filter({ checked: [], radio: [], page: 1 }).expect(200);
    const body = filterProductsResponse.parse(res.body);
    expect(body.total).toBe(TOTAL);
    expect(ids(body.filterProduct)).toEqual((await expectedOrder()).slice(0, PAGE_SIZE));
  });

  it('filters by categories alone (any of them)', async () => {
    const res = await filter({ checked: [anime, minimal], radio: [], page: 1 }).expect(200);
    const body = filterProductsResponse.parse(res.body);
    const expected = await expectedOrder({ category: { $in: [anime, minimal] } });
    expect(body.total).toBe(expected.length);
    expect(ids(body.filterProduct)).toEqual(expected.slice(0, PAGE_SIZE));
    expect(
      body.filterProduct.every((p) => p.category._id === anime || p.category._id === minimal),
    ).toBe(true);
    const page2 = filterProductsResponse.parse(
      (await filter({ checked: [anime, minimal], radio: [], page: 2 }).expect(200)).body,
    );
    expect(ids(page2.filterProduct)).toEqual(expected.slice(PAGE_SIZE, 2 * PAGE_SIZE));
  });

  it('filters by an inclusive price range alone: 100 and 400 are in [100, 400], 401 is not', async () => {
    const body = filterProductsResponse.parse(
      (await filter({ checked: [], radio: [100, 400], page: 1 }).expect(200)).body,
    );
    const found = body.filterProduct.map((p) => p.price);
    expect(found).toContain(100);
    expect(found).toContain(400);
    expect(found.every((p) => p >= 100 && p <= 400)).toBe(true);
    expect(body.total).toBe(await Product.countDocuments({ price: { $gte: 100, $lte: 400 } }));
    const above = filterProductsResponse.parse(
      (await filter({ radio: [1500, Number.MAX_SAFE_INTEGER] }).expect(200)).body,
    );
    expect(above.filterProduct.map((p) => p.price).sort((a, b) => a - b)[0]).toBe(1500);
  });

  it('combines categories and price', async () => {
    const body = filterProductsResponse.parse(
      (await filter({ checked: [music], radio: [500, 1000], page: 1 }).expect(200)).body,
    );
    const expected = await expectedOrder({ category: music, price: { $gte: 500, $lte: 1000 } });
    expect(expected.length).toBeGreaterThan(0);
    expect(body.total).toBe(expected.length);
    expect(ids(body.filterProduct)).toEqual(expected.slice(0, PAGE_SIZE));
  });

  it('answers an empty page with the total beyond the end, and nothing for an unused category', async () => {
    const beyond = filterProductsResponse.parse(
      (await filter({ checked: [anime], radio: [], page: 9 }).expect(200)).body,
    );
    expect(beyond.filterProduct).toEqual([]);
    expect(beyond.total).toBeGreaterThan(0);
    const none = filterProductsResponse.parse(
      (await filter({ checked: [empty], radio: [] }).expect(200)).body,
    );
    expect(none).toEqual({ filterProduct: [], total: 0 });
  });

  it('refuses malformed filters with a 400, never a query', async () => {
    for (const body of [
      { checked: ['nope'] },
      { checked: [{ $ne: null }] },
      { radio: [500, 100] },
      { radio: ['a', 'b'] },
      { radio: [100] },
      { page: 0 },
      { page: '1' },
    ]) {
      const res = await filter(body).expect(400);
      expect(errorResponse.parse(res.body).success).toBe(false);
    }
  });
});

describe('GET /api/product/search/:keyword', () => {
  const search = (keyword: string) =>
    t.request().get(`/api/product/search/${encodeURIComponent(keyword)}`);
  const found = async (keyword: string) =>
    ids(searchResponse.parse((await search(keyword).expect(200)).body).data);

  it('matches a word of the name or the description without regard to case', async () => {
    expect(await found('KAWAII')).toEqual([special[0]!.id]);
    expect(await found('pastel')).toEqual([special[0]!.id]);
    expect(await found('(limited)')).toEqual([special[0]!.id]);
    expect(await found('a+b')).toEqual([special[1]!.id]);
  });

  it('reads words every product is ("tee", "t-shirt", "tshirts") as the whole catalog, newest first', async () => {
    for (const keyword of ['tee', 'T-Shirt', 'tshirts', 't shirt'])
      expect(await found(keyword)).toEqual(await expectedOrder());
  });

  it('answers an empty list for a blank keyword or one without a single letter or digit', async () => {
    for (const keyword of ['   ', '(', '.*', '[', '\\'])
      expect((await search(keyword).expect(200)).body).toEqual({ data: [] });
    expect((await t.request().get('/api/product/search/').expect(200)).body).toEqual({ data: [] });
    expect((await t.request().get('/api/product/search').expect(200)).body).toEqual({ data: [] });
  });

  it('refuses a keyword longer than 100 characters (400)', async () => {
    await search('x'.repeat(101)).expect(400);
  });
});

describe('GET /api/product/get-product (the admin list, public)', () => {
  it('answers every product newest first, with the total', async () => {
    const res = await t.request().get('/api/product/get-product').expect(200);
    const body = allProductsResponse.parse(res.body);
    expect(body.success).toBe(true);
    expect(ids(body.AllProducts)).toEqual(await expectedOrder());
    expect(res.body.total).toBe(TOTAL);
  });

  it('pages with ?page (500 a page) and refuses a bad page', async () => {
    const page2 = allProductsResponse.parse(
      (await t.request().get('/api/product/get-product?page=2').expect(200)).body,
    );
    expect(page2.AllProducts).toEqual([]);
    await t.request().get('/api/product/get-product?page=0').expect(400);
    await t.request().get('/api/product/get-product?page=x').expect(400);
  });

  it('finds products by the start of each word of their name (?q), newest first, with their count', async () => {
    const find = async (q: string) => {
      const res = await t
        .request()
        .get(`/api/product/get-product?q=${encodeURIComponent(q)}`)
        .expect(200);
      return {
        names: allProductsResponse.parse(res.body).AllProducts.map((p) => p.name),
        total: res.body.total,
      };
    };
    expect(await find('kawaii')).toEqual({ names: ['Kawaii (Limited) Tee'], total: 1 });
    expect(await find('LIMI kaw')).toEqual({ names: ['Kawaii (Limited) Tee'], total: 1 });
    expect((await find('Tee 0')).names).toEqual(
      ['09', '08', '07', '06', '05', '04', '03', '02', '01'].map((n) => `Tee ${n}`),
    );
    expect(await find('27')).toEqual({ names: ['Tee 27'], total: 1 });
    // A word of the description or a category's name is not the product's name.
    expect(await find('pastel')).toEqual({ names: [], total: 0 });
    // Words every product is, or nothing: the whole list.
    expect((await find('tee')).total).toBe(TOTAL);
    expect((await find('  ')).total).toBe(TOTAL);
    const long = await t
      .request()
      .get(`/api/product/get-product?q=${'x'.repeat(81)}`)
      .expect(400);
    expect(long.body.message).toBe('q: Search can be at most 80 characters');
  });
});

describe('GET /api/product/get-product?ids= (a picker naming the ids it holds)', () => {
  it('answers just those products in the order given, leaves out unknown ids, and refuses bad lists', async () => {
    const order = await expectedOrder();
    const wanted = [order[3]!, order[0]!];
    const unknown = '0123456789abcdef01234567';
    const res = await t
      .request()
      .get(`/api/product/get-product?ids=${[...wanted, unknown, wanted[0]].join(',')}`)
      .expect(200);
    const body = allProductsResponse.parse(res.body);
    expect(ids(body.AllProducts)).toEqual(wanted);
    expect(res.body.total).toBe(2);
    const bad = await t.request().get('/api/product/get-product?ids=nope').expect(400);
    expect(bad.body.issues[0].path).toMatch(/^ids/);
    const tooMany = Array.from({ length: 101 }, (_, k) => k.toString(16).padStart(24, '0'));
    await t
      .request()
      .get(`/api/product/get-product?ids=${tooMany.join(',')}`)
      .expect(400);
  });
});

describe('GET /api/product/get-product/:slug', () => {
  it('answers the product by its slug', async () => {
    const res = await t.request().get(`/api/product/get-product/${special[0]!.slug}`).expect(200);
    const { Aproduct } = productResponse.parse(res.body);
    expect(Aproduct).toMatchObject({
      _id: special[0]!.id,
      name: 'Kawaii (Limited) Tee',
      price: 850,
      category: { _id: anime, name: 'Anime' },
    });
  });

  it('answers 404 when there is none', async () => {
    const res = await t.request().get('/api/product/get-product/no-such-tee').expect(404);
    expect(res.body).toMatchObject({ success: false, message: 'Product not found' });
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('GET /api/product/related-product/:productId/:categoryId', () => {
  it('answers up to 8 newest products of the category, without the product itself', async () => {
    const self = rows.find((r) => r.category === anime)!;
    const res = await t
      .request()
      .get(`/api/product/related-product/${self.id}/${anime}`)
      .expect(200);
    const { products } = relatedProductsResponse.parse(res.body);
    const expected = (await expectedOrder({ category: anime }))
      .filter((id) => id !== self.id)
      .slice(0, 8);
    expect(ids(products)).toEqual(expected);
    expect(products).toHaveLength(8);
  });

  it('answers an empty list for a category without other products', async () => {
    const res = await t
      .request()
      .get(`/api/product/related-product/${rows[0]!.id}/${empty}`)
      .expect(200);
    expect(res.body).toEqual({ products: [] });
  });

  it('refuses malformed ids with a 400', async () => {
    await t.request().get(`/api/product/related-product/nope/${anime}`).expect(400);
    await t.request().get(`/api/product/related-product/${rows[0]!.id}/123`).expect(400);
  });
});

describe('caching', () => {
  const reads = () => [
    '/api/product/get-product-count',
    '/api/product/productList/1',
    `/api/product/get-product/${special[0]!.slug}`,
    `/api/product/related-product/${rows[0]!.id}/${anime}`,
    '/api/product/search/tee',
    '/api/product/get-product',
  ];

  it('tags catalog reads and answers 304 while the catalog is unchanged', async () => {
    for (const path of reads()) {
      const first = await t.request().get(path).expect(200);
      expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(first.headers.etag).toMatch(/^"[^"]+"$/);
      const again = await t
        .request()
        .get(path)
        .set('If-None-Match', first.headers.etag as string)
        .expect(304);
      expect(again.text).toBe('');
    }
  });

  it('moves every tag on after a catalog write, and answers the new data (also in another process)', async () => {
    // A second API process: its own in-process cache, the same database.
    const otherApp = createApp(t.deps);
    const count = await t.request().get('/api/product/get-product-count').expect(200);
    const primed = await checkedRequest(otherApp)
      .get(`/api/product/get-product/${special[0]!.slug}`)
      .expect(200);
    expect(primed.body.Aproduct.quantity).toBe(10);

    // A catalog write (the price; a change of stock alone moves only stock: stock-overlay.test.ts).
    await Product.updateOne({ _id: special[0]!.id }, { $set: { price: 999, quantity: 3 } });

    const fresh = await checkedRequest(otherApp)
      .get(`/api/product/get-product/${special[0]!.slug}`)
      .set('If-None-Match', primed.headers.etag as string)
      .expect(200);
    expect(fresh.body.Aproduct.quantity).toBe(3);
    expect(fresh.headers.etag).not.toBe(primed.headers.etag);
    // Every other read moved on too, even one whose data did not change.
    const recount = await t
      .request()
      .get('/api/product/get-product-count')
      .set('If-None-Match', count.headers.etag as string)
      .expect(200);
    expect(recount.body.total).toBe(TOTAL);
  });

  it('also serves repeated filter calls from the cache, and refreshes them after a write', async () => {
    const body = { checked: [anime], radio: [], page: 1 };
    const a = await t.request().post('/api/product/getFilter-product').send(body).expect(200);
    await Product.updateOne({ _id: a.body.filterProduct[0]._id }, { $set: { price: 1234 } });
    const b = await t.request().post('/api/product/getFilter-product').send(body).expect(200);
    expect(b.body.filterProduct[0].price).toBe(1234);
  });
});

describe('search limit', () => {
  it('answers at most 48 products', async () => {
    await insertProducts(
      Array.from({ length: 50 }, (_, i) => ({
        name: `Bulk Tee ${i}`,
        price: 300,
        category: empty,
      })),
    );
    const res = await t.request().get('/api/product/search/bulk').expect(200);
    expect(searchResponse.parse(res.body).data).toHaveLength(48);
  });
});
