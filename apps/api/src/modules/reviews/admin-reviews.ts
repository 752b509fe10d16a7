/** The admin's Reviews page: every review (or those of one status), publish, hide, reply publicly. */
import mongoose from 'mongoose';
import {
  REVIEWS_PAGE_SIZE,
  type AdminReview,
  type AdminReviewsResponse,
  type ReviewStatus,
} from '@repo/shared';
import { notFound } from '../../lib/errors.js';
import { findProductsByIds } from '../products/index.js';
import { userContacts } from '../users/index.js';
import { REVIEW_FIELDS, Review, type LeanReview } from './review.model.js';
import { toOwnReviewJson } from './review-json.js';
import { refreshSummary } from './summary.js';

/** The reviews with their products' names and their authors' emails (two queries for a page). */
async function toAdminReviews(rows: LeanReview[]): Promise<AdminReview[]> {
  const [products, users] = await Promise.all([
    findProductsByIds([...new Set(rows.map((r) => String(r.product)))]),
    userContacts([...new Set(rows.map((r) => String(r.user)))]),
  ]);
  const byId = new Map(products.map((p) => [p._id, p]));
  return rows.map((r) => {
    const product = byId.get(String(r.product));
    return {
      ...toOwnReviewJson(r),
      productName: product?.name ?? 'A deleted product',
      productSlug: product?.slug ?? '',
      userEmail: users.get(String(r.user))?.email ?? '',
    };
  });
}

/** One page of reviews, newest first: all, or those of one status (held: waiting for the admin). */
export async function listAdminReviews(
  status: ReviewStatus | undefined,
  page: number,
): Promise<AdminReviewsResponse> {
  const filter = status ? { status } : {};
  const [rows, total] = await Promise.all([
    Review.find(filter, REVIEW_FIELDS)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * REVIEWS_PAGE_SIZE)
      .limit(REVIEWS_PAGE_SIZE)
      .lean<LeanReview[]>(),
    Review.countDocuments(filter),
  ]);
  return { success: true, reviews: await toAdminReviews(rows), total };
}

async function adminReview(id: mongoose.Types.ObjectId): Promise<AdminReview> {
  const row = await Review.findById(id, REVIEW_FIELDS).lean<LeanReview>();
  if (!row) throw notFound('Review not found');
  return (await toAdminReviews([row]))[0]!;
}

/** Publishes or hides a review; the product's summary and rating follow. */
export async function setReviewStatus(
  reviewId: string,
  status: 'published' | 'hidden',
): Promise<AdminReview> {
  const id = new mongoose.Types.ObjectId(reviewId);
  const before = await Review.findByIdAndUpdate(
    id,
    { $set: { status, ...(status === 'published' ? { heldFor: [] } : {}) } },
    { returnDocument: 'before', projection: { product: 1 } },
  ).lean<Pick<LeanReview, 'product'>>();
  if (!before) throw notFound('Review not found');
  await refreshSummary(before.product);
  return adminReview(id);
}

/** The shop's public reply under a review; an empty text removes it. */
export async function replyToReview(
  reviewId: string,
  text: string,
  now = new Date(),
): Promise<AdminReview> {
  const id = new mongoose.Types.ObjectId(reviewId);
  const updated = await Review.updateOne(
    { _id: id },
    { $set: { reply: text ? { text, at: now } : null } },
    { timestamps: false },
  );
  if (updated.matchedCount === 0) throw notFound('Review not found');
  return adminReview(id);
}
