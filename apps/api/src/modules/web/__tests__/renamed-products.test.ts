/**
 * Product pages (issue 33): a renamed product's old addresses answer 301 with Location to its
 * address now (the query kept), its API read by an old slug answers the product with its slug
 * now, a product taking an old slug wins; and the page's JSON-LD names the product's facts.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorResponse, productMutationResponse, productResponse } from '@repo/shared';
import { makeCategory, makeImage } from '../../products/__tests__/fixtures.js';
import { setupTestApp } from '../../../test/harness.js';

// A built web app in miniature (no server renderer: the head and status are what is checked).
const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(webDist, '.vite'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(webDist, '.vite', 'manifest.json'), '{}');

const ORIGIN = 'https://shop.example.in';
const t = await setupTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL: ORIGIN } });
const admin = await t.createAdmin();
const category = await makeCategory('Anime');
const jpeg = await makeImage('jpeg', { width: 400, height: 300 });

type Fields = Record<string, string>;
const fields = (name: string, more: Fields = {}): Fields => ({
  name,
  description: 'A tee.',
  price: '799',
  quantity: '4',
  category,
  ...more,
});

async function create(name: string, more: Fields = {}) {
  const req = t.request().post('/api/product/create-product').set('Authorization', admin.auth);
  for (const [k, v] of Object.entries(fields(name, more))) req.field(k, v);
  req.attach('photo', jpeg, { filename: 'p.jpg', contentType: 'image/jpeg' });
  return productMutationResponse.parse((await req.expect(201)).body).product!;
}
async function rename(id: string, name: string) {
  const req = t.request().put(`/api/product/update-product/${id}`).set('Authorization', admin.auth);
  for (const [k, v] of Object.entries(fields(name))) req.field(k, v);
  return productMutationResponse.parse((await req.expect(200)).body).product!;
}
const apiRead = (slug: string) => t.request().get(`/api/product/get-product/${slug}`);

describe('a renamed product', () => {
  it('answers its old page with 301 to the new one, the query kept; the new page is 200', async () => {
    const p = await create('Kitsune Dawn Tee');
    expect(p.slug).toBe('kitsune-dawn-tee');
    const renamed = await rename(p._id, 'Kitsune Dusk Tee');
    expect(renamed.slug).toBe('kitsune-dusk-tee');

    const res = await t
      .request()
      .get('/product-detail/kitsune-dawn-tee?size=M&colour=black')
      .redirects(0)
      .expect(301);
    expect(res.headers.location).toBe(
      `${ORIGIN}/product-detail/kitsune-dusk-tee?size=M&colour=black`,
    );
    // Kept by browsers for a while, not for ever: a new product may take the address later.
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const page = await t.request().get('/product-detail/kitsune-dusk-tee').expect(200);
    expect(page.text).toContain(
      `<link rel="canonical" href="${ORIGIN}/product-detail/kitsune-dusk-tee">`,
    );
  });

  it('answers the API read by an old slug with the product, whose slug is its address now', async () => {
    const p = await create('Ronin Path Tee');
    await rename(p._id, 'Ronin Road Tee');
    const old = productResponse.parse((await apiRead('ronin-path-tee').expect(200)).body);
    expect(old.Aproduct).toMatchObject({
      _id: p._id,
      slug: 'ronin-road-tee',
      name: 'Ronin Road Tee',
    });
    // An unknown slug is still 404, as before.
    const missing = await apiRead('ronin-nowhere-tee').expect(404);
    expect(errorResponse.parse(missing.body).message).toBe('Product not found');
  });

  it('keeps every address it had: each redirects to the latest, and a rename back takes its old one', async () => {
    const p = await create('Orbit One Tee');
    await rename(p._id, 'Orbit Two Tee');
    await rename(p._id, 'Orbit Three Tee');
    for (const old of ['orbit-one-tee', 'orbit-two-tee']) {
      const res = await t.request().get(`/product-detail/${old}`).redirects(0).expect(301);
      expect(res.headers.location, old).toBe(`${ORIGIN}/product-detail/orbit-three-tee`);
    }
    await rename(p._id, 'Orbit One Tee');
    await t.request().get('/product-detail/orbit-one-tee').expect(200);
    for (const old of ['orbit-two-tee', 'orbit-three-tee']) {
      const res = await t.request().get(`/product-detail/${old}`).redirects(0).expect(301);
      expect(res.headers.location, old).toBe(`${ORIGIN}/product-detail/orbit-one-tee`);
    }
  });

  it('an edit that keeps the name keeps the address (no redirect to itself)', async () => {
    const p = await create('Steady Tee');
    await rename(p._id, 'Steady Tee');
    await t.request().get('/product-detail/steady-tee').expect(200);
  });

  it('gives way to a new product that takes its old slug, by create or by rename', async () => {
    const moved = await create('Lotus Bloom Tee');
    await rename(moved._id, 'Lotus Night Tee');
    const taker = await create('Lotus Bloom Tee');
    expect(taker.slug).toBe('lotus-bloom-tee');
    await t.request().get('/product-detail/lotus-bloom-tee').redirects(0).expect(200);
    expect(productResponse.parse((await apiRead('lotus-bloom-tee')).body).Aproduct._id).toBe(
      taker._id,
    );
    // The taker renamed in turn: the address now leads to the taker, not to the first product.
    await rename(taker._id, 'Lotus Day Tee');
    const res = await t.request().get('/product-detail/lotus-bloom-tee').redirects(0).expect(301);
    expect(res.headers.location).toBe(`${ORIGIN}/product-detail/lotus-day-tee`);

    // And by a rename: a third product renamed to the first one's old name.
    const first = await create('Cedar Tee');
    await rename(first._id, 'Cedar Grove Tee');
    const other = await create('Birch Tee');
    await rename(other._id, 'Cedar Tee');
    expect(productResponse.parse((await apiRead('cedar-tee')).body).Aproduct._id).toBe(other._id);
    const birch = await t.request().get('/product-detail/birch-tee').redirects(0).expect(301);
    expect(birch.headers.location).toBe(`${ORIGIN}/product-detail/cedar-tee`);
  });
});

/** The page's JSON-LD Product. */
function jsonLdProduct(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  const product = blocks
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .find((d) => d['@type'] === 'Product');
  expect(product, 'the page has a Product').toBeDefined();
  return product!;
}

describe("a product page's JSON-LD", () => {
  it('names the material, country of origin, fabric weight, fit, wash care and the MRP struck through', async () => {
    const p = await create('Facts Page Tee', {
      mrp: '999',
      fabric: '100% cotton',
      gsm: '180',
      fit: 'Regular',
      washCare: 'Machine wash cold, inside out',
    });
    const html = (await t.request().get(`/product-detail/${p.slug}`).expect(200)).text;
    const ld = jsonLdProduct(html);
    expect(ld).toMatchObject({
      material: '100% cotton',
      countryOfOrigin: { '@type': 'Country', name: 'India' },
      additionalProperty: [
        { '@type': 'PropertyValue', name: 'Fabric weight', value: 180, unitText: 'GSM' },
        { '@type': 'PropertyValue', name: 'Fit', value: 'Regular' },
        { '@type': 'PropertyValue', name: 'Wash care', value: 'Machine wash cold, inside out' },
      ],
      offers: {
        price: '799.00',
        priceCurrency: 'INR',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          priceType: 'https://schema.org/StrikethroughPrice',
          price: '999.00',
          priceCurrency: 'INR',
        },
      },
    });
  });

  it('strikes nothing when the MRP is the price, and names only the facts set', async () => {
    const p = await create('Plain Page Tee', { mrp: '799' });
    const ld = jsonLdProduct((await t.request().get(`/product-detail/${p.slug}`).expect(200)).text);
    expect(ld.offers).not.toHaveProperty('priceSpecification');
    expect(ld).not.toHaveProperty('material');
    expect(ld).not.toHaveProperty('additionalProperty');
    expect(ld.countryOfOrigin).toEqual({ '@type': 'Country', name: 'India' });
  });
});
