/** How often the accounts calls may be made (docs/behaviour/accounts.md, rate limits). */
import type { RateLimitRule } from '../../lib/rate-limit.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const AUTH_RATE_LIMITS = {
  /** Failed logins per address and email; a successful login does not count. */
  login: {
    name: 'login',
    per: 'ip+email',
    windowMs: 15 * MINUTE,
    limit: 10,
    countFailuresOnly: true,
    message: 'Too many failed logins. Please try again in 15 minutes.',
  },
  /** Failed logins per address over all emails, against trying one password on many accounts. */
  loginPerIp: {
    name: 'login-ip',
    per: 'ip',
    windowMs: 15 * MINUTE,
    limit: 50,
    countFailuresOnly: true,
    message: 'Too many failed logins. Please try again in 15 minutes.',
  },
  /**
   * Every login attempt, successful or not, per account and per address: each costs a bcrypt
   * comparison, so correct logins in a loop must not be able to take the CPU either.
   */
  loginAttemptsPerEmail: {
    name: 'login-attempts-email',
    per: 'email',
    windowMs: 15 * MINUTE,
    limit: 20,
    message: 'Too many logins to this account. Please try again in 15 minutes.',
  },
  loginAttemptsPerIp: {
    name: 'login-attempts-ip',
    per: 'ip',
    windowMs: 15 * MINUTE,
    limit: 100,
    message: 'Too many logins from this network. Please try again in 15 minutes.',
  },
  register: {
    name: 'register',
    per: 'ip',
    windowMs: 60 * MINUTE,
    limit: 10,
    message: 'Too many sign-ups from this network. Please try again in an hour.',
  },
  forgotPassword: {
    name: 'forgot-password',
    per: 'ip',
    windowMs: 15 * MINUTE,
    limit: 5,
    message: 'Too many password reset requests. Please try again in 15 minutes.',
  },
  /**
   * One code a minute for an email; a request that failed (the database away) does not count.
   * A mail the server could not send yet does: the queue keeps trying it.
   */
  forgotPasswordPerEmail: {
    name: 'forgot-password-email',
    per: 'email',
    windowMs: MINUTE,
    limit: 1,
    countSuccessesOnly: true,
    message:
      'A code was asked for this email a moment ago. Please wait a minute before asking again.',
  },
  /**
   * Codes per email a day, known or not, whoever asks: with 5 tries a code, a new code every
   * minute would otherwise allow thousands of guesses a day at one account.
   */
  forgotPasswordPerEmailPerDay: {
    name: 'forgot-password-email-day',
    per: 'email',
    windowMs: DAY,
    limit: 5,
    countSuccessesOnly: true,
    message: 'Too many codes were asked for this email today. Please try again tomorrow.',
  },
  /** Wrong codes per email a day, over every code and address (verify-otp and reset-password). */
  otpPerEmailPerDay: {
    name: 'otp-email-day',
    per: 'email',
    windowMs: DAY,
    limit: 10,
    countFailuresOnly: true,
    message: 'Too many wrong codes for this email today. Please try again tomorrow.',
  },
  /** Shared by verify-otp and reset-password: both guess at a code. */
  otp: {
    name: 'otp',
    per: 'ip',
    windowMs: 15 * MINUTE,
    limit: 10,
    message: 'Too many OTP attempts. Please try again in 15 minutes.',
  },
} as const satisfies Record<string, RateLimitRule>;
