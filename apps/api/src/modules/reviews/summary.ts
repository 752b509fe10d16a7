/**
 * A product's review summary (stars per count, fit answers) and its rating on the product,
 * kept right under concurrent reviews, edits, deletions and admin changes without transactions.
 *
 * After every change of a product's reviews, refreshSummary() takes a number for the change
 * (`seq`, one $inc), then counts the published reviews afresh (one aggregation) and writes the
 * figures only if no later change has written its own (`computed < seq`, one conditional
 * update); the product's rating is written the same way (products' setProductRating). The
 * count for change n starts after change n and every earlier one were written, so the highest
 * number's figures, the ones kept, include every change. Counting afresh rather than adding
 * and subtracting means a lost or repeated step can never leave the figures wrong for good:
 * the next change of the product's reviews recounts them.
 */
import type { Types } from 'mongoose';
import {
  emptyFit,
  emptyHistogram,
  ratingOf,
  type FitCounts,
  type ReviewFit,
  type ReviewSummary as Summary,
  type StarHistogram,
} from '@repo/shared';
import { isDuplicateKey } from '../../lib/errors.js';
import { setProductRating } from '../products/index.js';
import { Review, ReviewSummary } from './review.model.js';

/** The next change number of the product's reviews (created on the first review). */
export async function nextSeq(product: Types.ObjectId): Promise<number> {
  const bump = () =>
    ReviewSummary.findOneAndUpdate(
      { _id: product },
      { $inc: { seq: 1 } },
      { upsert: true, returnDocument: 'after', projection: { seq: 1 } },
    ).lean();
  // Two first reviews at once both insert: the loser finds the winner's document.
  const summary = await bump().catch((err: unknown) => {
    if (isDuplicateKey(err)) return bump();
    throw err;
  });
  return summary!.seq;
}

/** Published reviews per star and per fit answer, counted now. */
export async function countPublished(
  product: Types.ObjectId,
): Promise<{ histogram: StarHistogram; fit: FitCounts }> {
  const groups = await Review.aggregate<{ _id: { stars: number; fit: ReviewFit }; n: number }>([
    { $match: { product, status: 'published' } },
    { $group: { _id: { stars: '$stars', fit: '$fit' }, n: { $sum: 1 } } },
  ]);
  const histogram = emptyHistogram();
  const fit = emptyFit();
  for (const { _id, n } of groups) {
    histogram[String(_id.stars) as keyof StarHistogram] += n;
    fit[_id.fit] += n;
  }
  return { histogram, fit };
}

/** Recounts the product's summary and rating after a change of its reviews (see above). */
export async function refreshSummary(product: Types.ObjectId): Promise<void> {
  const seq = await nextSeq(product);
  await writeSummary(product, seq, await countPublished(product));
}

/** Writes the counts made for change `seq`, unless a later change's are written already. */
export async function writeSummary(
  product: Types.ObjectId,
  seq: number,
  { histogram, fit }: { histogram: StarHistogram; fit: FitCounts },
): Promise<void> {
  await ReviewSummary.updateOne(
    { _id: product, computed: { $lt: seq } },
    { $set: { computed: seq, histogram, fit } },
  );
  await setProductRating(String(product), ratingOf(histogram), seq);
}

/** The product's summary as the reviews answer shows it (all zero before any review). */
export async function readSummary(product: Types.ObjectId): Promise<Summary> {
  const doc = await ReviewSummary.findById(product, { histogram: 1, fit: 1 }).lean<{
    histogram?: Partial<StarHistogram>;
    fit?: Partial<FitCounts>;
  }>();
  const histogram = { ...emptyHistogram(), ...doc?.histogram };
  const fit = { ...emptyFit(), ...doc?.fit };
  return { ...ratingOf(histogram), histogram, fit };
}
