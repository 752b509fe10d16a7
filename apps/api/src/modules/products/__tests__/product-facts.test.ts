/**
 * A product's facts (issue 33): MRP, country of origin and the garment's facts through the admin's
 * multipart create and update, checked with field errors, stored and answered (all of them by one
 * product's read, the MRP by lists too).
 */
import { describe, expect, it } from 'vitest';
import { errorResponse, productMutationResponse, productResponse } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { Product } from '../product.model.js';
import { makeCategory, makeImage } from './fixtures.js';

const t = await setupTestApp();
const admin = await t.createAdmin();
const category = await makeCategory('Basics');
const jpeg = await makeImage('jpeg', { width: 400, height: 300 });

type Fields = Record<string, string>;
let serial = 0;
const base = (): Fields => {
  serial += 1;
  return {
    name: `Facts Tee ${serial}`,
    description: 'A plain tee.',
    price: '799',
    quantity: '5',
    category,
  };
};

function send(req: ReturnType<ReturnType<typeof t.request>['post']>, f: Fields, photo = false) {
  req.set('Authorization', admin.auth);
  for (const [k, v] of Object.entries(f)) req.field(k, v);
  if (photo) req.attach('photo', jpeg, { filename: 'p.jpg', contentType: 'image/jpeg' });
  return req;
}
const create = (f: Fields) => send(t.request().post('/api/product/create-product'), f, true);
const update = (id: string, f: Fields) =>
  send(t.request().put(`/api/product/update-product/${id}`), f);
const read = async (slug: string) =>
  productResponse.parse(
    (await t.request().get(`/api/product/get-product/${slug}`).expect(200)).body,
  ).Aproduct;

const FACTS = {
  mrp: '999',
  countryOfOrigin: 'India',
  fabric: '100% cotton',
  gsm: '180',
  fit: 'Regular',
  washCare: 'Machine wash cold, inside out',
};

describe('product facts on create', () => {
  it('stores and answers them, the MRP in rupees as the price is', async () => {
    const res = await create({ ...base(), ...FACTS, mrp: '999.50' }).expect(201);
    const created = productMutationResponse.parse(res.body).product!;
    expect(created).toMatchObject({
      price: 799,
      mrp: 999.5,
      countryOfOrigin: 'India',
      fabric: '100% cotton',
      gsm: 180,
      fit: 'Regular',
      washCare: 'Machine wash cold, inside out',
    });
    expect(await read(created.slug)).toMatchObject({ mrp: 999.5, gsm: 180, fit: 'Regular' });
    const row = await Product.findById(created._id).lean();
    expect(row).toMatchObject({ mrp: 999.5, fabric: '100% cotton', gsm: 180 });
  });

  it("SPEC's fields alone: made in India, no MRP and no garment facts", async () => {
    const res = await create(base()).expect(201);
    const p = productMutationResponse.parse(res.body).product!;
    expect(p.countryOfOrigin).toBe('India');
    for (const key of ['mrp', 'fabric', 'gsm', 'fit', 'washCare'])
      expect(p, key).not.toHaveProperty(key);
  });

  it('lists carry the MRP (cards strike it) but not the garment facts', async () => {
    const res = await create({ ...base(), ...FACTS }).expect(201);
    const id = productMutationResponse.parse(res.body).product!._id;
    const list = (await t.request().get('/api/product/productList/1').expect(200)).body as {
      prod: Array<Record<string, unknown>>;
    };
    const card = list.prod.find((p) => p._id === id)!;
    expect(card.mrp).toBe(999);
    for (const key of ['countryOfOrigin', 'fabric', 'gsm', 'fit', 'washCare'])
      expect(card, key).not.toHaveProperty(key);
  });

  it.each([
    [{ mrp: '699' }, 'mrp', 'The MRP (₹699) cannot be less than the price'],
    [{ mrp: 'abc' }, 'mrp', 'MRP must be a number'],
    [{ mrp: '999.999' }, 'mrp', 'MRP can have at most 2 decimal places'],
    [{ gsm: '50' }, 'gsm', 'GSM must be between 80 and 400'],
    [{ gsm: '180.5' }, 'gsm', 'GSM must be a whole number'],
    [{ fit: 'Baggy' }, 'fit', 'Fit must be one of: Regular, Relaxed, Oversized, Slim'],
    [{ fabric: 'x'.repeat(101) }, 'fabric', 'Fabric can be at most 100 characters'],
    [{ washCare: 'x'.repeat(301) }, 'washCare', 'Wash care can be at most 300 characters'],
    [
      { countryOfOrigin: 'x'.repeat(57) },
      'countryOfOrigin',
      'Country of origin can be at most 56 characters',
    ],
  ])(
    'refuses %j with the message beside the field, creating nothing',
    async (bad, path, message) => {
      const f: Fields = { ...base(), ...(bad as Fields) };
      const res = await create(f).expect(400);
      const body = errorResponse.parse(res.body);
      expect(body.issues).toContainEqual({ path, message });
      expect(await Product.exists({ name: f.name! })).toBeNull();
    },
  );
});

describe('product facts on update', () => {
  async function made(extra: Fields = FACTS) {
    const res = await create({ ...base(), ...extra }).expect(201);
    return productMutationResponse.parse(res.body).product!;
  }

  it("SPEC's form (without the facts) keeps them", async () => {
    const p = await made();
    await update(p._id, { ...base(), name: p.name, price: '899' }).expect(200);
    expect(await read(p.slug)).toMatchObject({
      price: 899,
      mrp: 999,
      fabric: '100% cotton',
      gsm: 180,
      fit: 'Regular',
      washCare: 'Machine wash cold, inside out',
      countryOfOrigin: 'India',
    });
  });

  it("'' removes a fact, and a blank country of origin is India again", async () => {
    const p = await made({ ...FACTS, countryOfOrigin: 'Bangladesh' });
    expect(p.countryOfOrigin).toBe('Bangladesh');
    const blank = { mrp: '', countryOfOrigin: ' ', fabric: '', gsm: '', fit: '', washCare: '' };
    await update(p._id, { ...base(), name: p.name, ...blank }).expect(200);
    const now = await read(p.slug);
    expect(now.countryOfOrigin).toBe('India');
    for (const key of ['mrp', 'fabric', 'gsm', 'fit', 'washCare'])
      expect(now, key).not.toHaveProperty(key);
  });

  it('changes them', async () => {
    const p = await made();
    await update(p._id, {
      ...base(),
      name: p.name,
      mrp: '1299',
      gsm: '220',
      fit: 'Relaxed',
      fabric: '60% cotton, 40% polyester',
    }).expect(200);
    expect(await read(p.slug)).toMatchObject({
      mrp: 1299,
      gsm: 220,
      fit: 'Relaxed',
      fabric: '60% cotton, 40% polyester',
    });
  });

  it('refuses a price above the stored MRP when the MRP is left out, changing nothing', async () => {
    const p = await made();
    const res = await update(p._id, { ...base(), name: p.name, price: '1099' }).expect(400);
    expect(errorResponse.parse(res.body).issues).toContainEqual({
      path: 'price',
      message: 'The MRP (₹999) cannot be less than the price',
    });
    expect(await read(p.slug)).toMatchObject({ price: 799, mrp: 999 });
    // With a new MRP beside it, the same price is fine.
    await update(p._id, { ...base(), name: p.name, price: '1099', mrp: '1199' }).expect(200);
    expect(await read(p.slug)).toMatchObject({ price: 1099, mrp: 1199 });
  });
});
