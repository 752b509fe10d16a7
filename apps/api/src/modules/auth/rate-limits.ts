/**
 * How often the accounts calls may cost something (docs/operations/security.md). Each is
 * counted after its body passed validation, so junk uses up nobody's allowance. The per-address
 * rules are ceilings sized for a mobile carrier's address shared by thousands of shoppers; the
 * brute-force keys name an account and one client (its device cookie, else its address).
 */
import type { LimitRule } from '../../lib/rate-limit.js';
import { GUESS_DELAY, GUESS_DELAY_LIMIT, GUESS_DELAY_WINDOW_MS } from '../users/index.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const AUTH_LIMITS = {
  /** Wrong passwords for one account from one client: the growing delay, then a block. */
  wrongPasswords: {
    name: 'wrong-passwords-account-client',
    windowMs: GUESS_DELAY_WINDOW_MS,
    limit: GUESS_DELAY_LIMIT,
    delay: GUESS_DELAY,
    message: (wait) => `Too many failed logins. Please wait ${wait} before trying again.`,
  },
  /** Sign-ups that passed validation (each costs a password hash) from one address. */
  registerPerAddress: {
    name: 'register-ip',
    windowMs: HOUR,
    limit: 100,
    message: (wait) => `Too many sign-ups from this network. Please try again in ${wait}.`,
  },
  /** Reset codes asked from one address, over every email. */
  codesPerAddress: {
    name: 'reset-codes-ip',
    windowMs: HOUR,
    limit: 100,
    message: (wait) =>
      `Too many password reset requests from this network. Please try again in ${wait}.`,
  },
  /** One code a minute for an email, whoever asks: each is a mail to its owner. */
  codesPerEmail: {
    name: 'reset-codes-email',
    windowMs: MINUTE,
    limit: 1,
    message: (wait) =>
      `A code was asked for this email a moment ago. Please wait ${wait} before asking again.`,
  },
  /** Codes for an email asked by one client a day: others asking cannot use up the owner's. */
  codesPerEmailAndClient: {
    name: 'reset-codes-email-client',
    windowMs: DAY,
    limit: 5,
    message: (wait) =>
      `Too many codes were asked for this email today. Please try again in ${wait}.`,
  },
  /**
   * Wrong codes tried on an email a day, from anywhere. It never refuses a code (the right one
   * always works); at the limit no new codes are sent that day, which bounds guessing at an
   * account to these tries plus the last code's (5 a code).
   */
  wrongCodesPerEmail: {
    name: 'wrong-codes-email',
    windowMs: DAY,
    limit: 25,
    message: (wait) =>
      `Too many wrong codes were tried for this email today. Please try again in ${wait}.`,
  },
  /** Wrong codes for one email from one client: the growing delay, then a block. */
  wrongCodes: {
    name: 'wrong-codes-email-client',
    windowMs: DAY,
    limit: 10,
    delay: { after: 3, firstMs: 1000 },
    message: (wait) => `Too many wrong codes. Please wait ${wait} before trying again.`,
  },
  /** Wrong codes from one address, over every email. */
  wrongCodesPerAddress: {
    name: 'wrong-codes-ip',
    windowMs: 15 * MINUTE,
    limit: 100,
    message: (wait) => `Too many wrong codes from this network. Please try again in ${wait}.`,
  },
} as const satisfies Record<string, LimitRule>;
