/**
 * Reviews from verified buyers: reading a product's published reviews, a customer writing,
 * editing or deleting theirs, "Helpful" once per customer. Every change of what is published
 * recounts the product's summary and rating (summary.ts).
 */
import mongoose, { type Types } from 'mongoose';
import {
  MAX_REVIEW_PHOTOS,
  REVIEWS_PAGE_SIZE,
  reviewAuthorName,
  type OwnReview,
  type Review as ReviewJson,
  type ReviewSort,
  type ReviewsResponse,
  type MyReviewResponse,
  type reviewBody,
} from '@repo/shared';
import type { z } from 'zod';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  isDuplicateKey,
  notFound,
} from '../../lib/errors.js';
import type { CatalogRead } from '../../lib/cached-read.js';
import { storeUpload } from '../../lib/photo-upload.js';
import type { StoredPhoto } from '../../lib/storage/index.js';
import type { AppDeps } from '../../lib/types.js';
import { deliveredPurchase } from '../orders/index.js';
import { findProductsByIds } from '../products/index.js';
import { heldFor } from './moderation.js';
import { toOwnReviewJson, toReviewJson } from './review-json.js';
import { REVIEW_FIELDS, Review, type LeanReview } from './review.model.js';
import { reviewSettings } from './settings.js';
import { readSummary, refreshSummary } from './summary.js';

export const NOT_A_BUYER = 'Only customers who have received this product can review it';
export const NO_REVIEW = 'You have not reviewed this product';
export const ALREADY_HELPFUL = 'You have already marked this review helpful';
export const OWN_REVIEW_HELPFUL = 'You cannot mark your own review helpful';

const oid = (id: string) => new mongoose.Types.ObjectId(id);

async function assertProduct(productId: string): Promise<void> {
  if (!(await findProductsByIds([productId])).length) throw notFound('Product not found');
}

/** The product's published reviews in `sort`'s order (on the indexes review.model.ts keeps). */
const publishedReviews = (product: Types.ObjectId, sort: ReviewSort) =>
  Review.find({ product, status: 'published' }, REVIEW_FIELDS).sort(
    sort === 'helpful' ? { helpful: -1, createdAt: -1, _id: -1 } : { createdAt: -1, _id: -1 },
  );

/** The product's most helpful published reviews, at most `limit`: what its page's JSON-LD names. */
export async function topReviews(productId: string, limit: number): Promise<ReviewJson[]> {
  const rows = await publishedReviews(oid(productId), 'helpful').limit(limit).lean<LeanReview[]>();
  return rows.map((r) => toReviewJson(r));
}

/** One page of the product's published reviews, newest or most helpful first, with its summary. */
export async function listReviews(
  productId: string,
  { page, sort }: { page: number; sort: ReviewSort },
  readerId?: string,
): Promise<ReviewsResponse> {
  const product = oid(productId);
  const [, rows, summary] = await Promise.all([
    assertProduct(productId),
    publishedReviews(product, sort)
      .skip((page - 1) * REVIEWS_PAGE_SIZE)
      .limit(REVIEWS_PAGE_SIZE)
      .lean<LeanReview[]>(),
    readSummary(product),
  ]);
  const voted = readerId
    ? await votedBy(
        readerId,
        rows.map((r) => r._id),
      )
    : new Set<string>();
  return {
    success: true,
    reviews: rows.map((r) => toReviewJson(r, voted.has(String(r._id)))),
    summary,
  };
}

/**
 * The first page of a product's reviews as a signed-out reader sees them (newest first), for a
 * server-rendered product page. A catalog read: every change of a product's reviews writes its
 * rating's change number, which moves the catalog version (Helpful counts may be a change old;
 * the page asks again once taken over).
 */
export function firstReviewsRead(productId: string): CatalogRead<ReviewsResponse> {
  return {
    key: `reviews ${productId} newest 1`,
    compute: () => listReviews(productId, { page: 1, sort: 'newest' }),
  };
}

/** Which of these reviews the reader marked helpful (one query for the page). */
async function votedBy(readerId: string, ids: Types.ObjectId[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await Review.find(
    { _id: { $in: ids }, helpfulBy: oid(readerId) },
    { _id: 1 },
  ).lean();
  return new Set(rows.map((r) => String(r._id)));
}

/** The customer's own review of the product (any status) and what makes them a verified buyer. */
export async function myReview(productId: string, userId: string): Promise<MyReviewResponse> {
  const [review, purchase] = await Promise.all([
    Review.findOne(
      { product: oid(productId), user: oid(userId) },
      REVIEW_FIELDS,
    ).lean<LeanReview>(),
    deliveredPurchase(userId, productId),
  ]);
  return {
    success: true,
    review: review ? toOwnReviewJson(review) : null,
    purchase: purchase
      ? {
          orderId: purchase.orderId,
          size: purchase.size,
          deliveredAt: purchase.deliveredAt.toISOString(),
        }
      : null,
  };
}

type ReviewInput = z.output<typeof reviewBody>;

/**
 * Deletes a review photo's files unless another review still shows them (the same picture
 * uploaded again gets the same content-hashed key). Failures are logged, never thrown: the
 * change they follow has succeeded.
 */
async function releasePhotos(deps: AppDeps, photos: StoredPhoto[]): Promise<void> {
  for (const photo of photos) {
    try {
      if (await Review.exists({ 'photos.key': photo.key })) continue;
      await deps.photos.remove(photo);
    } catch (err) {
      deps.logger.warn({ err, key: photo.key }, 'could not delete review photo files');
    }
  }
}

/** The photos kept (those of `current` named in `keep`, all when left out) and the new ones' room. */
function keptPhotos(current: StoredPhoto[], keep: string[] | undefined): StoredPhoto[] {
  if (!keep) return current;
  const unknown = keep.find((url) => !current.some((p) => p.url === url));
  if (unknown) throw badRequest('A photo to keep is not one of this review’s photos');
  return current.filter((p) => keep.includes(p.url));
}

/**
 * Writes the customer's review of the product: creates it, or updates the one they have (one per
 * product and customer: a unique index decides a race). Only a customer with a delivered order
 * of the product may; the size shown is the one bought. It is published at once unless the
 * checks hold it for the admin (moderation.ts); a review the admin hid and its author then
 * edits waits for the admin again.
 */
export async function saveReview(
  deps: AppDeps,
  productId: string,
  author: { id: string; name: string },
  input: ReviewInput,
  files: Buffer[],
): Promise<{ created: boolean; review: OwnReview }> {
  const purchase = await deliveredPurchase(author.id, productId);
  if (!purchase) throw forbidden(NOT_A_BUYER);
  const product = oid(productId);
  const user = oid(author.id);
  const current = await Review.findOne({ product, user }, REVIEW_FIELDS).lean<LeanReview>();
  const kept = keptPhotos(current?.photos ?? [], input.keepPhotos);
  if (kept.length + files.length > MAX_REVIEW_PHOTOS) {
    throw badRequest(`A review can have at most ${MAX_REVIEW_PHOTOS} photos`, {
      issues: [{ path: 'photos', message: `At most ${MAX_REVIEW_PHOTOS} photos` }],
    });
  }

  const { heldWords } = await reviewSettings();
  const reasons = heldFor(input, heldWords);
  if (current?.status === 'hidden') reasons.push('edited after the shop hid it');
  const added: StoredPhoto[] = [];
  try {
    for (const data of files) {
      added.push(await storeUpload(deps, data, `review-${productId}`, 'a review photo'));
    }
  } catch (err) {
    await releasePhotos(deps, added);
    throw err;
  }
  const fields = {
    order: oid(purchase.orderId),
    size: purchase.size,
    author: reviewAuthorName(author.name),
    stars: input.stars,
    title: input.title,
    text: input.text,
    fit: input.fit,
    photos: [...kept, ...added],
    status: reasons.length ? ('held' as const) : ('published' as const),
    heldFor: reasons,
  };

  const update = () =>
    Review.findOneAndUpdate(
      { product, user },
      { $set: fields },
      { returnDocument: 'before', projection: { photos: 1 } },
    ).lean<Pick<LeanReview, 'photos'>>();
  let created = false;
  /** Creates the review, or updates it; answers the photos it had before. */
  const write = async (): Promise<StoredPhoto[]> => {
    const before = current ? await update() : null;
    if (before) return before.photos ?? [];
    try {
      await Review.create({ product, user, ...fields });
      created = true;
      return [];
    } catch (err) {
      // The same customer's second request at once: theirs is one review, this is its edit.
      if (!isDuplicateKey(err)) throw err;
      return (await update())?.photos ?? [];
    }
  };
  const replaced = await write().catch(async (err: unknown) => {
    await releasePhotos(deps, added);
    throw err;
  });
  await refreshSummary(product);
  await releasePhotos(
    deps,
    replaced.filter((p) => !fields.photos.some((kept) => kept.key === p.key)),
  );
  const saved = await Review.findOne({ product, user }, REVIEW_FIELDS).lean<LeanReview>();
  if (!saved) throw new AppError(409, 'The review was deleted meanwhile. Please write it again.');
  return { created, review: toOwnReviewJson(saved) };
}

/** Deletes the customer's review of the product, with its photos. */
export async function deleteReview(
  deps: AppDeps,
  productId: string,
  userId: string,
): Promise<void> {
  const product = oid(productId);
  const deleted = await Review.findOneAndDelete(
    { product, user: oid(userId) },
    { projection: { photos: 1 } },
  ).lean<Pick<LeanReview, 'photos'>>();
  if (!deleted) throw notFound(NO_REVIEW);
  await refreshSummary(product);
  await releasePhotos(deps, deleted.photos ?? []);
}

/**
 * Counts the reader as finding the review helpful, once: one conditional update adds them to
 * its voters and counts them, so a double tap or two devices at once count one vote.
 */
export async function markHelpful(
  productId: string,
  reviewId: string,
  readerId: string,
): Promise<number> {
  const reader = oid(readerId);
  const filter = { _id: oid(reviewId), product: oid(productId), status: 'published' as const };
  const updated = await Review.findOneAndUpdate(
    { ...filter, user: { $ne: reader }, helpfulBy: { $ne: reader } },
    { $addToSet: { helpfulBy: reader }, $inc: { helpful: 1 } },
    { returnDocument: 'after', projection: { helpful: 1 } },
  ).lean<{ helpful: number }>();
  if (updated) return updated.helpful;
  const review = await Review.findOne(filter, { user: 1 }).lean<{ user: Types.ObjectId }>();
  if (!review) throw notFound('Review not found');
  if (String(review.user) === readerId) throw badRequest(OWN_REVIEW_HELPFUL);
  throw conflict(ALREADY_HELPFUL);
}
