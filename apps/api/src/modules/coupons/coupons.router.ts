/**
 * /api/coupons/apply (the cart's "Apply code", for anyone) and /api/admin/coupons,
 * /api/admin/offers (admins). Thin: auth → validate → service.
 */
import { Router } from 'express';
import {
  applyCouponBody,
  couponBody,
  idParams,
  offerBody,
  pauseBody,
  updateCouponBody,
  updateOfferBody,
} from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import { noStore } from '../../lib/no-store.js';
import { clientAddress } from '../../lib/rate-limit.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import { applyCoupon, type IsFirstOrder } from './cart-discount.js';
import * as admin from './coupons.admin.js';
import { limitedApply } from './limits.js';

export function couponsRouter(deps: AppDeps, auth: Auth, isFirstOrder: IsFirstOrder): Router {
  const router = Router();
  // The answer depends on the shopper and the day: never cached.
  router.post(
    '/apply',
    noStore,
    auth.optionalAuth,
    validate({ body: applyCouponBody }),
    async (req, res) => {
      const userId = req.user?.id;
      const { code, items, payment } = req.body;
      res.json(
        await limitedApply(deps.limits, { address: clientAddress(req), userId, code }, () =>
          applyCoupon(deps, { items, code, payment, userId, isFirstOrder }),
        ),
      );
    },
  );
  return router;
}

const idOf = (locals: Record<string, unknown>) => (locals.params as { id: string }).id;

export function adminCouponsRouter(auth: Auth, totals: admin.ReadDiscountTotals): Router {
  const router = Router();
  const only = auth.requireAdmin;
  router.get('/coupons', only, async (_req, res) => {
    res.json(await admin.listCouponsAndOffers(totals));
  });
  router.post('/coupons', only, validate({ body: couponBody }), async (req, res) => {
    res.status(201).json(await admin.createCoupon(req.body));
  });
  router.put(
    '/coupons/:id',
    only,
    validate({ params: idParams, body: updateCouponBody }),
    async (req, res) => {
      res.json(await admin.updateCoupon(idOf(res.locals), req.body));
    },
  );
  router.patch(
    '/coupons/:id',
    only,
    validate({ params: idParams, body: pauseBody }),
    async (req, res) => {
      res.json(await admin.pauseCoupon(idOf(res.locals), req.body.paused));
    },
  );
  router.post('/offers', only, validate({ body: offerBody }), async (req, res) => {
    res.status(201).json(await admin.createOffer(req.body));
  });
  router.put(
    '/offers/:id',
    only,
    validate({ params: idParams, body: updateOfferBody }),
    async (req, res) => {
      res.json(await admin.updateOffer(idOf(res.locals), req.body));
    },
  );
  router.patch(
    '/offers/:id',
    only,
    validate({ params: idParams, body: pauseBody }),
    async (req, res) => {
      res.json(await admin.pauseOffer(idOf(res.locals), req.body.paused));
    },
  );
  return router;
}
