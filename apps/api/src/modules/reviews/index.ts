/**
 * The reviews module's public API (its models stay inside). It sits above orders (is this
 * customer a verified buyer, in which size?) and products (the rating product reads show);
 * the web pages read a product's top reviews for its JSON-LD.
 */
export { reviewsRouter, adminReviewsRouter } from './reviews.router.js';
export {
  sendReviewRequests,
  reviewRequestJob,
  REVIEW_FORM_ANCHOR,
  REVIEW_REQUEST_MAIL,
} from './review-requests.js';
export { firstReviewsRead, topReviews } from './reviews.service.js';
