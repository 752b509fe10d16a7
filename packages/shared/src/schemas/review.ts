/**
 * Reviews (issue 37): what a verified buyer sends, what the product page and the admin read.
 * `GET /api/product/{id}/reviews` answers `{ success, reviews, summary }`; the summary's `count`
 * is also the number of published reviews the pages go through.
 */
import { z } from 'zod';
import {
  MAX_REVIEW_PHOTOS,
  REVIEW_FITS,
  REVIEW_REPLY_MAX,
  REVIEW_SORTS,
  REVIEW_STATUSES,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
} from '../constants/reviews.js';
import { jsonList, objectId, optionalText } from './common.js';

export const reviewFit = z.enum(REVIEW_FITS, {
  error: 'Choose how it fits: runs small, true to size or runs large',
});
export const reviewStatus = z.enum(REVIEW_STATUSES, {
  error: `Status must be one of: ${REVIEW_STATUSES.join(', ')}`,
});

/** A product's rating on every product read: the published reviews' average (one decimal) and count. */
export const rating = z
  .object({ average: z.number(), count: z.number().int() })
  .meta({ id: 'Rating' });
export type Rating = z.infer<typeof rating>;

const starCounts = z.object({
  '1': z.number().int(),
  '2': z.number().int(),
  '3': z.number().int(),
  '4': z.number().int(),
  '5': z.number().int(),
});
export const reviewSummary = z
  .object({
    average: z.number(),
    count: z.number().int(),
    /** Published reviews per star. */
    histogram: starCounts,
    /** Published reviews per fit answer. */
    fit: z.object({ small: z.number().int(), true: z.number().int(), large: z.number().int() }),
  })
  .meta({ id: 'ReviewSummary' });
export type ReviewSummary = z.infer<typeof reviewSummary>;

const reviewPhoto = z.object({
  url: z.string(),
  widths: z.array(z.object({ width: z.number(), url: z.string() })),
});

/** A review as the product page shows it. */
export const review = z
  .object({
    _id: objectId,
    product: objectId,
    stars: z.number().int().min(1).max(5),
    title: z.string(),
    text: z.string(),
    fit: reviewFit,
    /** The size the buyer bought (from their order). */
    size: z.string(),
    photos: z.array(reviewPhoto),
    /** The buyer's first name and last initial. */
    author: z.string(),
    /** How many customers found it helpful. */
    helpful: z.number().int(),
    /** Whether the signed-in reader already marked it helpful (false when signed out). */
    votedHelpful: z.boolean(),
    /** The shop's public reply. */
    reply: z.object({ text: z.string(), at: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof review>;

/** A review as its author and the admin see it: with its status and why it was held. */
export const ownReview = review
  .extend({
    status: reviewStatus,
    /** Why it waits for the admin: "a link", "very short text", "the word …". */
    heldFor: z.array(z.string()),
  })
  .meta({ id: 'OwnReview' });
export type OwnReview = z.infer<typeof ownReview>;

export const adminReview = ownReview
  .extend({
    productName: z.string(),
    productSlug: z.string(),
    userEmail: z.string(),
  })
  .meta({ id: 'AdminReview' });
export type AdminReview = z.infer<typeof adminReview>;

export const reviewsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  sort: z.enum(REVIEW_SORTS, { error: 'Sort by newest or helpful' }).default('newest'),
});
export const reviewParams = z.object({ id: objectId, reviewId: objectId });

export const reviewsResponse = z.object({
  success: z.boolean(),
  reviews: z.array(review),
  summary: reviewSummary,
});
export type ReviewsResponse = z.infer<typeof reviewsResponse>;

/**
 * The photos to keep, as their URLs: JSON text (multipart) or a list. Left out, every photo
 * the review has stays.
 */
const keepPhotosField = jsonList('keepPhotos must be a JSON list of photo URLs').pipe(
  z.array(z.string().max(2000)).max(MAX_REVIEW_PHOTOS),
);

/** `POST /api/product/{id}/reviews` (JSON, or multipart with up to three `photos` files). */
export const reviewBody = z.object({
  stars: z.coerce
    .number({ error: 'Choose from 1 to 5 stars' })
    .int('Choose from 1 to 5 stars')
    .min(1, 'Choose from 1 to 5 stars')
    .max(5, 'Choose from 1 to 5 stars'),
  title: optionalText('The title', REVIEW_TITLE_MAX),
  text: optionalText('The review', REVIEW_TEXT_MAX),
  fit: reviewFit,
  keepPhotos: keepPhotosField.optional(),
});
export type ReviewBody = z.input<typeof reviewBody>;

/** What a buyer may review: the size (and order) of their latest delivered purchase. */
export const reviewPurchase = z.object({
  orderId: objectId,
  size: z.string(),
  deliveredAt: z.string(),
});
export const myReviewResponse = z.object({
  success: z.boolean(),
  review: ownReview.nullable(),
  /** null: no delivered order of this product, so no review can be written. */
  purchase: reviewPurchase.nullable(),
});
export type MyReviewResponse = z.infer<typeof myReviewResponse>;

export const reviewMutationResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  review: ownReview,
});
export type ReviewMutationResponse = z.infer<typeof reviewMutationResponse>;

export const helpfulResponse = z.object({ success: z.boolean(), helpful: z.number().int() });
export type HelpfulResponse = z.infer<typeof helpfulResponse>;

export const adminReviewsQuery = z.object({
  status: reviewStatus.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminReviewsResponse = z.object({
  success: z.boolean(),
  reviews: z.array(adminReview),
  total: z.number().int(),
});
export type AdminReviewsResponse = z.infer<typeof adminReviewsResponse>;

export const adminReviewIdParams = z.object({ reviewId: objectId });
export const reviewStatusBody = z.object({
  status: z.enum(['published', 'hidden'], { error: 'Publish or hide the review' }),
});
/** The shop's public reply; empty removes it. */
export const reviewReplyBody = z.object({ text: optionalText('The reply', REVIEW_REPLY_MAX) });
export const adminReviewResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  review: adminReview,
});
export type AdminReviewResponse = z.infer<typeof adminReviewResponse>;
