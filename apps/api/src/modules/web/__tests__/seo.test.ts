/**
 * What a crawler or a chat app reads without running any JavaScript: each page's head (title,
 * description, canonical, Open Graph, Twitter, JSON-LD), its status, robots.txt, the sitemap
 * and the share pictures.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Product } from '../../products/product.model.js';
import { insertProducts, makeCategory, makeImage } from '../../products/__tests__/fixtures.js';
import { orderOf } from '../../reviews/__tests__/helpers.js';
import { setupTestApp } from '../../../test/harness.js';
import { CatalogCache } from '../../../lib/catalog-cache.js';
import { createSitemaps } from '../sitemap.js';

const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  `<!doctype html><html><head><meta name="description" content="built"><title>Built</title></head><body><div id="root"></div></body></html>`,
);

const ORIGIN = 'https://shop.example.in';
const t = await setupTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL: `${ORIGIN}/` } });
const anime = await makeCategory('Anime');
const [tee, soldOut, sized] = await insertProducts([
  {
    name: 'Naruto "Run" <Tee>',
    price: 799,
    category: anime,
    description: 'Heavy cotton & a bold print.',
  },
  { name: 'Gone Tee', price: 1499.5, category: anime, quantity: 0 },
  {
    name: 'Sized Tee',
    price: 999,
    category: anime,
    sizes: [
      { size: 'S', quantity: 0 },
      { size: 'M', quantity: 4 },
      { size: 'L', quantity: 1 },
    ],
  },
]);
mkdirSync(join(t.config.dataDir, 'uploads'), { recursive: true });
writeFileSync(
  join(t.config.dataDir, 'uploads', `${tee!.slug}-960.webp`),
  await makeImage('webp', { width: 960, height: 960 }),
);

const attr = (html: string, re: RegExp) => re.exec(html)?.[1];
const meta = (html: string, key: string) =>
  attr(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  );

describe('page heads and statuses', () => {
  it('gives every page a title and description of its own, with Open Graph and Twitter tags to match', async () => {
    const indexed = [
      '/',
      `/?category=${anime}`,
      '/?page=2',
      `/product-detail/${tee!.slug}`,
      `/product-detail/${soldOut!.slug}`,
      `/product-detail/${sized!.slug}`,
      '/about',
      '/privacy',
      // The launch pages: public, and for search engines too.
      '/contact',
      '/terms',
      '/shipping',
      '/returns',
    ];
    const hidden = ['/Search', '/cart', '/login', '/register', '/forgotpassword'];
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of [...indexed, ...hidden]) {
      const html = (await t.request().get(path).expect(200)).text;
      const title = attr(html, /<title>([^<]*)<\/title>/)!;
      const description = meta(html, 'description')!;
      expect(title, path).toMatch(/\S \| T-Shirt Shop$/);
      expect(description.length, path).toBeGreaterThan(20);
      expect(description.length, path).toBeLessThanOrEqual(160);
      titles.add(title);
      if (indexed.includes(path)) descriptions.add(description);
      expect(meta(html, 'og:title'), path).toBe(title);
      expect(meta(html, 'og:description'), path).toBe(description);
      expect(meta(html, 'og:type'), path).toMatch(/^(website|product)$/);
      expect(meta(html, 'og:image'), path).toMatch(/^https:\/\/shop\.example\.in\/share\/.+\.png$/);
      expect(meta(html, 'twitter:card'), path).toBe('summary_large_image');
      expect(meta(html, 'twitter:title'), path).toBe(title);
      expect(meta(html, 'twitter:description'), path).toBe(description);
      expect(meta(html, 'twitter:image'), path).toBe(meta(html, 'og:image'));
      const canonical = attr(html, /<link rel="canonical" href="([^"]+)"/);
      if (indexed.includes(path)) {
        // The canonical is the page's own URL, on PUBLIC_URL.
        expect(canonical, path).toBe(`${ORIGIN}${path.replace(/&/g, '&amp;')}`);
        expect(meta(html, 'og:url'), path).toBe(canonical);
        expect(meta(html, 'robots'), path).toBeUndefined();
      } else {
        expect(canonical, path).toBeUndefined();
        expect(meta(html, 'robots'), path).toBe('noindex');
      }
    }
    expect(titles.size).toBe(indexed.length + hidden.length);
    expect(descriptions.size).toBe(indexed.length);
  });

  it('promises no free delivery: orders under the threshold pay a fee', async () => {
    for (const path of ['/', `/?category=${anime}`, '/?page=2']) {
      const description = meta((await t.request().get(path).expect(200)).text, 'description')!;
      expect(description, path).not.toMatch(/free delivery/i);
      expect(description, path).toContain('incl. of all taxes');
    }
  });

  it("names a category's listing and its page in the head; other filters point to the home page", async () => {
    const html = (await t.request().get(`/?category=${anime}&page=2`).expect(200)).text;
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe('Anime T-Shirts – Page 2 | T-Shirt Shop');
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(
      `${ORIGIN}/?category=${anime}&amp;page=2`,
    );
    for (const path of ['/?price=500-700', '/?size=M', '/?category=000000000000000000000000']) {
      const other = (await t.request().get(path).expect(200)).text;
      expect(attr(other, /<link rel="canonical" href="([^"]+)"/), path).toBe(`${ORIGIN}/`);
    }
  });

  it('gives the home page its title, description, canonical, Open Graph and Organization/WebSite data', async () => {
    const res = await t.request().get('/').expect(200);
    const html = res.text;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Printed T-Shirts | T-Shirt Shop</title>');
    expect(html).not.toContain('content="built"');
    expect(meta(html, 'description')).toMatch(/Printed T-shirts/);
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${ORIGIN}/`);
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/`);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}/share/site.png`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'robots')).toBeUndefined();
    const [org, site] = jsonLd(html);
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'T-Shirt Shop',
      url: `${ORIGIN}/`,
    });
    expect(site).toMatchObject({
      '@type': 'WebSite',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${ORIGIN}/Search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('gives a product page its name, price, Product/Offer and breadcrumb data, escaped', async () => {
    const html = (await t.request().get(`/product-detail/${tee!.slug}`).expect(200)).text;
    const url = `${ORIGIN}/product-detail/${tee!.slug}`;
    expect(html).toContain(
      '<title>Naruto &quot;Run&quot; &lt;Tee&gt; – ₹799 | T-Shirt Shop</title>',
    );
    expect(meta(html, 'description')).toBe('Heavy cotton &amp; a bold print.');
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(url);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}/share/product/${tee!.slug}.png`);
    const [product, crumbs] = jsonLd(html);
    expect(product).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Naruto "Run" <Tee>',
      description: 'Heavy cotton & a bold print.',
      image: [`${ORIGIN}/uploads/${tee!.slug}-960.webp`],
      sku: tee!.id,
      category: 'Anime',
      // Every product is made somewhere: India unless the admin says otherwise (issue 33).
      countryOfOrigin: { '@type': 'Country', name: 'India' },
      brand: { '@type': 'Brand', name: 'T-Shirt Shop' },
      offers: {
        '@type': 'Offer',
        url,
        price: '799.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    });
    expect(crumbs!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Anime', item: `${ORIGIN}/?category=${anime}` },
      { '@type': 'ListItem', position: 3, name: 'Naruto "Run" <Tee>', item: url },
    ]);
    // No text in the data can close its script element.
    expect(html).not.toContain('<Tee>');
  });

  it('says a sold-out product is out of stock', async () => {
    const html = (await t.request().get(`/product-detail/${soldOut!.slug}`).expect(200)).text;
    expect(jsonLd(html)[0]!.offers).toMatchObject({
      price: '1499.50',
      availability: 'https://schema.org/OutOfStock',
    });
    expect(jsonLd(html)[0]!.size).toBeUndefined();
  });

  it('makes a tee in several sizes a ProductGroup varying by size, a variant per size with its own offer', async () => {
    const path = `/product-detail/${sized!.slug}`;
    const [group] = jsonLd((await t.request().get(path).expect(200)).text);
    const url = `${ORIGIN}${path}`;
    expect(group).toMatchObject({
      '@type': 'ProductGroup',
      name: 'Sized Tee',
      productGroupID: sized!.id,
      url,
      // Its only colour is "Default": no colour worth naming, so it varies by size alone.
      variesBy: ['https://schema.org/size'],
      brand: { '@type': 'Brand', name: 'T-Shirt Shop' },
    });
    expect(group).not.toHaveProperty('offers');
    expect(group!.hasVariant).toEqual(
      [
        ['S', 'OutOfStock'],
        ['M', 'InStock'],
        ['L', 'InStock'],
      ].map(([size, stock]) => ({
        '@type': 'Product',
        name: `Sized Tee – ${size}`,
        sku: `${sized!.id}-${size}`,
        image: `${ORIGIN}/uploads/${sized!.slug}-960.webp`,
        size,
        offers: {
          '@type': 'Offer',
          url: `${url}?size=${size}`,
          price: '999.00',
          priceCurrency: 'INR',
          availability: `https://schema.org/${stock}`,
          itemCondition: 'https://schema.org/NewCondition',
        },
      })),
    );
    // The page for one size has the product's own URL as its canonical.
    const one = (await t.request().get(`${path}?size=M`).expect(200)).text;
    expect(attr(one, /<link rel="canonical" href="([^"]+)"/)).toBe(url);
  });

  it('rates a reviewed product from its published reviews, naming the three most helpful', async () => {
    const reviewed = sized;
    const path = `/product-detail/${reviewed!.slug}`;
    // Before any review: no rating at all (a rating of 0 would be a false statement).
    expect(jsonLd((await t.request().get(path).expect(200)).text)[0]).not.toHaveProperty(
      'aggregateRating',
    );
    const review = async (name: string, body: Record<string, unknown>) => {
      const user = await t.createUser({ name });
      await orderOf(user.id, [reviewed!], { size: 'L' });
      const res = await t
        .request()
        .post(`/api/product/${reviewed!.id}/reviews`)
        .set('Authorization', user.auth)
        .send({ fit: 'true', ...body })
        .expect(201);
      return res.body.review as { _id: string; createdAt: string };
    };
    await review('Kabir Shah', { stars: 4 });
    await review('Ravi Iyer', { stars: 4, text: '/ starts with a slash: still words, no link.' });
    const helpful = await review('Meera Nair', { stars: 3, text: 'Runs a little long on me.' });
    await review('Asha Kumar', { stars: 5, title: 'Lovely', text: 'Soft cotton, sharp print.' });
    // Held for the admin (a link): neither counted nor named.
    await review('Spam Bot', { stars: 1, text: 'Cheap tees at https://spam.example today' });
    const voter = await t.createUser();
    await t
      .request()
      .post(`/api/product/${reviewed!.id}/reviews/${helpful._id}/helpful`)
      .set('Authorization', voter.auth)
      .expect(200);

    const [product] = jsonLd((await t.request().get(path).expect(200)).text);
    expect(product!.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4,
      bestRating: 5,
      worstRating: 1,
      reviewCount: 4,
    });
    // The most helpful first, then the newest.
    expect(product!.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Meera N.' },
        datePublished: helpful.createdAt.slice(0, 10),
        reviewRating: { '@type': 'Rating', ratingValue: 3, bestRating: 5, worstRating: 1 },
        reviewBody: 'Runs a little long on me.',
      },
      expect.objectContaining({
        author: { '@type': 'Person', name: 'Asha K.' },
        name: 'Lovely',
        reviewBody: 'Soft cotton, sharp print.',
      }),
      expect.objectContaining({
        author: { '@type': 'Person', name: 'Ravi I.' },
        reviewBody: '/ starts with a slash: still words, no link.',
      }),
    ]);
  });

  it('answers 404 with noindex for an unknown product and an unknown path, still the app page', async () => {
    for (const path of ['/product-detail/no-such-tee', '/no/such/page']) {
      const res = await t.request().get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('<div id="root">');
      expect(meta(res.text, 'robots')).toBe('noindex');
    }
  });

  it('keeps search, cart, auth and dashboard pages out of search engines', async () => {
    for (const path of [
      '/Search',
      '/cart',
      '/login',
      '/register',
      '/forgotpassword',
      '/dashboard/user/orders',
      '/dashboard/admin/settings',
      '/order-placed/0123456789abcdef01234567',
      '/dashboard/user/addresses',
      '/dashboard/admin/gst-report',
      '/dashboard/admin/returns',
      '/dashboard/admin/coupons',
    ]) {
      const html = (await t.request().get(path).expect(200)).text;
      expect(meta(html, 'robots'), path).toBe('noindex');
      expect(html, path).not.toContain('rel="canonical"');
    }
    const about = (await t.request().get('/about').expect(200)).text;
    expect(about).toContain('<title>About | T-Shirt Shop</title>');
    expect(attr(about, /<link rel="canonical" href="([^"]+)"/)).toBe(`${ORIGIN}/about`);
  });
});

describe('robots.txt and the sitemap', () => {
  it('keeps crawlers out of private pages and names the sitemap', async () => {
    const res = await t.request().get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    for (const line of [
      'Disallow: /cart',
      'Disallow: /login',
      'Disallow: /register',
      'Disallow: /forgotpassword',
      'Disallow: /dashboard',
    ])
      expect(res.text).toContain(line);
    expect(res.text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('lists every product with its last change, every category and the static pages', async () => {
    const res = await t.request().get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const products = await Product.find({}, { slug: 1, updatedAt: 1 }).lean();
    expect(locs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/about`,
        `${ORIGIN}/contact`,
        `${ORIGIN}/terms`,
        `${ORIGIN}/shipping`,
        `${ORIGIN}/returns`,
        `${ORIGIN}/privacy`,
        `${ORIGIN}/?category=${anime}`,
        ...products.map((p) => `${ORIGIN}/product-detail/${p.slug}`),
      ]),
    );
    expect(locs).toHaveLength(7 + 1 + products.length);
    for (const p of products)
      expect(res.text).toContain(
        `<loc>${ORIGIN}/product-detail/${p.slug}</loc><lastmod>${p.updatedAt!.toISOString()}</lastmod>`,
      );
    await t.request().get('/sitemap-9.xml').expect(404);
  });

  it('becomes a sitemap index past its limit per file, every URL in exactly one file', async () => {
    const sitemaps = createSitemaps(new CatalogCache(), 3);
    const index = (await sitemaps.xml(ORIGIN, 'index'))!;
    expect(index).toContain('<sitemapindex');
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // 7 pages, 1 category and 3 products: 11 URLs, four files of at most 3.
    expect(await Product.countDocuments()).toBe(3);
    expect(files).toEqual([1, 2, 3, 4].map((n) => `${ORIGIN}/sitemap-${n}.xml`));
    const all: string[] = [];
    for (let n = 1; n <= files.length; n += 1) {
      const xml = (await sitemaps.xml(ORIGIN, n))!;
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs).toHaveLength(n < 4 ? 3 : 2);
      all.push(...locs);
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(7 + 1 + 3);
    expect(await sitemaps.xml(ORIGIN, 5)).toBeUndefined();
  });
});

describe('share pictures', () => {
  it('makes a 1200 × 630 PNG for a product and for the shop; 404 for an unknown product', async () => {
    for (const path of [`/share/product/${tee!.slug}.png`, '/share/site.png']) {
      const res = await t.request().get(path).buffer(true).expect(200);
      expect(res.headers['content-type']).toBe('image/png');
      const info = await sharp(res.body as Buffer).metadata();
      expect([info.format, info.width, info.height]).toEqual(['png', 1200, 630]);
    }
    await t.request().get('/share/product/no-such-tee.png').expect(404);
  });
});

// Last in the file: the tee it adds would change the counts the sitemap tests expect.
describe('a tee in colours', () => {
  it('makes a tee in colours and sizes a ProductGroup varying by both: each pair its sku, its colour’s photo, its page and its stock', async () => {
    const [dyed] = await insertProducts([
      {
        name: 'Dyed Tee',
        price: 649,
        category: anime,
        colours: [
          {
            name: 'Bottle Green',
            images: 2,
            sizes: [
              { size: 'M', quantity: 3 },
              { size: 'L', quantity: 0 },
            ],
          },
          { name: 'White', sizes: [{ size: 'M', quantity: 1 }] },
        ],
      },
    ]);
    const path = `/product-detail/${dyed!.slug}`;
    const html = (await t.request().get(path).expect(200)).text;
    const [group] = jsonLd(html);
    const url = `${ORIGIN}${path}`;
    expect(group!['@type']).toBe('ProductGroup');
    expect(group!.variesBy).toEqual(['https://schema.org/color', 'https://schema.org/size']);
    const photo = (colour: string) => `${ORIGIN}/uploads/${dyed!.slug}-${colour}-0-960.webp`;
    expect(
      group!.hasVariant.map((v: Record<string, string> & { offers: Record<string, string> }) => [
        v.name,
        v.sku,
        v.color,
        v.size,
        v.image,
        v.offers.url,
        v.offers.availability,
        v.offers.price,
        v.offers.priceCurrency,
      ]),
    ).toEqual([
      [
        'Dyed Tee – Bottle Green, M',
        `${dyed!.id}-bottle-green-M`,
        'Bottle Green',
        'M',
        photo('bottle-green'),
        `${url}?colour=bottle-green&size=M`,
        'https://schema.org/InStock',
        '649.00',
        'INR',
      ],
      [
        'Dyed Tee – Bottle Green, L',
        `${dyed!.id}-bottle-green-L`,
        'Bottle Green',
        'L',
        photo('bottle-green'),
        `${url}?colour=bottle-green&size=L`,
        'https://schema.org/OutOfStock',
        '649.00',
        'INR',
      ],
      [
        'Dyed Tee – White, M',
        `${dyed!.id}-white-M`,
        'White',
        'M',
        photo('white'),
        `${url}?colour=white&size=M`,
        'https://schema.org/InStock',
        '649.00',
        'INR',
      ],
    ]);
  });
});
