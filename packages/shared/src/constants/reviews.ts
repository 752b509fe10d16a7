/** Reviews: their fit answers, statuses, limits and the settings' defaults. */

/** How the tee fits, in the buyer's words: runs small, true to size, runs large. */
export const REVIEW_FITS = ['small', 'true', 'large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];
export const REVIEW_FIT_LABELS: Record<ReviewFit, string> = {
  small: 'Runs small',
  true: 'True to size',
  large: 'Runs large',
};

/**
 * A review is published at once, held for the admin when it trips a check (a link, very short
 * text, a word the admin lists), or hidden by the admin.
 */
export const REVIEW_STATUSES = ['published', 'held', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Reviews per page on the product page and in the admin's list. */
export const REVIEWS_PAGE_SIZE = 10;
/** Photos one review may carry. */
export const MAX_REVIEW_PHOTOS = 3;
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
/** Text shorter than this (once trimmed) is "very short": held for the admin. */
export const REVIEW_TEXT_MIN = 15;
/** The product's JSON-LD shows at most this many reviews. */
export const JSON_LD_REVIEWS = 3;

/** The days after delivery when the review-request mail goes, unless the admin sets another. */
export const DEFAULT_REVIEW_REQUEST_DAYS = 7;
