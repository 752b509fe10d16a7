/**
 * /api/auth: register, login and the forgot-password calls. Thin: validate → service, which
 * counts what costs against the limits (rate-limits.ts).
 */
import { Router, type Request, type Response } from 'express';
import {
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  verifyOtpBody,
} from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import { AppError, badRequest, issuesOf } from '../../lib/errors.js';
import { clientAddress } from '../../lib/rate-limit.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import * as accounts from './auth.service.js';
import { DEVICE_COOKIE, deviceCookieOptions, deviceOf, newDeviceCookie } from './device-cookie.js';

export function authRouter(deps: AppDeps, auth: Auth): Router {
  const authDeps: accounts.AuthDeps = { ...deps, tokens: auth.tokens };
  const secret = deps.config.jwt.secret;
  const clientOf = (req: Request): accounts.Client => ({
    address: clientAddress(req),
    deviceOf: (userId) => deviceOf(req, secret, userId),
  });
  /** The browser an account signed in on keeps (or gets) that account's device cookie. */
  const signedIn = (req: Request, res: Response, session: accounts.Session) => {
    if (!deviceOf(req, secret, session.user._id))
      res.cookie(
        DEVICE_COOKIE,
        newDeviceCookie(secret, session.user._id),
        deviceCookieOptions(deps.config.isProduction),
      );
    return session;
  };
  const router = Router();

  router.post('/register', validate({ body: registerBody }), async (req, res) => {
    const session = await accounts.register(authDeps, req.body, clientOf(req));
    res.status(201).json({
      success: true,
      message: 'User registered successfully',
      ...signedIn(req, res, session),
    });
  });

  router.post('/login', validate({ body: loginBody }), async (req, res) => {
    const session = await accounts.login(authDeps, req.body, clientOf(req));
    res.json({ success: true, message: 'Login successful', ...signedIn(req, res, session) });
  });

  router.post('/forgot-password', validate({ body: forgotPasswordBody }), async (req, res) => {
    await accounts.requestPasswordReset(authDeps, req.body.email, clientOf(req));
    res.json({ success: true, message: accounts.MESSAGES.resetRequested });
  });

  router.post('/verify-otp', validate({ body: verifyOtpBody }), async (req, res) => {
    await accounts.verifyOtp(authDeps, req.body, clientOf(req));
    res.json({ success: true, message: accounts.MESSAGES.otpVerified });
  });

  router.post('/reset-password', async (req, res) => {
    try {
      await accounts.resetPassword(authDeps, parseResetBody(req.body), clientOf(req));
    } catch (err) {
      // This call's client reads `error` as well as `message`.
      if (err instanceof AppError && err.status === 400)
        throw badRequest(err.message, { ...err.extra, error: err.message });
      throw err;
    }
    res.json({ success: true, message: accounts.MESSAGES.passwordReset });
  });

  return router;
}

/**
 * The shared schema, with the reset form's own texts and order: all fields, then the two
 * passwords matching, then the length.
 */
function parseResetBody(body: unknown) {
  const b = (body ?? {}) as Record<string, unknown>;
  if (
    ['email', 'otp', 'newPassword', 'confirmPassword'].some(
      (k) => b[k] === undefined || b[k] === null || b[k] === '',
    )
  ) {
    throw badRequest('All fields are required');
  }
  if (
    typeof b.newPassword === 'string' &&
    typeof b.confirmPassword === 'string' &&
    b.newPassword !== b.confirmPassword
  ) {
    throw badRequest('Passwords do not match');
  }
  const parsed = resetPasswordBody.safeParse(b);
  if (!parsed.success) {
    const issues = issuesOf(parsed.error);
    throw badRequest(issues[0]?.message ?? 'Invalid input', { issues });
  }
  return parsed.data;
}
