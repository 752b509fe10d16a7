/**
 * The reviews module's public API (its models stay inside). It sits above orders (is this
 * customer a verified buyer, in which size?) and products (the rating product reads show).
 */
export { reviewsRouter, adminReviewsRouter } from './reviews.router.js';
export {
  sendReviewRequests,
  reviewRequestJob,
  REVIEW_FORM_ANCHOR,
  REVIEW_REQUEST_MAIL,
} from './review-requests.js';
