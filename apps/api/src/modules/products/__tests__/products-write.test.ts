/** Admin product writes: multipart fields, the photo pipeline on local files, slugs, auth. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  MAX_PHOTO_BYTES,
  PHOTO_WIDTHS,
  productMutationResponse,
  successMessage,
} from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { Product } from '../product.model.js';
import { makeCategory, makeImage, sidewaysJpeg, type ImageFormat } from './fixtures.js';

const t = await setupTestApp();
const admin = await t.createAdmin();
const customer = await t.createUser();
const category = await makeCategory('Anime');
const otherCategory = await makeCategory('Music');
const uploads = join(t.config.dataDir, 'uploads');
const jpeg = await makeImage('jpeg');

const fields = {
  name: 'Sunset Tee',
  description: 'A warm sunset print.',
  price: '799',
  quantity: '12',
  shipping: 'Yes',
  category,
};

type Fields = Record<string, string>;
type Photo = { data: Buffer; filename?: string; contentType?: string };

function send(
  req: ReturnType<ReturnType<typeof t.request>['post']>,
  f: Fields,
  photos: Photo[] = [],
) {
  req.set('Authorization', admin.auth);
  for (const [k, v] of Object.entries(f)) req.field(k, v);
  for (const p of photos)
    req.attach('photo', p.data, {
      filename: p.filename ?? 'photo.jpg',
      contentType: p.contentType ?? 'image/jpeg',
    });
  return req;
}
const create = (f: Fields = fields, photos: Photo[] = [{ data: jpeg }]) =>
  send(t.request().post('/api/product/create-product'), f, photos);
const update = (id: string, f: Fields = fields, photos: Photo[] = []) =>
  send(t.request().put(`/api/product/update-product/${id}`), f, photos);

const fileOf = (url: string) => join(uploads, url.replace(/^\/uploads\//, ''));
const uploadedFiles = () =>
  existsSync(uploads) ? readdirSync(uploads).filter((f) => !f.startsWith('.')) : [];

describe('POST /api/product/create-product', () => {
  it('creates a product with its photo re-encoded as WebP at each width, served with immutable caching', async () => {
    const res = await create().expect(201);
    const body = productMutationResponse.parse(res.body);
    expect(body).toMatchObject({ success: true, message: 'Product created successfully' });
    const p = body.product!;
    expect(p).toMatchObject({
      name: 'Sunset Tee',
      slug: 'sunset-tee',
      description: 'A warm sunset print.',
      price: 799,
      quantity: 12,
      shipping: true,
      category: { _id: category, name: 'Anime' },
    });
    expect(p.photos!.map((w) => w.width)).toEqual([...PHOTO_WIDTHS]);
    expect(p.photo).toBe(p.photos!.at(-1)!.url);
    for (const { width, url } of p.photos!) {
      expect(url).toMatch(/^\/uploads\/sunset-tee-[a-f\d]{12}-\d+\.webp$/);
      const meta = await sharp(fileOf(url)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      expect(meta.exif).toBeUndefined();
    }
    const served = await t.request().get(p.photo).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const row = await Product.findById(p._id).lean();
    expect(row).toMatchObject({ price: 799, quantity: 12, shipping: true });
    expect(String(row!.category)).toBe(category);
  });

  it('turns EXIF orientation into upright pixels and drops the metadata', async () => {
    const res = await create({ ...fields, name: 'Sideways' }, [
      { data: await sidewaysJpeg() },
    ]).expect(201);
    const widest = res.body.product.photos.at(-1);
    const meta = await sharp(fileOf(widest.url)).metadata();
    // 1200×600 stored, orientation 6: upright it is 600 wide and 1200 high; never enlarged.
    expect({
      width: meta.width,
      height: meta.height,
      orientation: meta.orientation,
      exif: meta.exif,
    }).toEqual({
      width: 600,
      height: 1200,
      orientation: undefined,
      exif: undefined,
    });
    expect(res.body.product.photos.map((w: { width: number }) => w.width)).toEqual([320, 600]);
  });

  it('accepts JPEG, PNG, WebP, GIF and AVIF, judged by content: an image named .txt sent as text/plain is fine', async () => {
    const formats: ImageFormat[] = ['png', 'webp', 'gif', 'avif'];
    for (const format of formats) {
      const res = await create({ ...fields, name: `Format ${format}` }, [
        {
          data: await makeImage(format, { width: 400, height: 300 }),
          filename: `x.${format}`,
          contentType: `image/${format}`,
        },
      ]);
      expect(res.status, format).toBe(201);
    }
    const disguised = await create({ ...fields, name: 'Disguised' }, [
      { data: jpeg, filename: 'notes.txt', contentType: 'text/plain' },
    ]).expect(201);
    expect(disguised.body.product.photo).toMatch(/\.webp$/);
  });

  it('refuses a file that is not an accepted image, whatever its name and type, with a 415', async () => {
    const before = uploadedFiles().length;
    const fakes: Photo[] = [
      {
        data: Buffer.from('just some text, not a picture'),
        filename: 'photo.jpg',
        contentType: 'image/jpeg',
      },
      {
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        filename: 'x.svg',
        contentType: 'image/svg+xml',
      },
      {
        data: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
          .tiff()
          .toBuffer(),
        filename: 'x.tiff',
        contentType: 'image/tiff',
      },
    ];
    for (const fake of fakes) {
      const res = await create({ ...fields, name: 'Fake' }, [fake]).expect(415);
      expect(res.body).toMatchObject({
        success: false,
        message: 'The photo must be a JPEG, PNG, WebP, GIF or AVIF image',
      });
    }
    expect(await Product.exists({ name: 'Fake' })).toBeNull();
    expect(uploadedFiles().length).toBe(before);
  });

  it('refuses a truncated image with a 400', async () => {
    const res = await create({ ...fields, name: 'Broken' }, [
      { data: jpeg.subarray(0, 200) },
    ]).expect(400);
    expect(res.body.message).toBe('The photo could not be read as an image');
  });

  it('refuses a photo over 5 MB with a 413', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES + 1 - jpeg.length)]);
    const res = await create({ ...fields, name: 'Huge' }, [{ data: big }]).expect(413);
    expect(res.body).toMatchObject({ success: false, message: 'The photo must be at most 5 MB' });
    expect(await Product.exists({ name: 'Huge' })).toBeNull();
  });

  it('refuses two photos, or a photo in another field, with a 400', async () => {
    const res = await create({ ...fields, name: 'Twice' }, [{ data: jpeg }, { data: jpeg }]).expect(
      400,
    );
    expect(errorResponse.parse(res.body).message).toMatch(/one photo/);
    const other = t
      .request()
      .post('/api/product/create-product')
      .set('Authorization', admin.auth)
      .field('name', 'X')
      .attach('image', jpeg, 'a.jpg');
    await other.expect(400);
    expect(await Product.exists({ name: 'Twice' })).toBeNull();
  });

  it('requires a photo', async () => {
    const res = await create({ ...fields, name: 'No photo' }, []).expect(400);
    expect(res.body).toMatchObject({ success: false, message: 'Photo is required' });
  });

  it('checks every field with the shared schema (400) and the category exists', async () => {
    const bad: Fields[] = [
      { ...fields, name: '  ' },
      { ...fields, description: '' },
      { ...fields, price: '0' },
      { ...fields, price: '-5' },
      { ...fields, price: 'cheap' },
      { ...fields, price: '699.995' },
      { ...fields, quantity: '1.5' },
      { ...fields, quantity: '-1' },
      { ...fields, shipping: 'maybe' },
      { ...fields, category: 'anime' },
      { ...fields, category: '0123456789abcdef01234567' },
    ];
    for (const f of bad) {
      const res = await create(f).expect(400);
      expect(errorResponse.parse(res.body).success).toBe(false);
    }
    const { category: _c, ...withoutCategory } = fields;
    await create(withoutCategory).expect(400);
    expect(await Product.countDocuments({ name: 'Sunset Tee' })).toBe(1);
  });

  it('reads shipping as true/false/1/0/Yes/No', async () => {
    const cases: Array<[string, boolean]> = [
      ['true', true],
      ['1', true],
      ['yes', true],
      ['No', false],
      ['0', false],
      ['false', false],
    ];
    for (const [shipping, expected] of cases) {
      const res = await create({ ...fields, name: `Ship ${shipping}`, shipping }).expect(201);
      expect(res.body.product.shipping, shipping).toBe(expected);
    }
  });

  it('keeps slugs unique: -2, -3… on a clash, also when created at the same moment', async () => {
    const a = await create({ ...fields, name: 'Twin Tee' }).expect(201);
    const b = await create({ ...fields, name: 'twin tee!' }).expect(201);
    expect([a.body.product.slug, b.body.product.slug]).toEqual(['twin-tee', 'twin-tee-2']);
    const racing = await Promise.all([1, 2, 3].map(() => create({ ...fields, name: 'Race Tee' })));
    expect(racing.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(racing.map((r) => r.body.product.slug).sort()).toEqual([
      'race-tee',
      'race-tee-2',
      'race-tee-3',
    ]);
    const accents = await create({ ...fields, name: 'Café Crème Ñandú' }).expect(201);
    expect(accents.body.product.slug).toBe('cafe-creme-nandu');
  });
});

describe('PUT /api/product/update-product/:id', () => {
  it('without a photo changes the fields and keeps the photo', async () => {
    const { body } = await create({ ...fields, name: 'Keeper' }).expect(201);
    const p = body.product;
    const res = await update(p._id, {
      ...fields,
      name: 'Keeper Deluxe',
      price: '1299',
      quantity: '0',
      shipping: 'No',
      category: otherCategory,
    }).expect(200);
    const after = productMutationResponse.parse(res.body);
    expect(after).toMatchObject({ success: true, message: 'Product updated successfully' });
    expect(after.product).toMatchObject({
      _id: p._id,
      name: 'Keeper Deluxe',
      slug: 'keeper-deluxe',
      price: 1299,
      quantity: 0,
      shipping: false,
      category: { _id: otherCategory, name: 'Music' },
      photo: p.photo,
    });
    for (const w of p.photos) expect(existsSync(fileOf(w.url))).toBe(true);
  });

  it('with a photo stores the new one and deletes the old files after the update', async () => {
    const { body } = await create({ ...fields, name: 'Repaint' }).expect(201);
    const old = body.product;
    const res = await update(old._id, { ...fields, name: 'Repaint' }, [
      { data: await makeImage('png', { color: '#16a085' }) },
    ]).expect(200);
    const fresh = res.body.product;
    expect(fresh.slug).toBe(old.slug);
    expect(fresh.photo).not.toBe(old.photo);
    for (const w of fresh.photos) expect(existsSync(fileOf(w.url))).toBe(true);
    for (const w of old.photos) expect(existsSync(fileOf(w.url))).toBe(false);
  });

  it('keeps the files when the same picture is uploaded again, or another product uses them', async () => {
    const picture = await makeImage('jpeg', { color: '#8e44ad' });
    const a = (await create({ ...fields, name: 'Same Pic' }, [{ data: picture }]).expect(201)).body
      .product;
    const again = (
      await update(a._id, { ...fields, name: 'Same Pic' }, [{ data: picture }]).expect(200)
    ).body.product;
    expect(again.photo).toBe(a.photo);
    for (const w of a.photos) expect(existsSync(fileOf(w.url))).toBe(true);

    // Another product with the same name and picture shares the content-hashed files.
    const twin = (await create({ ...fields, name: 'Same Pic' }, [{ data: picture }]).expect(201))
      .body.product;
    expect(twin.photo).toBe(a.photo);
    await t
      .request()
      .delete(`/api/product/delete-product/${a._id}`)
      .set('Authorization', admin.auth)
      .expect(200);
    for (const w of twin.photos) expect(existsSync(fileOf(w.url))).toBe(true);
    await t
      .request()
      .delete(`/api/product/delete-product/${twin._id}`)
      .set('Authorization', admin.auth)
      .expect(200);
    for (const w of twin.photos) expect(existsSync(fileOf(w.url))).toBe(false);
  });

  it('answers 404 for an unknown id, 400 for a malformed one, and checks fields like create', async () => {
    const missing = await update('0123456789abcdef01234567').expect(404);
    expect(missing.body).toMatchObject({ success: false, message: 'Product not found' });
    await update('12345').expect(400);
    const { body } = await create({ ...fields, name: 'Strict' }).expect(201);
    await update(body.product._id, { ...fields, price: '0' }).expect(400);
    await update(body.product._id, fields, [{ data: Buffer.from('nope') }]).expect(415);
    expect((await Product.findById(body.product._id).lean())!.price).toBe(799);
  });
});

describe('DELETE /api/product/delete-product/:id', () => {
  it('deletes the product and its photo files', async () => {
    const { body } = await create({ ...fields, name: 'Goner' }, [
      { data: await makeImage('webp', { color: '#d35400' }) },
    ]).expect(201);
    const p = body.product;
    const res = await t
      .request()
      .delete(`/api/product/delete-product/${p._id}`)
      .set('Authorization', admin.auth)
      .expect(200);
    expect(successMessage.parse(res.body)).toEqual({
      success: true,
      message: 'Product deleted successfully',
    });
    expect(await Product.exists({ _id: p._id })).toBeNull();
    for (const w of p.photos) expect(existsSync(fileOf(w.url))).toBe(false);
    await t.request().get(`/api/product/get-product/${p.slug}`).expect(404);
    await t
      .request()
      .delete(`/api/product/delete-product/${p._id}`)
      .set('Authorization', admin.auth)
      .expect(404);
  });

  it('answers 400 for a malformed id', async () => {
    await t
      .request()
      .delete('/api/product/delete-product/not-an-id')
      .set('Authorization', admin.auth)
      .expect(400);
  });
});

describe('admin calls', () => {
  const id = '0123456789abcdef01234567';
  const calls = [
    () =>
      t
        .request()
        .post('/api/product/create-product')
        .field('name', 'Nope')
        .attach('photo', jpeg, 'a.jpg'),
    () => t.request().put(`/api/product/update-product/${id}`).field('name', 'Nope'),
    () => t.request().delete(`/api/product/delete-product/${id}`),
  ];
  it('need a token (401)', async () => {
    for (const call of calls)
      expect(errorResponse.parse((await call().expect(401)).body).success).toBe(false);
  });
  it('refuse a customer (403) before reading any upload', async () => {
    const before = uploadedFiles().length;
    for (const call of calls) await call().set('Authorization', customer.auth).expect(403);
    expect(await Product.exists({ name: 'Nope' })).toBeNull();
    expect(uploadedFiles().length).toBe(before);
  });
});

describe('the multipart field sizes', () => {
  const { quantity: _q, ...noQuantity } = fields;
  const sizesOfRow = async (id: string) =>
    (await Product.findById(id, { sizes: 1, quantity: 1 }).lean())!;

  it('creates a product with stock per size, quantity their total, in the shop order', async () => {
    const res = await create({
      ...noQuantity,
      name: 'Sized Tee',
      sizes: JSON.stringify([
        { size: 'XL', quantity: 0 },
        { size: 'S', quantity: 4 },
        { size: 'M', quantity: 6 },
      ]),
    }).expect(201);
    expect(res.body.product).toMatchObject({
      quantity: 10,
      sizes: [
        { size: 'S', quantity: 4 },
        { size: 'M', quantity: 6 },
        { size: 'XL', quantity: 0 },
      ],
    });
    const row = await sizesOfRow(res.body.product._id);
    expect(row.quantity).toBe(10);
    expect(row.sizes!.map((s) => s.size)).toEqual(['S', 'M', 'XL']);
  });

  it('makes a product created without sizes One size holding its quantity', async () => {
    const res = await create({ ...fields, name: 'Plain Tee' }).expect(201);
    expect(res.body.product).toMatchObject({
      quantity: 12,
      sizes: [{ size: 'One size', quantity: 12 }],
    });
  });

  it.each([
    ['not JSON', 'M=5', 'sizes: Sizes must be JSON, for example [{"size":"M","quantity":5}]'],
    ['an unknown size', '[{"size":"XXXL","quantity":1}]', /Size must be one of/],
    ['a negative stock', '[{"size":"M","quantity":-2}]', /cannot be negative/],
    ['a size twice', '[{"size":"M","quantity":1},{"size":"M","quantity":1}]', /M is listed twice/],
    ['no sizes', '[]', /Choose at least one size/],
  ])('refuses %s with a 400 and creates nothing', async (_what, sizes, message) => {
    const name = `Refused ${_what}`;
    const res = await create({ ...noQuantity, name, sizes }).expect(400);
    expect(res.body.message).toMatch(message);
    expect(await Product.exists({ name })).toBeNull();
  });

  it('refuses a quantity that is not the total of the sizes', async () => {
    const res = await create({
      ...fields,
      name: 'Mismatch',
      quantity: '3',
      sizes: '[{"size":"M","quantity":5}]',
    }).expect(400);
    expect(res.body.message).toBe('quantity: Quantity must be the total of the sizes (5)');
  });

  it('updates the stock of each size; without sizes a One size product takes the quantity', async () => {
    const { body } = await create({
      ...noQuantity,
      name: 'Regrid',
      sizes: '[{"size":"M","quantity":2}]',
    }).expect(201);
    const id = body.product._id as string;
    await update(id, {
      ...noQuantity,
      name: 'Regrid',
      sizes: '[{"size":"L","quantity":3},{"size":"S","quantity":1}]',
    }).expect(200);
    expect(await sizesOfRow(id)).toMatchObject({
      quantity: 4,
      sizes: [
        { size: 'S', quantity: 1 },
        { size: 'L', quantity: 3 },
      ],
    });

    // The original form (quantity only): kept when it is the total, refused when guessed.
    await update(id, { ...fields, name: 'Regrid', quantity: '4' }).expect(200);
    expect((await sizesOfRow(id)).sizes).toHaveLength(2);
    const refused = await update(id, { ...fields, name: 'Regrid', quantity: '9' }).expect(400);
    expect(refused.body.message).toBe(
      'This product comes in S, L: send the stock of each size in "sizes"',
    );
    expect((await sizesOfRow(id)).quantity).toBe(4);

    const plain = (await create({ ...fields, name: 'Plain Update' }).expect(201)).body.product;
    await update(plain._id, { ...fields, name: 'Plain Update', quantity: '7' }).expect(200);
    expect(await sizesOfRow(plain._id)).toMatchObject({
      quantity: 7,
      sizes: [{ size: 'One size', quantity: 7 }],
    });
  });
});
