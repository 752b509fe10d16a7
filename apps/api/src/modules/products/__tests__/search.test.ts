/**
 * Search as a shopper types it: every word in any order across name, description and
 * category; hyphens and spaces alike; plurals; best matches first; categories suggested when
 * nothing matches; and the stored terms kept right through writes.
 */
import { describe, expect, it } from 'vitest';
import { searchResponse } from '@repo/shared';
import { makeImage } from './fixtures.js';
import { setupTestApp } from '../../../test/harness.js';
import { Category } from '../../categories/category.model.js';
import { Product } from '../product.model.js';
import { refreshSearchTerms } from '../product-search.js';
import { insertProducts, makeCategory } from './fixtures.js';

const t = await setupTestApp();
const anime = await makeCategory('Anime');
const music = await makeCategory('Music');
const popCulture = await makeCategory('Pop Culture');
await makeCategory('Empty Shelf');

const [sakura, tieDye, skulls, descriptionOnly, rock] = await insertProducts([
  { name: 'Sakura Blossom Tee', price: 499, category: anime, description: 'Pink petals.' },
  { name: 'Tie-Dye Swirl T-Shirt', price: 599, category: music, description: 'Hand dyed.' },
  { name: 'Three Skulls Tee', price: 699, category: popCulture, description: 'Bone white.' },
  {
    name: 'Quiet Morning Tee',
    price: 799,
    category: music,
    description: 'A sakura branch over a river, in anime style.',
  },
  { name: 'Rock Anthem Tee', price: 899, category: music, description: 'Loud.' },
]);

const search = (keyword: string) =>
  t
    .request()
    .get(`/api/product/search/${encodeURIComponent(keyword)}`)
    .expect(200);
const found = async (keyword: string) =>
  searchResponse.parse((await search(keyword)).body).data.map((p) => p.name);

describe('search', () => {
  it('matches every word, in any order, across name, description and category name', async () => {
    expect(await found('sakura tee')).toEqual([sakura!.name, descriptionOnly!.name]);
    expect(await found('anime sakura')).toEqual([sakura!.name, descriptionOnly!.name]);
    // "anime" is Sakura's category and Quiet Morning's description; "rock" neither has.
    expect(await found('anime rock')).toEqual([]);
    expect(await found('music rock')).toEqual([rock!.name]);
    expect(await found('pop culture skull')).toEqual([skulls!.name]);
  });

  it('ranks products whose name or category holds every word before description-only matches', async () => {
    // Sakura is older than Quiet Morning, yet its name holds the word.
    expect(await found('sakura')).toEqual([sakura!.name, descriptionOnly!.name]);
    expect(await found('anime')).toEqual([sakura!.name, descriptionOnly!.name]);
  });

  it('treats hyphens and spaces alike, and a plural as its singular', async () => {
    for (const keyword of ['tie-dye', 'tie dye', 'Tiedye', 'dye tie', 'TIE-DYE tees'])
      expect(await found(keyword), keyword).toEqual([tieDye!.name]);
    expect(await found('skull')).toEqual([skulls!.name]);
    expect(await found('skulls')).toEqual([skulls!.name]);
  });

  it('suggests categories that hold products when nothing matches, the closest first', async () => {
    const body = searchResponse.parse((await search('anmie hoodie')).body);
    expect(body.data).toEqual([]);
    const names = body.suggestions!.map((c) => c.name);
    expect(names[0]).toBe('Anime');
    expect(names).toEqual(expect.arrayContaining(['Anime', 'Music', 'Pop Culture']));
    expect(names).not.toContain('Empty Shelf');
    // A match needs no suggestions: the original answer alone.
    expect(Object.keys((await search('sakura')).body)).toEqual(['data']);
  });

  it('answers "Sakura Tee", "sakura" and "SAKURA" from one cached answer', async () => {
    const first = await search('Sakura Tee');
    const again = await search('sakura');
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('finds a category by its new name at once after a rename, without rewriting its products', async () => {
    const admin = await t.createAdmin();
    await t
      .request()
      .put(`/api/category/update-category/${popCulture}`)
      .set('Authorization', admin.auth)
      .send({ name: 'Retro Classics' })
      .expect(200);
    expect(await found('retro skull')).toEqual([skulls!.name]);
    expect(await found('pop skull')).toEqual([]);
    await Category.updateOne({ _id: popCulture }, { $set: { name: 'Pop Culture' } });
  });

  it('keeps a product’s terms with its name, description and category when an admin edits it', async () => {
    const admin = await t.createAdmin();
    const photo = await makeImage('jpeg', { width: 200, height: 200 });
    const created = await t
      .request()
      .post('/api/product/create-product')
      .set('Authorization', admin.auth)
      .field('name', 'Neon Koi Tee')
      .field('description', 'Glowing fish.')
      .field('price', '650')
      .field('quantity', '5')
      .field('category', anime)
      .attach('photo', photo, { filename: 'koi.jpg', contentType: 'image/jpeg' })
      .expect(201);
    expect(await found('koi')).toEqual(['Neon Koi Tee']);
    await t
      .request()
      .put(`/api/product/update-product/${created.body.product._id}`)
      .set('Authorization', admin.auth)
      .field('name', 'Neon Carp Tee')
      .field('description', 'Glowing fish.')
      .field('price', '650')
      .field('quantity', '5')
      .field('category', music)
      .expect(200);
    expect(await found('koi')).toEqual([]);
    expect(await found('carp music')).toEqual(['Neon Carp Tee']);
    expect(await found('carp anime')).toEqual([]);
  });

  it('gives products written without terms (older data, or behind the API’s back) theirs at start-up', async () => {
    await Product.updateOne(
      { _id: rock!.id },
      { $unset: { searchTerms: 1, titleTerms: 1, searchTermsVersion: 1 } },
    );
    expect(await found('anthem')).toEqual([]);
    expect(await refreshSearchTerms()).toBe(1);
    expect(await found('anthem')).toEqual([rock!.name]);
    expect(await refreshSearchTerms()).toBe(0);
  });
});
