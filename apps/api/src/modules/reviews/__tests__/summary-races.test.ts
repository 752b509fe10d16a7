/**
 * The summary under races: many buyers reviewing, editing and deleting at once, and the admin
 * hiding at the same time, leave the summary and the product's rating equal to a fresh count of
 * the published reviews.
 */
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { emptyFit, emptyHistogram, ratingOf } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { Review } from '../review.model.js';
import { countPublished, nextSeq, writeSummary } from '../summary.js';
import { makeProducts, orderOf } from './helpers.js';

const t = await setupTestApp();
const admin = await t.createAdmin();

/** What the summary must say: the published reviews counted straight from the database. */
async function expected(productId: string) {
  const rows = await Review.find(
    { product: new mongoose.Types.ObjectId(productId), status: 'published' },
    { stars: 1, fit: 1 },
  ).lean();
  const histogram = emptyHistogram();
  const fit = emptyFit();
  for (const r of rows) {
    histogram[String(r.stars) as keyof typeof histogram] += 1;
    fit[r.fit as keyof typeof fit] += 1;
  }
  return { ...ratingOf(histogram), histogram, fit };
}

describe('the summary under concurrent reviews, edits, deletions and hiding', () => {
  it('always ends equal to a fresh count', async () => {
    const [tee] = await makeProducts('Race Tee');
    const buyers = await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        const user = await t.createUser({ name: `Racer ${i}` });
        await orderOf(user.id, [tee!]);
        return user;
      }),
    );
    const post = (auth: string, stars: number, fit: string) =>
      t
        .request()
        .post(`/api/product/${tee!.id}/reviews`)
        .set('Authorization', auth)
        .send({ stars, fit, text: 'A fair tee for the price, soft enough.' });

    // Round 1: everyone reviews at once.
    const first = await Promise.all(
      buyers.map((b, i) => post(b.auth, (i % 5) + 1, ['small', 'true', 'large'][i % 3]!)),
    );
    expect(first.every((r) => r.status === 201)).toBe(true);

    // Round 2: a third edit, a third delete, the admin hides two, all at once.
    await Promise.all([
      ...buyers.slice(0, 5).map((b) => post(b.auth, 5, 'true').expect(200)),
      ...buyers
        .slice(5, 10)
        .map((b) =>
          t
            .request()
            .delete(`/api/product/${tee!.id}/reviews`)
            .set('Authorization', b.auth)
            .expect(200),
        ),
      ...first
        .slice(12, 14)
        .map((r) =>
          t
            .request()
            .put(`/api/admin/reviews/${r.body.review._id}/status`)
            .set('Authorization', admin.auth)
            .send({ status: 'hidden' })
            .expect(200),
        ),
    ]);

    const want = await expected(tee!.id);
    expect(want.count).toBe(16 - 5 - 2);
    const { summary } = (await t.request().get(`/api/product/${tee!.id}/reviews`).expect(200)).body;
    expect(summary).toEqual(want);
    const read = await t.request().get(`/api/product/get-product/${tee!.slug}`).expect(200);
    expect(read.body.Aproduct.rating).toEqual({ average: want.average, count: want.count });
  });
});

describe('a recount that finishes after a later one', () => {
  it('never overwrites the later, fuller figures (summary and rating)', async () => {
    const [tee] = await makeProducts('Late Tee');
    const product = new mongoose.Types.ObjectId(tee!.id);
    const [early, late] = await Promise.all(
      ['Early', 'Late'].map(async (name) => {
        const user = await t.createUser({ name });
        await orderOf(user.id, [tee!]);
        return user;
      }),
    );
    const review = (auth: string, stars: number) =>
      t
        .request()
        .post(`/api/product/${tee!.id}/reviews`)
        .set('Authorization', auth)
        .send({ stars, fit: 'true' })
        .expect(201);
    await review(early!.auth, 5);
    // A slow recount takes its number and counts one review…
    const slowSeq = await nextSeq(product);
    const slowCounts = await countPublished(product);
    // …meanwhile a second review is written and recounted in full…
    await review(late!.auth, 1);
    // …and only then does the slow one write.
    await writeSummary(product, slowSeq, slowCounts);

    const { summary } = (await t.request().get(`/api/product/${tee!.id}/reviews`).expect(200)).body;
    expect(summary).toMatchObject({ average: 3, count: 2 });
    const read = await t.request().get(`/api/product/get-product/${tee!.slug}`).expect(200);
    expect(read.body.Aproduct.rating).toEqual({ average: 3, count: 2 });
  });
});
