/** The shapes a review leaves the API in. */
import type { OwnReview, Review as ReviewJson } from '@repo/shared';
import type { LeanReview } from './review.model.js';

/** A review as the product page shows it; `voted`: the reader marked it helpful. */
export function toReviewJson(r: LeanReview, voted = false): ReviewJson {
  return {
    _id: String(r._id),
    product: String(r.product),
    stars: r.stars,
    title: r.title ?? '',
    text: r.text ?? '',
    fit: r.fit,
    size: r.size,
    photos: (r.photos ?? []).map((p) => ({
      url: p.url,
      widths: (p.widths ?? []).map((w) => ({ width: w.width, url: w.url })),
    })),
    author: r.author,
    helpful: r.helpful ?? 0,
    votedHelpful: voted,
    reply: r.reply?.text ? { text: r.reply.text, at: r.reply.at.toISOString() } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const toOwnReviewJson = (r: LeanReview): OwnReview => ({
  ...toReviewJson(r),
  status: r.status,
  heldFor: r.heldFor ?? [],
});
