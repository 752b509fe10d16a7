/** The Cloudinary photo adapter, through the API and the real SDK, against a loopback stand-in. */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PHOTO_WIDTHS, productMutationResponse } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { Product } from '../product.model.js';
import { startCloudinaryStandIn } from './cloudinary-stand-in.js';
import { makeCategory, makeImage } from './fixtures.js';

const account = { cloud: 'shop-cloud', key: '123456789012345', secret: 'stand-in-secret' };
const cloud = await startCloudinaryStandIn(account);
afterAll(() => cloud.close());

const t = await setupTestApp({
  env: {
    CLOUDINARY_URL: `cloudinary://${account.key}:${account.secret}@${account.cloud}`,
    CLOUDINARY_UPLOAD_PREFIX: cloud.url,
  },
});
const admin = await t.createAdmin();
const category = await makeCategory('Anime');
const fields = {
  name: 'Cloud Tee',
  description: 'Stored far away.',
  price: '899',
  quantity: '4',
  shipping: 'No',
  category,
};

function create(name: string, photo: Buffer) {
  const req = t.request().post('/api/product/create-product').set('Authorization', admin.auth);
  for (const [k, v] of Object.entries({ ...fields, name })) req.field(k, v);
  return req.attach('photo', photo, 'photo.jpg');
}

describe('photos on Cloudinary', () => {
  it('is chosen by CLOUDINARY_URL', () => {
    expect(t.deps.photos.kind).toBe('cloudinary');
  });

  it('uploads the widest rendition once, as a signed WebP, and answers transformation URLs for each width', async () => {
    const res = await create(
      'Cloud Tee',
      await makeImage('jpeg', { width: 1600, height: 1200 }),
    ).expect(201);
    const p = productMutationResponse.parse(res.body).product!;
    const uploads = cloud.calls.filter((c) => c.action === 'upload');
    expect(uploads).toHaveLength(1);
    const publicId = uploads[0]!.publicId;
    expect(publicId).toMatch(/^tshirt-shop\/cloud-tee-[a-f\d]{12}$/);
    const stored = cloud.assets.get(publicId)!;
    const meta = await sharp(stored.bytes).metadata();
    expect({ format: meta.format, width: meta.width, exif: meta.exif }).toEqual({
      format: 'webp',
      width: 960,
      exif: undefined,
    });

    expect(p.photos!.map((w) => w.width)).toEqual([...PHOTO_WIDTHS]);
    for (const { width, url } of p.photos!) {
      expect(url).toBe(
        `https://res.cloudinary.com/${account.cloud}/image/upload/c_limit,q_auto,w_${width}/v${stored.version}/${publicId}.webp`,
      );
    }
    expect(p.photo).toBe(p.photos!.at(-1)!.url);
    expect((await Product.findById(p._id).lean())!.colours![0]!.images[0]!.key).toBe(publicId);
  });

  it('destroys the old picture after an update with a new one, and the picture of a deleted product', async () => {
    const created = (
      await create('Swap Tee', await makeImage('png', { color: '#27ae60' })).expect(201)
    ).body.product;
    const oldId = (await Product.findById(created._id).lean())!.colours![0]!.images[0]!.key;

    const req = t
      .request()
      .put(`/api/product/update-product/${created._id}`)
      .set('Authorization', admin.auth);
    for (const [k, v] of Object.entries({ ...fields, name: 'Swap Tee' })) req.field(k, v);
    const updated = (
      await req
        .attach('photo', await makeImage('webp', { color: '#2c3e50' }), 'new.webp')
        .expect(200)
    ).body.product;
    const newId = (await Product.findById(created._id).lean())!.colours![0]!.images[0]!.key;
    expect(newId).not.toBe(oldId);
    expect(updated.photo).toContain(newId);
    expect(cloud.calls.filter((c) => c.action === 'destroy').map((c) => c.publicId)).toEqual([
      oldId,
    ]);
    expect(cloud.assets.has(oldId)).toBe(false);

    await t
      .request()
      .delete(`/api/product/delete-product/${created._id}`)
      .set('Authorization', admin.auth)
      .expect(200);
    expect(cloud.calls.filter((c) => c.action === 'destroy').map((c) => c.publicId)).toEqual([
      oldId,
      newId,
    ]);
    expect(cloud.assets.has(newId)).toBe(false);
  });

  it('answers 502 and creates nothing when Cloudinary refuses the upload', async () => {
    cloud.failNextWith(500);
    const res = await create('Unlucky Tee', await makeImage('jpeg', { color: '#7f8c8d' })).expect(
      502,
    );
    expect(res.body).toMatchObject({
      success: false,
      message: 'The photo could not be stored right now. Please try again.',
    });
    expect(await Product.exists({ name: 'Unlucky Tee' })).toBeNull();
  });

  it('still deletes the product when Cloudinary cannot destroy its picture (logged, not thrown)', async () => {
    const created = (
      await create('Sticky Tee', await makeImage('jpeg', { color: '#f1c40f' })).expect(201)
    ).body.product;
    cloud.failNextWith(500);
    await t
      .request()
      .delete(`/api/product/delete-product/${created._id}`)
      .set('Authorization', admin.auth)
      .expect(200);
    expect(await Product.exists({ _id: created._id })).toBeNull();
  });
});
