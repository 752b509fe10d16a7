/**
 * The web app's page: the home page and a product page come with their route's chunks
 * preloaded, their first catalog answers inlined (the same JSON the API answers, current after
 * every catalog write) and their largest image preloaded; other pages get index.html as built
 * with only their own head (title, description, Open Graph: seo.test.ts checks those). This
 * miniature has no server renderer, so pages are not rendered (server-render.test.ts renders).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CARD_IMAGE_SIZES,
  DETAIL_IMAGE_SIZES,
  ONE_SIZE,
  PRICE_RANGES,
} from '@repo/shared/constants';
import { inlinedAnswerKey } from '@repo/shared/rules';
import { APP_PAGES } from '@repo/shared/rules/app-pages';
import { decrementStock, restoreStock } from '../../products/index.js';
import { Product } from '../../products/product.model.js';
import { insertProducts, makeCategory } from '../../products/__tests__/fixtures.js';
import { setupTestApp } from '../../../test/harness.js';

// A built web app in miniature: the page, Vite's manifest and the chunks it names.
const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(webDist, '.vite'));
mkdirSync(join(webDist, 'assets'));
const INDEX = `<!doctype html><html><head><title>Shop</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;
writeFileSync(join(webDist, 'index.html'), INDEX);
writeFileSync(
  join(webDist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_grid-1.js': { file: 'assets/grid-1.js', imports: ['_react-1.js'] },
    'src/app/routes/home.tsx': {
      file: 'assets/home-1.js',
      imports: ['_react-1.js', '_grid-1.js', 'index.html'],
    },
    'src/app/routes/product-detail.tsx': {
      file: 'assets/product-detail-1.js',
      imports: ['_grid-1.js', 'index.html'],
    },
  }),
);
for (const f of ['index-1.js', 'react-1.js', 'grid-1.js', 'home-1.js', 'product-detail-1.js'])
  writeFileSync(join(webDist, 'assets', f), '');

// One origin for every request (supertest listens on a new port each time).
const t = await setupTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL: 'https://shop.example.in' } });
const category = await makeCategory('Anime');
const products = await insertProducts([
  { name: 'Older Tee', price: 300, category },
  {
    name: 'Newest </script><b>$& Tee',
    price: 500,
    category,
    description: 'A "quoted" <i>tag</i> and $1.',
  },
]);
const newest = products[1]!;

/** The built page with the head tags seo.ts adds taken out again. */
const withoutHead = (html: string) =>
  html
    .replace(/<title>[^<]*<\/title>/, '<title>Shop</title>')
    .replace(/<meta (?:name|property)="[^"]+" content="[^"]*">/g, '')
    .replace(/<link rel="canonical" href="[^"]*">/g, '')
    .replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '');

/** The inlined answers of a page, parsed the way the app parses them. */
function initialData(html: string): Record<string, unknown> {
  const m = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'the page has inlined data').not.toBeNull();
  return JSON.parse(m![1]!) as Record<string, unknown>;
}

describe('the home page', () => {
  it('inlines the answers the page asks for first, the same JSON the API answers', async () => {
    const res = await t.request().get('/').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const data = initialData(res.text);
    for (const path of [
      '/category/all-category',
      '/product/colours',
      '/product/get-product-count',
      '/product/productList/1',
    ]) {
      const api = await t.request().get(`/api${path}`).expect(200);
      expect(data[path], path).toEqual(api.body);
    }
    // A product's text cannot end the script element or act as a replacement pattern.
    expect(withoutHead(res.text).match(/<\/script>/g)).toHaveLength(2);
    expect(
      (data['/product/productList/1'] as { prod: Array<{ name: string }> }).prod[0]!.name,
    ).toBe(newest.name);
  });

  it("preloads the route's chunks beyond the entry's, and the first product's photo", async () => {
    const html = (await t.request().get('/').expect(200)).text;
    const modulepreloads = [
      ...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
    ].map((m) => m[1]);
    expect(modulepreloads.sort()).toEqual(['/assets/grid-1.js', '/assets/home-1.js']);
    const { prod } = (await t.request().get('/api/product/productList/1').expect(200)).body as {
      prod: Array<{ photo: string; photos: Array<{ url: string; width: number }> }>;
    };
    const { photo, photos } = prod[0]!;
    expect(photos.length).toBeGreaterThan(0);
    const srcset = photos.map((p) => `${p.url} ${p.width}w`).join(', ');
    expect(html).toContain(
      `<link rel="preload" as="image" href="${photo}" imagesrcset="${srcset}" imagesizes="${CARD_IMAGE_SIZES}" fetchpriority="high">`,
    );
  });

  it('is current after a catalog write, and answers 304 to its own ETag until then', async () => {
    const first = await t.request().get('/').expect(200);
    await t
      .request()
      .get('/')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
    await Product.updateOne({ _id: newest.id }, { $set: { price: 777 } });
    const after = await t
      .request()
      .get('/')
      .set('If-None-Match', first.headers.etag as string)
      .expect(200);
    const list = initialData(after.text)['/product/productList/1'] as {
      prod: Array<{ price: number }>;
    };
    expect(list.prod[0]!.price).toBe(777);
  });

  it('inlines the answers of a later page and of filters too, named as the app asks for them', async () => {
    const later = (await t.request().get('/?page=2').expect(200)).text;
    expect(Object.keys(initialData(later)).sort()).toEqual([
      '/category/all-category',
      '/product/colours',
      '/product/get-product-count',
      '/product/productList/2',
    ]);
    // The newest tee costs 777 since the test above.
    const { range } = PRICE_RANGES.find((r) => r.id === '700-1000')!;
    const filter = { checked: [category], radio: range, page: 1 };
    const filtered = (await t.request().get(`/?category=${category}&price=700-1000`).expect(200))
      .text;
    const api = await t.request().post('/api/product/getFilter-product').send(filter).expect(200);
    const key = inlinedAnswerKey('POST', '/product/getFilter-product', filter);
    expect(initialData(filtered)[key]).toEqual(api.body);
    expect((api.body as { filterProduct: Array<{ name: string }> }).filterProduct[0]!.name).toBe(
      newest.name,
    );
  });
});

describe('a product page', () => {
  /**
   * What a product page inlines: the product, its first page of reviews and the shop's public
   * settings (its seller), as the API answers them.
   */
  async function productPageAnswers(product: { id: string; slug: string }) {
    const paths = [
      `/product/get-product/${encodeURIComponent(product.slug)}`,
      `/product/${product.id}/reviews?page=1&sort=newest`,
      '/settings/public',
    ];
    const answers = await Promise.all(paths.map((p) => t.request().get(`/api${p}`).expect(200)));
    return Object.fromEntries(paths.map((p, i) => [p, answers[i]!.body as unknown]));
  }

  it("inlines the product and its first reviews as the API answers them, preloads its photo and the route's chunks", async () => {
    const older = products[0]!;
    const html = (await t.request().get(`/product-detail/${older.slug}`).expect(200)).text;
    expect(initialData(html)).toEqual(await productPageAnswers(older));
    expect(html).toContain(`imagesizes="${DETAIL_IMAGE_SIZES}"`);
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-detail-1.js">',
    );
    expect(html).not.toContain('home-1.js');
  });

  it("is kept while nothing changes (304 to its ETag), and is current after an admin saves the seller's address", async () => {
    const older = products[0]!;
    const page = `/product-detail/${older.slug}`;
    const seller = (html: string) =>
      (initialData(html)['/settings/public'] as { settings: { gst: Record<string, string> } })
        .settings.gst;
    const first = await t.request().get(page).expect(200);
    expect(seller(first.text)).toMatchObject({ legalName: '', address: '' });
    const etag = first.headers.etag as string;
    await t.request().get(page).set('If-None-Match', etag).expect(304);

    const admin = await t.createAdmin();
    await t
      .request()
      .put('/api/admin/settings/gst')
      .set('Authorization', admin.auth)
      .send({ legalName: 'Kept Prints LLP', address: '9 Park Street\nKolkata 700016' })
      .expect(200);
    // Never hidden behind a 304: the page's bytes, and so its ETag, moved on.
    const after = await t.request().get(page).set('If-None-Match', etag).expect(200);
    expect(seller(after.text)).toMatchObject({
      legalName: 'Kept Prints LLP',
      address: '9 Park Street\nKolkata 700016',
    });
    await t
      .request()
      .get(page)
      .set('If-None-Match', after.headers.etag as string)
      .expect(304);
  });

  it('shows the stock as it is after an order and a cancellation', async () => {
    const older = products[0]!;
    const page = `/product-detail/${older.slug}`;
    const path = `/product/get-product/${encodeURIComponent(older.slug)}`;
    const before = initialData((await t.request().get(page).expect(200)).text)[path] as {
      Aproduct: { quantity: number };
    };
    expect(await decrementStock([{ productId: older.id, size: ONE_SIZE, quantity: 3 }])).toEqual({
      ok: true,
    });
    const after = initialData((await t.request().get(page).expect(200)).text)[path] as {
      Aproduct: { quantity: number };
    };
    expect(after.Aproduct.quantity).toBe(before.Aproduct.quantity - 3);
    await restoreStock([{ productId: older.id, size: ONE_SIZE, quantity: 1 }]);
    const html = (await t.request().get(page).expect(200)).text;
    expect(initialData(html)).toEqual(await productPageAnswers(older));
    expect((initialData(html)[path] as typeof before).Aproduct.quantity).toBe(
      before.Aproduct.quantity - 2,
    );
  });

  it('inlines nothing for a product that does not exist: 404, the app shows its not-found', async () => {
    const html = (await t.request().get('/product-detail/no-such-tee').expect(404)).text;
    expect(html).not.toContain('initial-data');
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-detail-1.js">',
    );
  });
});

describe('other pages', () => {
  it('get index.html as built, with their own head', async () => {
    for (const path of ['/cart', '/login', '/dashboard/admin/product']) {
      const html = (await t.request().get(path).expect(200)).text;
      expect(withoutHead(html), path).toBe(INDEX);
      expect(html, path).not.toContain('<title>Shop</title>');
    }
  });

  it('every page the web router has (the shared list it is checked against) is answered 200, none 404', async () => {
    // A product page's slug must name a product (an unknown one is a 404, as the app says).
    const fill = (path: string) =>
      path.replace(':slug', products[0]!.slug).replace(/:\w+/g, '6b0a5ecffc6818ead52b8606');
    expect(APP_PAGES).toContain('/dashboard/admin/gst-report');
    for (const path of APP_PAGES) {
      const res = await t.request().get(fill(path));
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
    }
  });

  it('answer 404 for a path the app does not have, still with the app to show its not-found', async () => {
    for (const path of ['/dashboard/admin/products', '/no-such-page', '/about/more']) {
      const html = (await t.request().get(path).expect(404)).text;
      expect(withoutHead(html), path).toBe(INDEX);
    }
  });
});
