/**
 * The device cookie: set on a browser where an account signed in, it names that account and a
 * random id, signed with a key derived from the server secret. A login or code try for that
 * account carrying it is counted as that device's, not the address's, so a shopper behind an
 * address shared with someone guessing at their account (carrier-grade NAT) keeps their own
 * allowance. It proves nothing else: it is not a session.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request } from 'express';

export const DEVICE_COOKIE = 'device';
const YEAR_MS = 365 * 24 * 60 * 60_000;

function signature(secret: string, body: string): Buffer {
  const key = createHmac('sha256', secret).update('device-cookie').digest();
  return createHmac('sha256', key).update(body).digest().subarray(0, 18);
}

export function deviceCookieOptions(secure: boolean): CookieOptions {
  // Only the account calls read it.
  return { httpOnly: true, sameSite: 'lax', secure, path: '/api/auth', maxAge: YEAR_MS };
}

/** A new cookie value for the account. */
export function newDeviceCookie(secret: string, userId: string): string {
  const body = `${userId}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${signature(secret, body).toString('base64url')}`;
}

function cookieOf(req: Request): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** The device id when the request carries a genuine device cookie of this account. */
export function deviceOf(req: Request, secret: string, userId: string): string | undefined {
  const value = cookieOf(req);
  const [id, device, mac] = value?.split('.') ?? [];
  if (!id || !device || !mac || id !== userId) return undefined;
  const expected = signature(secret, `${id}.${device}`);
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? device : undefined;
}
