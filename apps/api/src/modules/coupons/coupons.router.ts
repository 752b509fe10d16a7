/**
 * /api/coupons/apply (the cart's "Apply code", for anyone) and /api/admin/coupons,
 * /api/admin/offers (admins). Thin: auth → validate → service.
 */
import { Router, type RequestHandler } from 'express';
import type { z } from 'zod';
import {
  applyCouponBody,
  couponBody,
  idParams,
  offerBody,
  pauseBody,
  type PauseBody,
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

/** What the admin does with codes and with offers alike. */
interface Editable<Terms, Update> {
  create: (terms: Terms) => Promise<unknown>;
  update: (id: string, terms: Update) => Promise<unknown>;
  pause: (id: string, paused: boolean) => Promise<unknown>;
}

/**
 * POST `path` (201), PUT `path/:id` (the whole terms over the version read) and PATCH
 * `path/:id` (pause or resume), admins only, each body parsed with its shared schema.
 */
function editableRoutes<T extends z.ZodType, U extends z.ZodType>(
  router: Router,
  only: RequestHandler,
  path: string,
  bodies: { create: T; update: U },
  service: Editable<z.output<T>, z.output<U>>,
): void {
  router.post(path, only, validate({ body: bodies.create }), async (req, res) => {
    res.status(201).json(await service.create(req.body as z.output<T>));
  });
  router.put(
    `${path}/:id`,
    only,
    validate({ params: idParams, body: bodies.update }),
    async (req, res) => {
      res.json(await service.update(idOf(res.locals), req.body as z.output<U>));
    },
  );
  router.patch(
    `${path}/:id`,
    only,
    validate({ params: idParams, body: pauseBody }),
    async (req, res) => {
      res.json(await service.pause(idOf(res.locals), (req.body as PauseBody).paused));
    },
  );
}

export function adminCouponsRouter(auth: Auth, totals: admin.ReadDiscountTotals): Router {
  const router = Router();
  const only = auth.requireAdmin;
  router.get('/coupons', only, async (_req, res) => {
    res.json(await admin.listCouponsAndOffers(totals));
  });
  editableRoutes(
    router,
    only,
    '/coupons',
    { create: couponBody, update: updateCouponBody },
    { create: admin.createCoupon, update: admin.updateCoupon, pause: admin.pauseCoupon },
  );
  editableRoutes(
    router,
    only,
    '/offers',
    { create: offerBody, update: updateOfferBody },
    { create: admin.createOffer, update: admin.updateOffer, pause: admin.pauseOffer },
  );
  return router;
}
