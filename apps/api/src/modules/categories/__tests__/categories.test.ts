import { describe, expect, it } from 'vitest';
import {
  allCategoriesResponse,
  categoryMutationResponse,
  errorResponse,
  successMessage,
} from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { Product } from '../../products/product.model.js';
import { Category } from '../category.model.js';

const t = await setupTestApp();
const admin = await t.createAdmin();
const customer = await t.createUser();

const create = (name: unknown) =>
  t.request().post('/api/category/create-category').set('Authorization', admin.auth).send({ name });

describe('GET /api/category/all-category', () => {
  it('lists categories alphabetically without regard to case, with ids as strings', async () => {
    for (const name of ['retro', 'Anime', 'Music & Bands']) await create(name).expect(201);
    const res = await t.request().get('/api/category/all-category').expect(200);
    const body = allCategoriesResponse.parse(res.body);
    expect(body.success).toBe(true);
    expect(body.category.map((c) => c.name)).toEqual(['Anime', 'Music & Bands', 'retro']);
    expect(body.category[1]).toEqual({
      _id: expect.stringMatching(/^[a-f\d]{24}$/),
      name: 'Music & Bands',
      slug: 'music-and-bands',
    });
    // Lean JSON: no internal fields.
    expect(Object.keys(res.body.category[0]).sort()).toEqual(['_id', 'name', 'slug']);
  });

  it('revalidates with an ETag: 304 while unchanged, 200 with a new tag after a write', async () => {
    const first = await t.request().get('/api/category/all-category').expect(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    await t.request().get('/api/category/all-category').set('If-None-Match', etag).expect(304);
    await create('Sports').expect(201);
    const after = await t
      .request()
      .get('/api/category/all-category')
      .set('If-None-Match', etag)
      .expect(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body.category.map((c: { name: string }) => c.name)).toContain('Sports');
  });
});

describe('POST /api/category/create-category', () => {
  it('creates a category and answers it', async () => {
    const res = await create('  Nature  ').expect(201);
    const body = categoryMutationResponse.parse(res.body);
    expect(body).toMatchObject({
      success: true,
      message: 'Category created',
      category: { name: 'Nature', slug: 'nature' },
    });
    expect(await Category.countDocuments({ name: 'Nature' })).toBe(1);
  });

  it('refuses an empty or blank name, or a name that is not a string, with a 400', async () => {
    for (const name of ['', '   ', undefined, { $ne: null }, 42]) {
      const res = await create(name).expect(400);
      expect(errorResponse.parse(res.body).success).toBe(false);
    }
  });

  it('refuses a duplicate name in any case with a 409 naming the existing category', async () => {
    await create('Minimal').expect(201);
    for (const name of ['minimal', 'MINIMAL', ' Minimal ']) {
      const res = await create(name).expect(409);
      expect(res.body).toMatchObject({
        success: false,
        message: 'A category named Minimal already exists',
      });
    }
    expect(await Category.countDocuments({ nameKey: 'minimal' })).toBe(1);
  });

  it('gives two names with the same slug different slugs', async () => {
    const a = await create('Quotes!').expect(201);
    const b = await create('Quotes?').expect(201);
    expect(a.body.category.slug).toBe('quotes');
    expect(b.body.category.slug).toBe('quotes-2');
  });
});

describe('PUT /api/category/update-category/:id', () => {
  it('renames a category, also to a different case of its own name', async () => {
    const { body } = await create('Vintage').expect(201);
    const id = body.category._id;
    const res = await t
      .request()
      .put(`/api/category/update-category/${id}`)
      .set('Authorization', admin.auth)
      .send({ name: 'Retro & Vintage' })
      .expect(200);
    expect(categoryMutationResponse.parse(res.body)).toMatchObject({
      success: true,
      message: 'Category updated',
      category: { _id: id, name: 'Retro & Vintage', slug: 'retro-and-vintage' },
    });
    const recased = await t
      .request()
      .put(`/api/category/update-category/${id}`)
      .set('Authorization', admin.auth)
      .send({ name: 'RETRO & Vintage' })
      .expect(200);
    expect(recased.body.category).toMatchObject({
      name: 'RETRO & Vintage',
      slug: 'retro-and-vintage',
    });
  });

  it('refuses a name another category has (any case) with a 409', async () => {
    const { body } = await create('Gaming').expect(201);
    const res = await t
      .request()
      .put(`/api/category/update-category/${body.category._id}`)
      .set('Authorization', admin.auth)
      .send({ name: 'anime' })
      .expect(409);
    expect(res.body.message).toBe('A category named Anime already exists');
  });

  it('answers 404 for an unknown id, 400 for a malformed one or an empty name', async () => {
    await t
      .request()
      .put('/api/category/update-category/0123456789abcdef01234567')
      .set('Authorization', admin.auth)
      .send({ name: 'X' })
      .expect(404);
    const bad = await t
      .request()
      .put('/api/category/update-category/not-an-id')
      .set('Authorization', admin.auth)
      .send({ name: 'X' })
      .expect(400);
    expect(errorResponse.parse(bad.body).message).toMatch(/id/);
    const { body } = await create('Space').expect(201);
    await t
      .request()
      .put(`/api/category/update-category/${body.category._id}`)
      .set('Authorization', admin.auth)
      .send({ name: ' ' })
      .expect(400);
  });
});

describe('DELETE /api/category/delete-category/:id', () => {
  it('deletes an unused category', async () => {
    const { body } = await create('Temporary').expect(201);
    const res = await t
      .request()
      .delete(`/api/category/delete-category/${body.category._id}`)
      .set('Authorization', admin.auth)
      .expect(200);
    expect(successMessage.parse(res.body)).toEqual({ success: true, message: 'Category deleted' });
    expect(await Category.exists({ _id: body.category._id })).toBeNull();
  });

  it('keeps a category that products still use, saying how many (409)', async () => {
    const { body } = await create('Busy').expect(201);
    const category = body.category._id;
    const base = { description: 'd', price: 500, quantity: 1, category };
    await Product.create(
      [1, 2, 3].map((i) => ({ ...base, name: `Busy tee ${i}`, slug: `busy-tee-${i}` })),
    );
    const res = await t
      .request()
      .delete(`/api/category/delete-category/${category}`)
      .set('Authorization', admin.auth)
      .expect(409);
    expect(res.body).toMatchObject({
      success: false,
      message: 'This category still has 3 products. Move or delete them first.',
      products: 3,
    });
    await Product.deleteMany({ category });
    await Product.create({ ...base, name: 'Last', slug: 'busy-last' });
    const one = await t
      .request()
      .delete(`/api/category/delete-category/${category}`)
      .set('Authorization', admin.auth)
      .expect(409);
    expect(one.body.message).toBe('This category still has 1 product. Move or delete them first.');
    expect(await Category.exists({ _id: category })).not.toBeNull();
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    await t
      .request()
      .delete('/api/category/delete-category/0123456789abcdef01234567')
      .set('Authorization', admin.auth)
      .expect(404);
    await t
      .request()
      .delete('/api/category/delete-category/xyz')
      .set('Authorization', admin.auth)
      .expect(400);
  });
});

describe('admin calls', () => {
  const calls = [
    () => t.request().post('/api/category/create-category').send({ name: 'Nope' }),
    () =>
      t
        .request()
        .put('/api/category/update-category/0123456789abcdef01234567')
        .send({ name: 'Nope' }),
    () => t.request().delete('/api/category/delete-category/0123456789abcdef01234567'),
  ];
  it('need a token (401)', async () => {
    for (const call of calls)
      expect(errorResponse.parse((await call().expect(401)).body).success).toBe(false);
  });
  it('refuse a customer (403)', async () => {
    for (const call of calls) await call().set('Authorization', customer.auth).expect(403);
    expect(await Category.exists({ name: 'Nope' })).toBeNull();
  });
});
