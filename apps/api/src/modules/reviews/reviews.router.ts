/**
 * /api/product/{id}/reviews: a product's published reviews (anyone), the customer's own review
 * (write, edit, delete), "Helpful"; /api/admin/reviews: the admin's list, publish, hide, reply.
 */
import { Router } from 'express';
import {
  adminReviewIdParams,
  adminReviewsQuery,
  idParams,
  MAX_REVIEW_PHOTOS,
  reviewBody,
  reviewParams,
  reviewReplyBody,
  reviewsQuery,
  reviewStatusBody,
} from '@repo/shared';
import type { z } from 'zod';
import type { Auth } from '../../lib/auth.js';
import { noStore } from '../../lib/no-store.js';
import { receivePhotos } from '../../lib/photo-upload.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import { listAdminReviews, replyToReview, setReviewStatus } from './admin-reviews.js';
import { deleteReview, listReviews, markHelpful, myReview, saveReview } from './reviews.service.js';

/** Mounted at /api/product: it answers only `/{id}/reviews…`. */
export function reviewsRouter(deps: AppDeps, auth: Auth): Router {
  const router = Router();
  const receive = receivePhotos('photos', MAX_REVIEW_PHOTOS);

  // Personal (the reader's "Helpful" marks) and changing with every review: never cached.
  router.get(
    '/:id/reviews',
    noStore,
    auth.optionalAuth,
    validate({ params: idParams, query: reviewsQuery }),
    async (req, res) => {
      const { id } = res.locals.params as z.output<typeof idParams>;
      res.json(
        await listReviews(id, res.locals.query as z.output<typeof reviewsQuery>, req.user?.id),
      );
    },
  );

  router.get(
    '/:id/reviews/mine',
    noStore,
    auth.requireAuth,
    validate({ params: idParams }),
    async (req, res) => {
      res.json(await myReview(res.locals.params.id, req.user!.id));
    },
  );

  router.post(
    '/:id/reviews',
    noStore,
    auth.requireAuth,
    validate({ params: idParams }),
    receive,
    validate({ body: reviewBody }),
    async (req, res) => {
      const files = ((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => f.buffer);
      const { created, review } = await saveReview(
        deps,
        res.locals.params.id,
        req.user!,
        req.body as z.output<typeof reviewBody>,
        files,
      );
      const message =
        review.status === 'published'
          ? 'Thank you! Your review is published.'
          : 'Thank you! Your review will appear once the shop has read it.';
      res.status(created ? 201 : 200).json({ success: true, message, review });
    },
  );

  router.delete(
    '/:id/reviews',
    noStore,
    auth.requireAuth,
    validate({ params: idParams }),
    async (req, res) => {
      await deleteReview(deps, res.locals.params.id, req.user!.id);
      res.json({ success: true, message: 'Your review is deleted' });
    },
  );

  router.post(
    '/:id/reviews/:reviewId/helpful',
    noStore,
    auth.requireAuth,
    validate({ params: reviewParams }),
    async (req, res) => {
      const { id, reviewId } = res.locals.params as z.output<typeof reviewParams>;
      res.json({ success: true, helpful: await markHelpful(id, reviewId, req.user!.id) });
    },
  );

  return router;
}

/** Mounted at /api/admin/reviews. */
export function adminReviewsRouter(auth: Auth): Router {
  const router = Router();
  router.use(noStore, auth.requireAdmin);

  router.get('/', validate({ query: adminReviewsQuery }), async (_req, res) => {
    const { status, page } = res.locals.query as z.output<typeof adminReviewsQuery>;
    res.json(await listAdminReviews(status, page));
  });

  router.put(
    '/:reviewId/status',
    validate({ params: adminReviewIdParams, body: reviewStatusBody }),
    async (req, res) => {
      const { status } = req.body as z.output<typeof reviewStatusBody>;
      const review = await setReviewStatus(res.locals.params.reviewId, status);
      res.json({
        success: true,
        message: status === 'published' ? 'The review is published' : 'The review is hidden',
        review,
      });
    },
  );

  router.put(
    '/:reviewId/reply',
    validate({ params: adminReviewIdParams, body: reviewReplyBody }),
    async (req, res) => {
      const { text } = req.body as z.output<typeof reviewReplyBody>;
      const review = await replyToReview(res.locals.params.reviewId, text);
      res.json({
        success: true,
        message: text ? 'Your reply is published' : 'Your reply is removed',
        review,
      });
    },
  );

  return router;
}
