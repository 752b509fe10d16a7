/** /api/user (an account's own details and profile) and /api/all-user (the admin list). Thin: auth → validate → service. */
import { Router, type RequestHandler, type Response } from 'express';
import {
  addressBody,
  addressIdParams,
  adminUsersQuery,
  profileBody,
  userIdParams,
} from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import { clientAddress } from '../../lib/rate-limit.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import * as addresses from './addresses.js';
import * as users from './users.service.js';

export function usersRouter(deps: AppDeps, auth: Auth): Router {
  const router = Router();
  // Who may touch the account is settled before the body is looked at.
  const selfOrAdmin: RequestHandler = (req, res, next) => {
    auth.assertSelfOrAdmin(req.user, userIdOf(res));
    next();
  };
  const account = [auth.requireAuth, validate({ params: userIdParams }), selfOrAdmin];

  router.get('/user-detail/:userId', ...account, async (_req, res) => {
    res.json({
      success: true,
      message: 'User details fetched',
      user: await users.getUser(userIdOf(res)),
    });
  });

  router.put('/profile/:userId', ...account, validate({ body: profileBody }), async (req, res) => {
    const user = await users.updateProfile(deps, userIdOf(res), req.body, {
      id: req.user!.id,
      address: clientAddress(req),
    });
    // A new password ends the other sessions; the user who changed it gets a fresh token.
    const token =
      req.body.password && req.user?.id === user._id ? auth.tokens.sign(user._id) : undefined;
    res.json({
      success: true,
      message: 'Profile updated successfully',
      user,
      ...(token ? { token } : {}),
    });
  });

  // The signed-in customer's own saved addresses.
  router.get('/addresses', auth.requireAuth, async (req, res) => {
    res.json({ success: true, addresses: await addresses.listAddresses(req.user!.id) });
  });
  router.post('/addresses', auth.requireAuth, validate({ body: addressBody }), async (req, res) => {
    const saved = await addresses.addAddress(req.user!.id, req.body);
    res.status(201).json({ success: true, message: 'Address saved', ...saved });
  });
  const oneAddress = [auth.requireAuth, validate({ params: addressIdParams })];
  const addressIdOf = (res: Response) =>
    (res.locals.params as { addressId: string }).addressId.toLowerCase();
  router.put(
    '/addresses/:addressId',
    ...oneAddress,
    validate({ body: addressBody }),
    async (req, res) => {
      const saved = await addresses.updateAddress(req.user!.id, addressIdOf(res), req.body);
      res.json({ success: true, message: 'Address updated', ...saved });
    },
  );
  router.put('/addresses/:addressId/default', ...oneAddress, async (req, res) => {
    const saved = await addresses.setDefaultAddress(req.user!.id, addressIdOf(res));
    res.json({ success: true, message: 'Default address changed', ...saved });
  });
  router.delete('/addresses/:addressId', ...oneAddress, async (req, res) => {
    const book = await addresses.deleteAddress(req.user!.id, addressIdOf(res));
    res.json({ success: true, message: 'Address deleted', addresses: book });
  });

  return router;
}

/** Ids are hex: one case, so users always recognise their own. */
function userIdOf(res: Response): string {
  return (res.locals.params as { userId: string }).userId.toLowerCase();
}

export function adminUsersRouter(_deps: AppDeps, auth: Auth): Router {
  const router = Router();

  router.get(
    '/adminpanel',
    auth.requireAdmin,
    validate({ query: adminUsersQuery }),
    async (_req, res) => {
      const query = res.locals.query as { page: number; limit: number; q?: string };
      res.json({ success: true, ...(await users.listUsers(query)) });
    },
  );

  return router;
}
