/**
 * A colour's photos, managed one call at a time (admin): several uploaded at once with the
 * product photo's checks, put in order, described (alt text), moved to another colour, deleted;
 * the first colour keeps the product's main photo, and two admins at once lose nothing.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  MAX_IMAGES_PER_COLOUR,
  MAX_PHOTO_BYTES,
  productMutationResponse,
  type Product,
} from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { makeCategory, makeImage } from './fixtures.js';

const t = await setupTestApp();
const admin = await t.createAdmin();
const customer = await t.createUser();
const category = await makeCategory('Photos');
const uploads = join(t.config.dataDir, 'uploads');
const fileOf = (url: string) => join(uploads, url.replace(/^\/uploads\//, ''));
const files = () => readdirSync(uploads).filter((f) => !f.startsWith('.'));

let shade = 0;
/** A picture no other test uses (its files are its own). */
const picture = () => {
  shade += 1;
  return makeImage('png', {
    width: 800,
    height: 800,
    color: `#${(0x203040 + shade * 0x0a0b0c).toString(16).slice(-6)}`,
  });
};

/** Sakura Drift Tee in Black (with the main photo) and White (no photos yet). */
async function newTee(): Promise<Product> {
  const req = t
    .request()
    .post('/api/product/create-product')
    .set('Authorization', admin.auth)
    .field('name', 'Sakura Drift Tee')
    .field('description', 'Blossoms.')
    .field('price', '549')
    .field('category', category)
    .field(
      'colours',
      JSON.stringify([
        { name: 'Black', hex: '#111111', sizes: [{ size: 'M', quantity: 2 }] },
        { name: 'White', hex: '#f5f5f2', sizes: [{ size: 'M', quantity: 2 }] },
      ]),
    )
    .attach('photo', await picture(), 'front.png');
  return (await req.expect(201)).body.product as Product;
}

function upload(
  id: string,
  colour: string,
  photos: Buffer[],
  fields: Record<string, string> = {},
  auth = admin.auth,
) {
  const req = t
    .request()
    .post(`/api/product/${id}/colours/${colour}/images`)
    .set('Authorization', auth);
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  for (const [i, p] of photos.entries()) req.attach('images', p, `photo-${i}.png`);
  return req;
}
const colourOf = (p: Product, name: string) => p.colours.find((c) => c.name === name)!;
const altsOf = (p: Product, name: string) => colourOf(p, name).images.map((i) => i.alt);

describe('POST /api/product/{id}/colours/{colour}/images', () => {
  it('adds several photos at once, in order, each as WebP at every width, with its alt text', async () => {
    const tee = await newTee();
    const res = await upload(
      tee._id,
      'white',
      [await picture(), await picture(), await picture()],
      {
        alts: JSON.stringify(['White, front', 'White, back']),
      },
    ).expect(201);
    const { product, message } = productMutationResponse.parse(res.body);
    expect(message).toBe('3 photos were added');
    const white = colourOf(product!, 'White');
    expect(white.images.map((i) => i.alt)).toEqual([
      'White, front',
      'White, back',
      'Sakura Drift Tee in White',
    ]);
    for (const image of white.images) {
      expect(image.widths.map((w) => w.width)).toEqual([320, 640, 800]);
      for (const w of image.widths) {
        expect((await sharp(fileOf(w.url)).metadata()).format).toBe('webp');
      }
    }
    // The product read shows them; lists show the first.
    const read = await t.request().get(`/api/product/get-product/${tee.slug}`).expect(200);
    expect(colourOf(read.body.Aproduct, 'White').images).toEqual(white.images);
  });

  it('refuses what the product form refuses, storing none of the photos sent', async () => {
    const tee = await newTee();
    const before = files().length;
    const text = Buffer.from('not a picture at all');
    const refused = await upload(tee._id, 'Black', [await picture(), text]).expect(415);
    expect(refused.body.message).toBe('The photo must be a JPEG, PNG, WebP, GIF or AVIF image');
    const big = Buffer.alloc(MAX_PHOTO_BYTES + 1, 1);
    await upload(tee._id, 'Black', [big]).expect(413);
    const broken = (await picture()).subarray(0, 200);
    await upload(tee._id, 'Black', [broken]).expect(400);
    expect(files().length).toBe(before);
    const unknown = await upload(tee._id, 'Red', [await picture()]).expect(404);
    expect(unknown.body.message).toBe('This product does not come in Red');
    const none = await upload(tee._id, 'Black', []).expect(400);
    expect(none.body.message).toBe(
      `Send 1 to ${MAX_IMAGES_PER_COLOUR} photos, in the "images" field`,
    );
    await upload(tee._id, 'Black', [await picture()], {}, customer.auth).expect(403);
    const read = await t.request().get(`/api/product/get-product/${tee.slug}`).expect(200);
    expect(colourOf(read.body.Aproduct, 'Black').images).toHaveLength(1);
  });

  it(`keeps a colour to ${MAX_IMAGES_PER_COLOUR} photos`, async () => {
    const tee = await newTee();
    const seven = await Promise.all(Array.from({ length: 7 }, picture));
    await upload(tee._id, 'Black', seven).expect(201);
    const over = await upload(tee._id, 'Black', [await picture(), await picture()]).expect(400);
    expect(over.body.message).toBe(
      `Black has 8 photos: a colour has at most ${MAX_IMAGES_PER_COLOUR}, so 0 more can be added`,
    );
  });

  it('keeps both uploads of two admins at once', async () => {
    const tee = await newTee();
    const [a, b] = await Promise.all([
      upload(tee._id, 'White', [await picture()], { alts: '["From admin A"]' }),
      upload(tee._id, 'White', [await picture()], { alts: '["From admin B"]' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const read = await t.request().get(`/api/product/get-product/${tee.slug}`).expect(200);
    expect(altsOf(read.body.Aproduct, 'White').sort()).toEqual(['From admin A', 'From admin B']);
  });
});

describe('ordering, describing, moving and deleting photos', () => {
  it("puts a colour's photos in order: the first colour's first becomes the main photo", async () => {
    const tee = await newTee();
    const added = (
      await upload(tee._id, 'Black', [await picture(), await picture()], {
        alts: '["Back","Close-up"]',
      }).expect(201)
    ).body.product as Product;
    const ids = colourOf(added, 'Black').images.map((i) => i._id);
    const reordered = (
      await t
        .request()
        .put(`/api/product/${tee._id}/colours/black/images`)
        .set('Authorization', admin.auth)
        .send({ order: [ids[2], ids[0], ids[1]] })
        .expect(200)
    ).body.product as Product;
    expect(altsOf(reordered, 'Black')).toEqual(['Close-up', 'Sakura Drift Tee in Black', 'Back']);
    expect(reordered.photo).toBe(colourOf(reordered, 'Black').images[0]!.url);
    // An order that is not every photo once (a stale page) changes nothing.
    const stale = await t
      .request()
      .put(`/api/product/${tee._id}/colours/Black/images`)
      .set('Authorization', admin.auth)
      .send({ order: [ids[0], ids[1]] })
      .expect(409);
    expect(stale.body.message).toBe(
      'The photos of Black have changed meanwhile: reload the product and put them in order again',
    );
  });

  it("changes a photo's alt text and moves it to another colour, never the first colour's last", async () => {
    const tee = await newTee();
    const [main] = colourOf(tee, 'Black').images;
    const path = `/api/product/${tee._id}/colours/black/images/${main!._id}`;
    const described = (
      await t
        .request()
        .patch(path)
        .set('Authorization', admin.auth)
        .send({ alt: 'Black tee, front, on a white backdrop' })
        .expect(200)
    ).body.product as Product;
    expect(altsOf(described, 'Black')).toEqual(['Black tee, front, on a white backdrop']);
    const alone = await t
      .request()
      .patch(path)
      .set('Authorization', admin.auth)
      .send({ colour: 'White' })
      .expect(400);
    expect(alone.body.message).toMatch(/^This is the only photo of Black, the first colour/);

    const withWhite = (await upload(tee._id, 'White', [await picture()]).expect(201)).body
      .product as Product;
    const whitePhoto = colourOf(withWhite, 'White').images[0]!;
    await upload(tee._id, 'Black', [await picture()]).expect(201);
    const moved = (
      await t
        .request()
        .patch(`/api/product/${tee._id}/colours/White/images/${whitePhoto._id}`)
        .set('Authorization', admin.auth)
        .send({ colour: 'black', alt: 'Was white' })
        .expect(200)
    ).body.product as Product;
    expect(colourOf(moved, 'White').images).toEqual([]);
    expect(colourOf(moved, 'Black').images.at(-1)).toMatchObject({
      _id: whitePhoto._id,
      url: whitePhoto.url,
      alt: 'Was white',
    });
    await t
      .request()
      .patch(`/api/product/${tee._id}/colours/Black/images/${whitePhoto._id}`)
      .set('Authorization', admin.auth)
      .send({})
      .expect(400);
  });

  it('deletes a photo and its files; the main photo goes only when the first colour has another', async () => {
    const tee = await newTee();
    const [main] = colourOf(tee, 'Black').images;
    const refused = await t
      .request()
      .delete(`/api/product/${tee._id}/colours/Black/images/${main!._id}`)
      .set('Authorization', admin.auth)
      .expect(400);
    expect(refused.body.message).toMatch(/the product's main photo/);

    const added = (await upload(tee._id, 'Black', [await picture()]).expect(201)).body
      .product as Product;
    const second = colourOf(added, 'Black').images[1]!;
    const after = (
      await t
        .request()
        .delete(`/api/product/${tee._id}/colours/Black/images/${main!._id}`)
        .set('Authorization', admin.auth)
        .expect(200)
    ).body.product as Product;
    expect(colourOf(after, 'Black').images.map((i) => i._id)).toEqual([second._id]);
    expect(after.photo).toBe(second.url);
    for (const w of main!.widths) expect(existsSync(fileOf(w.url))).toBe(false);
    await t
      .request()
      .delete(`/api/product/${tee._id}/colours/Black/images/${main!._id}`)
      .set('Authorization', admin.auth)
      .expect(404);
    // A photo is found under its own colour only.
    const elsewhere = await t
      .request()
      .delete(`/api/product/${tee._id}/colours/White/images/${second._id}`)
      .set('Authorization', admin.auth)
      .expect(404);
    expect(elsewhere.body.message).toBe('White has no such photo');
  });
});
