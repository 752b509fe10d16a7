/** /api/delivery/estimate: for anyone; a signed-in customer's COD standing counts too. */
import { Router } from 'express';
import { deliveryEstimateQuery, type CodStanding } from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import { deliveryEstimate } from './delivery.service.js';

/** A customer's COD standing, from the orders module above (app.ts passes it in). */
export type CodStandingOf = (userId: string) => Promise<CodStanding>;

export function deliveryRouter(deps: AppDeps, auth: Auth, codStandingOf?: CodStandingOf): Router {
  const router = Router();
  router.get(
    '/estimate',
    auth.optionalAuth,
    validate({ query: deliveryEstimateQuery }),
    async (req, res) => {
      const { pin, state, subtotal } = res.locals.query as {
        pin: string;
        state?: string;
        subtotal?: number;
      };
      const standing = req.user && codStandingOf ? await codStandingOf(req.user.id) : undefined;
      // The dates move with the clock and the answer may be one customer's: never cached.
      res.set('Cache-Control', 'no-store');
      res.json(await deliveryEstimate({ pin, state }, deps.now(), subtotal, standing));
    },
  );
  return router;
}
