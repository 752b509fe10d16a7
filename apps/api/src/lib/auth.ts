/**
 * Bearer-token authentication. The token names the user only; the user (and so the role)
 * is loaded from the database on every call, so a deleted user's token is refused and
 * a role change takes effect at once. The users module supplies that lookup (lib never
 * imports a module).
 */
import { createSecretKey } from 'node:crypto';
import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { ROLES } from '@repo/shared';
import { forbidden, unauthorized } from './errors.js';

export interface TokenSigner {
  sign(userId: string): string;
  /** The user the token names and when it was issued (seconds), or null when it is not ours or expired. */
  verify(token: string): { userId: string; issuedAt: number } | null;
}

export function createTokenSigner(secret: string, expiresIn: string): TokenSigner {
  // A key object made once: given the string, jsonwebtoken tries it as a public key on every
  // call and builds the secret key from the error (a tenth of a checkout's CPU).
  const key = createSecretKey(Buffer.from(secret));
  return {
    sign: (userId) =>
      jwt.sign({}, key, {
        subject: userId,
        expiresIn: expiresIn as jwt.SignOptions['expiresIn'],
        algorithm: 'HS256',
      }),
    verify: (token) => {
      try {
        // A token must say when it expires, and is refused once older than JWT_EXPIRES_IN
        // whatever its own `exp` claims.
        const payload = jwt.verify(token, key, { algorithms: ['HS256'], maxAge: expiresIn });
        if (
          typeof payload !== 'object' ||
          typeof payload.sub !== 'string' ||
          typeof payload.iat !== 'number' ||
          typeof payload.exp !== 'number'
        )
          return null;
        return { userId: payload.sub, issuedAt: payload.iat };
      } catch {
        return null;
      }
    },
  };
}

/** The account behind a token, as the users module reads it; null when it no longer exists. */
export interface SessionUserRecord {
  id: string;
  name: string;
  email: string;
  role: number;
  /** The profile's shipping address ('' when none): the checkout's default. */
  address: string;
  passwordChangedAt?: Date | undefined;
}
export type FindSessionUser = (userId: string) => Promise<SessionUserRecord | null>;

const SESSION_INVALID = 'Your session is invalid. Please log in again.';

function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  // The original client sent the raw token without "Bearer"; accept both.
  if (token === undefined) return scheme;
  return scheme?.toLowerCase() === 'bearer' ? token : undefined;
}

export function createAuth(tokens: TokenSigner, findSessionUser: FindSessionUser) {
  async function load(header: string | undefined) {
    const token = bearer(header);
    if (!token) return undefined;
    const claims = tokens.verify(token);
    if (!claims || !/^[a-f\d]{24}$/i.test(claims.userId)) throw unauthorized(SESSION_INVALID);
    const user = await findSessionUser(claims.userId);
    if (!user) throw unauthorized(SESSION_INVALID);
    // iat has whole seconds: a token from the second of the change still counts as new.
    if (
      user.passwordChangedAt &&
      claims.issuedAt < Math.floor(user.passwordChangedAt.getTime() / 1000)
    ) {
      throw unauthorized(SESSION_INVALID);
    }
    return {
      id: user.id,
      role: user.role,
      name: user.name,
      email: user.email,
      address: user.address,
    };
  }

  const requireAuth: RequestHandler = async (req, _res, next) => {
    const user = await load(req.headers.authorization);
    if (!user) throw unauthorized();
    req.user = user;
    next();
  };

  const requireAdmin: RequestHandler = async (req, res, next) => {
    await requireAuth(req, res, () => undefined);
    if (req.user?.role !== ROLES.admin) throw forbidden('Admins only');
    next();
  };

  /** Attaches the user when a valid token is sent; a missing token is fine. */
  const optionalAuth: RequestHandler = async (req, _res, next) => {
    const user = await load(req.headers.authorization);
    if (user) req.user = user;
    next();
  };

  /** The user themselves or an admin. */
  function assertSelfOrAdmin(
    actor: { id: string; role: number } | undefined,
    userId: string,
  ): void {
    if (!actor) throw unauthorized();
    if (actor.id !== userId && actor.role !== ROLES.admin)
      throw forbidden('You can only see or change your own account');
  }

  return { requireAuth, requireAdmin, optionalAuth, assertSelfOrAdmin, tokens };
}
export type Auth = ReturnType<typeof createAuth>;
