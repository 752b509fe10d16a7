/** /api/auth: register, login and the forgot-password calls. Thin: rate limit → validate → service. */
import { Router } from 'express';
import {
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  verifyOtpBody,
} from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import { AppError, badRequest, issuesOf } from '../../lib/errors.js';
import { createRateLimit, rateLimitOptions } from '../../lib/rate-limit.js';
import type { AppDeps } from '../../lib/types.js';
import { validate } from '../../lib/validate.js';
import * as accounts from './auth.service.js';
import { AUTH_RATE_LIMITS } from './rate-limits.js';

export function authRouter(deps: AppDeps, auth: Auth): Router {
  const authDeps: accounts.AuthDeps = { ...deps, tokens: auth.tokens };
  const options = rateLimitOptions(deps);
  const limit = Object.fromEntries(
    Object.entries(AUTH_RATE_LIMITS).map(([name, rule]) => [name, createRateLimit(rule, options)]),
  ) as Record<keyof typeof AUTH_RATE_LIMITS, ReturnType<typeof createRateLimit>>;
  const router = Router();

  router.post('/register', limit.register, validate({ body: registerBody }), async (req, res) => {
    res.status(201).json({
      success: true,
      message: 'User registered successfully',
      ...(await accounts.register(authDeps, req.body)),
    });
  });

  router.post(
    '/login',
    limit.loginAttemptsPerIp,
    limit.loginAttemptsPerEmail,
    limit.loginPerIp,
    limit.login,
    validate({ body: loginBody }),
    async (req, res) => {
      res.json({
        success: true,
        message: 'Login successful',
        ...(await accounts.login(authDeps, req.body)),
      });
    },
  );

  router.post(
    '/forgot-password',
    limit.forgotPassword,
    validate({ body: forgotPasswordBody }),
    limit.forgotPasswordPerEmail,
    limit.forgotPasswordPerEmailPerDay,
    async (req, res) => {
      await accounts.requestPasswordReset(authDeps, req.body.email);
      res.json({ success: true, message: accounts.MESSAGES.resetRequested });
    },
  );

  router.post(
    '/verify-otp',
    limit.otp,
    limit.otpPerEmailPerDay,
    validate({ body: verifyOtpBody }),
    async (req, res) => {
      await accounts.verifyOtp(authDeps, req.body);
      res.json({ success: true, message: accounts.MESSAGES.otpVerified });
    },
  );

  router.post('/reset-password', limit.otp, limit.otpPerEmailPerDay, async (req, res) => {
    try {
      await accounts.resetPassword(authDeps, parseResetBody(req.body));
    } catch (err) {
      // This call's client reads `error` as well as `message` (SPEC: "message or error").
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
