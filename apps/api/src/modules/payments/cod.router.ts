/** POST /api/orders/cod (mounted before the orders router): a signed-in customer's COD order. */
import { Router } from 'express';
import { codOrderBody, idempotencyKey } from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import { badRequest } from '../../lib/errors.js';
import { clientAddress } from '../../lib/rate-limit.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import { placeCashOnDelivery } from './cod-order.js';
import { limitedCodOrder } from './limits.js';

export function codRouter(deps: AppDeps, auth: Auth): Router {
  const router = Router();
  router.post('/', auth.requireAuth, validate({ body: codOrderBody }), async (req, res) => {
    const key = idempotencyKey.safeParse(req.get('Idempotency-Key'));
    if (!key.success) throw badRequest(key.error.issues[0]!.message, { header: 'Idempotency-Key' });
    const who = { address: clientAddress(req), userId: req.user!.id };
    // 201 each time: a repeated key answers the order it placed, as placed.
    res
      .status(201)
      .json(
        await limitedCodOrder(deps.limits, who, () =>
          placeCashOnDelivery(deps, req.body, key.data, req.user!),
        ),
      );
  });
  return router;
}
