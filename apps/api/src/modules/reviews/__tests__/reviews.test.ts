/**
 * /api/product/{id}/reviews and /api/admin/reviews: only verified buyers review, once per
 * product (edits update it), the checks hold reviews for the admin, the summary's arithmetic,
 * "Helpful" once per customer, photos with the product photos' checks, and product reads'
 * rating following every change.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/harness.js';
import { makeImage } from '../../products/__tests__/fixtures.js';
import { ALREADY_HELPFUL, NOT_A_BUYER, OWN_REVIEW_HELPFUL } from '../reviews.service.js';
import { makeProducts, orderOf } from './helpers.js';

const t = await setupTestApp();
const admin = await t.createAdmin();
const [tee, other] = await makeProducts('Sakura Drift Tee', 'Monsoon Tee');

async function buyer(name: string, size = 'M', product = tee!) {
  const user = await t.createUser({ name });
  await orderOf(user.id, [product], { size });
  return user;
}

const post = (product: string, auth: string, body: Record<string, unknown>) =>
  t.request().post(`/api/product/${product}/reviews`).set('Authorization', auth).send(body);
const list = (product: string, query = '') =>
  t.request().get(`/api/product/${product}/reviews${query}`);
const productRead = async (slug: string) =>
  (await t.request().get(`/api/product/get-product/${slug}`).expect(200)).body.Aproduct;

const good = {
  stars: 5,
  title: 'Lovely',
  text: 'Soft cotton, the print stays sharp.',
  fit: 'true',
};

describe('who may review', () => {
  it('refuses a signed-out reader, and a customer without a delivered order of the product', async () => {
    await post(tee!.id, '', good).expect(401);
    const stranger = await t.createUser();
    const res = await post(tee!.id, stranger.auth, good).expect(403);
    expect(res.body).toMatchObject({ success: false, message: NOT_A_BUYER });
    // Bought it, but it has not arrived yet; or received only another product.
    const waiting = await t.createUser();
    await orderOf(waiting.id, [tee!], { status: 'shipped' });
    await orderOf(waiting.id, [other!]);
    await post(tee!.id, waiting.auth, good).expect(403);
    expect((await list(tee!.id).expect(200)).body.reviews).toEqual([]);
  });

  it('lets a buyer with a delivered order review it, showing the size they bought', async () => {
    const asha = await buyer('Asha Kumar', 'L', other!);
    const res = await post(other!.id, asha.auth, good).expect(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Thank you! Your review is published.',
      review: { stars: 5, fit: 'true', size: 'L', author: 'Asha K.', status: 'published' },
    });
    const mine = await t
      .request()
      .get(`/api/product/${other!.id}/reviews/mine`)
      .set('Authorization', asha.auth)
      .expect(200);
    expect(mine.body.review._id).toBe(res.body.review._id);
    expect(mine.body.purchase).toMatchObject({ size: 'L' });
  });

  it('answers 404 for a product that does not exist and 400 for bad input beside its field', async () => {
    await list('65f1c0ffee00000000000000').expect(404);
    const ravi = await buyer('Ravi');
    const res = await post(tee!.id, ravi.auth, { ...good, stars: 6, fit: 'huge' }).expect(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['fit', 'stars']);
    await post(tee!.id, ravi.auth, { ...good, stars: { $gt: 0 } }).expect(400);
    expect((await list(tee!.id).expect(200)).body.summary.count).toBe(0);
  });
});

describe('one review per product and customer', () => {
  it('updates the review on a second post and deletes it on request', async () => {
    const [p] = await makeProducts('Edit Tee');
    const meera = await buyer('Meera', 'S', p);
    const first = await post(p!.id, meera.auth, good).expect(201);
    const second = await post(p!.id, meera.auth, { ...good, stars: 3, fit: 'small' }).expect(200);
    expect(second.body.review._id).toBe(first.body.review._id);
    let page = (await list(p!.id).expect(200)).body;
    expect(page.reviews).toHaveLength(1);
    expect(page.summary).toMatchObject({ average: 3, count: 1, fit: { small: 1, true: 0 } });

    await t
      .request()
      .delete(`/api/product/${p!.id}/reviews`)
      .set('Authorization', meera.auth)
      .expect(200);
    page = (await list(p!.id).expect(200)).body;
    expect(page.reviews).toEqual([]);
    expect(page.summary.count).toBe(0);
    expect((await productRead(p!.slug)).rating).toEqual({ average: 0, count: 0 });
    await t
      .request()
      .delete(`/api/product/${p!.id}/reviews`)
      .set('Authorization', meera.auth)
      .expect(404);
  });

  it('keeps one review when the same customer posts twice at once', async () => {
    const [p] = await makeProducts('Double Tee');
    const dev = await buyer('Dev', 'M', p);
    const answers = await Promise.all([
      post(p!.id, dev.auth, { ...good, stars: 4 }),
      post(p!.id, dev.auth, { ...good, stars: 2 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    const page = (await list(p!.id).expect(200)).body;
    expect(page.reviews).toHaveLength(1);
    expect(page.summary.count).toBe(1);
    expect(page.summary.average).toBe(page.reviews[0].stars);
  });
});

describe('moderation', () => {
  it('holds a review with a link or very short text: not shown, not counted, until the admin publishes it', async () => {
    const [p] = await makeProducts('Held Tee');
    const spammer = await buyer('Spam', 'M', p);
    const res = await post(p!.id, spammer.auth, {
      ...good,
      text: 'Cheaper at https://example.com',
    }).expect(201);
    expect(res.body.message).toBe('Thank you! Your review will appear once the shop has read it.');
    expect(res.body.review).toMatchObject({ status: 'held', heldFor: ['a link'] });
    const shy = await buyer('Shy', 'M', p);
    const short = await post(p!.id, shy.auth, { ...good, text: 'ok' }).expect(201);
    expect(short.body.review.heldFor).toEqual(['very short text']);

    let page = (await list(p!.id).expect(200)).body;
    expect(page.reviews).toEqual([]);
    expect(page.summary.count).toBe(0);

    const held = await t
      .request()
      .get('/api/admin/reviews?status=held')
      .set('Authorization', admin.auth)
      .expect(200);
    const mine = held.body.reviews.filter(
      (r: { productName: string }) => r.productName === 'Held Tee',
    );
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ productSlug: p!.slug, userEmail: shy.user.email });

    await t
      .request()
      .put(`/api/admin/reviews/${short.body.review._id}/status`)
      .set('Authorization', admin.auth)
      .send({ status: 'published' })
      .expect(200);
    page = (await list(p!.id).expect(200)).body;
    expect(page.reviews.map((r: { _id: string }) => r._id)).toEqual([short.body.review._id]);
    expect(page.summary.count).toBe(1);
    expect((await productRead(p!.slug)).rating).toEqual({ average: 5, count: 1 });
  });

  it('holds words the admin lists in the settings, whole words in any case', async () => {
    const [p] = await makeProducts('Worded Tee');
    await t
      .request()
      .put('/api/admin/settings/reviews')
      .set('Authorization', admin.auth)
      .send({ heldWords: ['scam', 'knock-off'] })
      .expect(200);
    const a = await buyer('Word One', 'M', p);
    const b = await buyer('Word Two', 'M', p);
    const held = await post(p!.id, a.auth, {
      ...good,
      text: 'Looks like a Knock-Off of a brand tee.',
    }).expect(201);
    expect(held.body.review).toMatchObject({ status: 'held', heldFor: ['the word "knock-off"'] });
    const fine = await post(p!.id, b.auth, { ...good, text: 'Scampi pink, lovely colour indeed.' });
    expect(fine.body.review.status).toBe('published');
    await t
      .request()
      .put('/api/admin/settings/reviews')
      .set('Authorization', admin.auth)
      .send({ heldWords: [] })
      .expect(200);
  });

  it('lets only admins moderate; hiding takes a review out of the page and the rating, a reply shows under it', async () => {
    const [p] = await makeProducts('Hidden Tee');
    const a = await buyer('Anu', 'M', p);
    const b = await buyer('Bala', 'M', p);
    const keep = await post(p!.id, a.auth, { ...good, stars: 4 }).expect(201);
    const hide = await post(p!.id, b.auth, { ...good, stars: 1 }).expect(201);
    expect((await productRead(p!.slug)).rating).toEqual({ average: 2.5, count: 2 });

    await t
      .request()
      .put(`/api/admin/reviews/${hide.body.review._id}/status`)
      .set('Authorization', a.auth)
      .send({ status: 'hidden' })
      .expect(403);
    const hidden = await t
      .request()
      .put(`/api/admin/reviews/${hide.body.review._id}/status`)
      .set('Authorization', admin.auth)
      .send({ status: 'hidden' })
      .expect(200);
    expect(hidden.body).toMatchObject({
      message: 'The review is hidden',
      review: { status: 'hidden' },
    });
    expect((await productRead(p!.slug)).rating).toEqual({ average: 4, count: 1 });

    await t
      .request()
      .put(`/api/admin/reviews/${keep.body.review._id}/reply`)
      .set('Authorization', admin.auth)
      .send({ text: 'Thank you, Anu!' })
      .expect(200);
    const page = (await list(p!.id).expect(200)).body;
    expect(page.reviews).toHaveLength(1);
    expect(page.reviews[0].reply).toMatchObject({ text: 'Thank you, Anu!' });

    // The hidden review's author edits it: it waits for the admin again, still not shown.
    const edited = await post(p!.id, b.auth, { ...good, stars: 2 }).expect(200);
    expect(edited.body.review).toMatchObject({
      status: 'held',
      heldFor: ['edited after the shop hid it'],
    });
    expect((await list(p!.id).expect(200)).body.summary.count).toBe(1);
  });
});

describe('the summary', () => {
  it('counts stars and fit of published reviews, averages to one decimal, and product reads carry the rating', async () => {
    const [p] = await makeProducts('Summary Tee');
    const cached = await productRead(p!.slug);
    expect(cached.rating).toEqual({ average: 0, count: 0 });
    const votes: Array<[number, string]> = [
      [5, 'true'],
      [4, 'true'],
      [4, 'small'],
      [2, 'large'],
      [5, 'true'],
      [1, 'small'],
    ];
    for (const [i, [stars, fit]] of votes.entries()) {
      const u = await buyer(`Buyer ${i}`, 'M', p);
      await post(p!.id, u.auth, { ...good, stars, fit }).expect(201);
    }
    const { summary } = (await list(p!.id).expect(200)).body;
    // (5 + 4 + 4 + 2 + 5 + 1) / 6 = 3.5
    expect(summary).toEqual({
      average: 3.5,
      count: 6,
      histogram: { '1': 1, '2': 1, '3': 0, '4': 2, '5': 2 },
      fit: { small: 2, true: 3, large: 1 },
    });
    // The cached product read shows the change at once (the catalog version moved on).
    expect((await productRead(p!.slug)).rating).toEqual({ average: 3.5, count: 6 });
    const listed = await t.request().get('/api/product/productList/1').expect(200);
    expect(listed.body.prod.find((x: { _id: string }) => x._id === p!.id).rating).toEqual({
      average: 3.5,
      count: 6,
    });
  });

  it('pages newest first or most helpful first, 10 a page', async () => {
    const [p] = await makeProducts('Paged Tee');
    const ids: string[] = [];
    const readers = [];
    for (let i = 0; i < 12; i += 1) {
      const u = await buyer(`Pager ${i}`, 'M', p);
      readers.push(u);
      ids.push((await post(p!.id, u.auth, good).expect(201)).body.review._id);
    }
    const first = (await list(p!.id, '?page=1').expect(200)).body;
    const second = (await list(p!.id, '?page=2&sort=newest').expect(200)).body;
    expect(first.reviews.map((r: { _id: string }) => r._id)).toEqual(ids.slice(2).reverse());
    expect(second.reviews.map((r: { _id: string }) => r._id)).toEqual(ids.slice(0, 2).reverse());

    // The oldest review found helpful by two readers, the second oldest by one.
    for (const [reader, review] of [
      [readers[5]!, ids[0]!],
      [readers[6]!, ids[0]!],
      [readers[7]!, ids[1]!],
    ] as const) {
      await t
        .request()
        .post(`/api/product/${p!.id}/reviews/${review}/helpful`)
        .set('Authorization', reader.auth)
        .expect(200);
    }
    const helpful = (await list(p!.id, '?sort=helpful').expect(200)).body.reviews;
    expect(helpful.slice(0, 3).map((r: { _id: string }) => r._id)).toEqual([
      ids[0],
      ids[1],
      ids[11],
    ]);
    expect(helpful[0].helpful).toBe(2);
    await list(p!.id, '?sort=best').expect(400);
  });
});

describe('Helpful', () => {
  it('counts each customer once, even tapping many times at once; never the author', async () => {
    const [p] = await makeProducts('Helpful Tee');
    const author = await buyer('Author', 'M', p);
    const review = (await post(p!.id, author.auth, good).expect(201)).body.review;
    const reader = await t.createUser();
    const url = `/api/product/${p!.id}/reviews/${review._id}/helpful`;

    const taps = await Promise.all(
      Array.from({ length: 5 }, () => t.request().post(url).set('Authorization', reader.auth)),
    );
    expect(taps.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(taps.find((r) => r.status === 409)!.body.message).toBe(ALREADY_HELPFUL);
    const own = await t.request().post(url).set('Authorization', author.auth).expect(400);
    expect(own.body.message).toBe(OWN_REVIEW_HELPFUL);
    await t.request().post(url).expect(401);

    const asReader = await t
      .request()
      .get(`/api/product/${p!.id}/reviews`)
      .set('Authorization', reader.auth)
      .expect(200);
    expect(asReader.body.reviews[0]).toMatchObject({ helpful: 1, votedHelpful: true });
    expect((await list(p!.id).expect(200)).body.reviews[0].votedHelpful).toBe(false);
  });
});

describe('photos', () => {
  it('takes up to three photos with the product photos’ checks, keeps them on edits as asked', async () => {
    const [p] = await makeProducts('Photo Tee');
    const u = await buyer('Photographer', 'M', p);
    const jpeg = await makeImage('jpeg', { width: 800, height: 1000 });
    const form = () =>
      t
        .request()
        .post(`/api/product/${p!.id}/reviews`)
        .set('Authorization', u.auth)
        .field('stars', '4')
        .field('fit', 'large')
        .field('text', 'Roomy fit, I would size down next time.');

    const four = await form()
      .attach('photos', jpeg, 'a.jpg')
      .attach('photos', jpeg, 'b.jpg')
      .attach('photos', jpeg, 'c.jpg')
      .attach('photos', jpeg, 'd.jpg')
      .expect(400);
    expect(four.body.message).toBe('Send at most 3 photos, in the "photos" field');
    await form().attach('photos', Buffer.from('not an image at all'), 'x.png').expect(415);

    const two = await form()
      .attach('photos', jpeg, 'a.jpg')
      .attach('photos', await makeImage('png', { width: 600, height: 600 }), 'b.png')
      .expect(201);
    expect(two.body.review.photos).toHaveLength(2);
    expect(two.body.review.photos[0].url).toMatch(/\.webp$/);
    expect(two.body.review.stars).toBe(4);

    const keepOne = await form()
      .field('keepPhotos', JSON.stringify([two.body.review.photos[1].url]))
      .attach(
        'photos',
        await makeImage('webp', { width: 500, height: 500, color: '#123456' }),
        'c.webp',
      )
      .expect(200);
    expect(keepOne.body.review.photos.map((x: { url: string }) => x.url)).toEqual([
      two.body.review.photos[1].url,
      expect.stringMatching(/\.webp$/),
    ]);
    const tooMany = await form()
      .attach('photos', jpeg, 'a.jpg')
      .attach('photos', jpeg, 'b.jpg')
      .expect(400);
    expect(tooMany.body.message).toBe('A review can have at most 3 photos');
  });
});
