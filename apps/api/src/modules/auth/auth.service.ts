/**
 * The accounts' rules: register, log in, and reset a forgotten password with an emailed
 * one-time code. Plain data in and out; refusals are AppErrors.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
  ROLES,
  type PublicUser,
} from '@repo/shared';
import type { TokenSigner } from '../../lib/auth.js';
import { badRequest, conflict, isDuplicateKey, unauthorized } from '../../lib/errors.js';
import {
  check,
  claim,
  claimAll,
  count,
  giveBack,
  limitedCheck,
  type LimitRule,
} from '../../lib/rate-limit.js';
import type { AppDeps } from '../../lib/types.js';
import {
  createUser,
  findUserWithPassword,
  hashPassword,
  noteWrongGuess,
  resetPasswordHash,
  toPublicUser,
  userContact,
  verifyPassword,
  WRONG_PASSWORDS_PER_ADDRESS,
} from '../users/index.js';
import { Otp } from './otp.model.js';
import { otpMail } from './otp-mail.js';
import { AUTH_LIMITS } from './rate-limits.js';

export interface Session {
  token: string;
  user: PublicUser;
}

export const MESSAGES = {
  invalidLogin: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  resetRequested: `If an account exists for this email, we have sent a ${OTP_LENGTH}-digit code to it. It is valid for ${OTP_TTL_MINUTES} minutes.`,
  otpVerified: 'OTP verified. You can now choose a new password.',
  otpExpired: 'This OTP has expired or was never requested. Please request a new one.',
  otpExhausted: 'Too many wrong tries. Please request a new OTP.',
  passwordReset: 'Password reset successfully',
} as const;

const wrongOtp = (left: number) => `Invalid OTP. ${left} ${left === 1 ? 'try' : 'tries'} left.`;

/** What the account calls need: configuration, the mailer, the limits and the token signer. */
export type AuthDeps = Pick<AppDeps, 'config' | 'mailer' | 'limits'> & { tokens: TokenSigner };

/** Who is asking, as the limits tell clients apart. */
export interface Client {
  /** The address the per-address rules count (lib/rate-limit.ts clientAddress). */
  address: string;
  /** The id of the account's device cookie on this request, if it carries one (device-cookie.ts). */
  deviceOf: (userId: string) => string | undefined;
}

/** The brute-force key's client: the account's own device when it shows one, else the address. */
function guesserKey(email: string, client: Client, account: { _id: unknown } | null): string {
  const device = account ? client.deviceOf(String(account._id)) : undefined;
  return `${email}|${device ? `device:${device}` : `ip:${client.address}`}`;
}

/** Codes are kept as HMACs under a key of their own, derived from the server secret. */
function hashCode(deps: AuthDeps, email: string, code: string): string {
  const otpKey = createHmac('sha256', deps.config.jwt.secret).update('password-reset-otp').digest();
  return createHmac('sha256', otpKey).update(`${email}\0${code}`).digest('hex');
}

function session(deps: AuthDeps, user: Parameters<typeof toPublicUser>[0]): Session {
  return { token: deps.tokens.sign(String(user._id)), user: toPublicUser(user) };
}

export async function register(
  deps: AuthDeps,
  body: { name: string; email: string; password: string; phone: string; address: string },
  client: Client,
): Promise<Session> {
  // Every sign-up that got this far costs a password hash, taken or not.
  await claim(deps.limits, AUTH_LIMITS.registerPerAddress, client.address);
  const password = await hashPassword(body.password);
  try {
    // Whatever else the body held, a new account is a customer.
    const user = await createUser({ ...body, password, role: ROLES.customer });
    return session(deps, user);
  } catch (err) {
    // The unique index decides, also when two registrations race.
    if (isDuplicateKey(err)) throw conflict(MESSAGES.emailTaken);
    throw err;
  }
}

/**
 * A wrong password counts against the address's ceiling and the account's key for this client
 * (a growing delay, then a block); the right one clears that key. Nothing counted for the
 * account as a whole stops the right password: it only tells the owner (noteWrongGuess).
 */
export async function login(
  deps: AuthDeps,
  body: { email: string; password: string },
  client: Client,
): Promise<Session> {
  const user = await findUserWithPassword(body.email);
  const ok = await limitedCheck(
    deps.limits,
    {
      address: [WRONG_PASSWORDS_PER_ADDRESS, client.address],
      guesser: [AUTH_LIMITS.wrongPasswords, guesserKey(body.email, client, user)],
    },
    // verifyPassword takes as long for an unknown email as for a wrong password.
    () => verifyPassword(body.password, user?.password),
  );
  if (!user || !ok) {
    if (user) await noteWrongGuess(deps, user);
    throw unauthorized(MESSAGES.invalidLogin);
  }
  return session(deps, user);
}

/**
 * Stores a fresh code (replacing any earlier one) and queues its mail. Unknown emails get a
 * record too, holding a code nobody is sent, so verify-otp and reset-password answer them
 * exactly as they answer real accounts: nothing tells which emails are registered. The mail
 * queue sends (and retries) after the answer, so a registered email is not answered later
 * than an unknown one while a mail server is slow or down.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
  client: Client,
): Promise<void> {
  const user = await userContact({ email });
  // Guessing at an email's codes is bounded: past its wrong codes for the day, no new code.
  await check(deps.limits, AUTH_LIMITS.wrongCodesPerEmail, email);
  const claims: Array<readonly [LimitRule, string]> = [
    [AUTH_LIMITS.codesPerAddress, client.address],
    [AUTH_LIMITS.codesPerEmail, email],
    [AUTH_LIMITS.codesPerEmailAndClient, guesserKey(email, client, user)],
  ];
  await claimAll(deps.limits, claims);
  try {
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const codeHash = user ? hashCode(deps, email, code) : randomBytes(32).toString('hex');
    await storeCode(email, codeHash);
    if (!user) return;
    await deps.mailer.send(
      otpMail({ to: user.email, name: user.name, code, shopName: deps.config.shopName }),
    );
  } catch (err) {
    // Nothing was sent (the database away): the request costs nothing.
    await Promise.all(claims.map(([rule, key]) => giveBack(deps.limits, rule, key)));
    throw err;
  }
}

async function storeCode(email: string, codeHash: string, retry = true): Promise<void> {
  const expiresAt = new Date(Date.now() + OTP_TTL_MINUTES * 60_000);
  try {
    await Otp.updateOne(
      { email },
      { $set: { codeHash, expiresAt, attempts: 0 } },
      { upsert: true },
    );
  } catch (err) {
    // Two requests racing to create the record: the loser replaces the winner's code.
    if (isDuplicateKey(err) && retry) return storeCode(email, codeHash, false);
    throw err;
  }
}

type CodeCheck =
  | { ok: true; otp: { _id: unknown; codeHash: string } }
  | { ok: false; message: string; tried: boolean };

/**
 * Checks a code without spending it. A try is claimed before comparing, atomically, so
 * parallel guesses cannot get past the code's tries; the right code gives its try back.
 * `tried`: whether a code was compared at all (none is live: nothing was guessed).
 */
async function compareCode(deps: AuthDeps, email: string, code: string): Promise<CodeCheck> {
  const now = new Date();
  const otp = await Otp.findOneAndUpdate(
    { email, expiresAt: { $gt: now }, attempts: { $lt: OTP_MAX_ATTEMPTS } },
    { $inc: { attempts: 1 } },
    { returnDocument: 'after' },
  ).lean();
  if (!otp) {
    const live = await Otp.exists({ email, expiresAt: { $gt: now } });
    return { ok: false, tried: false, message: live ? MESSAGES.otpExhausted : MESSAGES.otpExpired };
  }
  const expected = Buffer.from(otp.codeHash, 'hex');
  const given = Buffer.from(hashCode(deps, email, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const left = OTP_MAX_ATTEMPTS - otp.attempts;
    return { ok: false, tried: true, message: left > 0 ? wrongOtp(left) : MESSAGES.otpExhausted };
  }
  await Otp.updateOne({ _id: otp._id, attempts: { $gt: 0 } }, { $inc: { attempts: -1 } });
  return { ok: true, otp };
}

/**
 * A code checked under the limits. The code is compared first: the right one always passes
 * (bounded only by its own tries), whatever was guessed at the account before. A wrong one
 * counts against the address's ceiling, the email's key for this client (a growing delay, then
 * a block) and the email's wrong codes for the day, and tells the owner when it adds up.
 */
async function checkCode(deps: AuthDeps, email: string, code: string, client: Client) {
  const account = await userContact({ email });
  let result: CodeCheck | undefined;
  await limitedCheck(
    deps.limits,
    {
      address: [AUTH_LIMITS.wrongCodesPerAddress, client.address],
      guesser: [AUTH_LIMITS.wrongCodes, guesserKey(email, client, account)],
    },
    async () => {
      result = await compareCode(deps, email, code);
      return result.ok || (result.tried ? false : undefined);
    },
  );
  if (result?.ok) return result.otp;
  if (result?.tried) {
    await count(deps.limits, AUTH_LIMITS.wrongCodesPerEmail, email);
    if (account) await noteWrongGuess(deps, account);
  }
  throw badRequest(result?.message ?? MESSAGES.otpExpired);
}

export async function verifyOtp(
  deps: AuthDeps,
  body: { email: string; otp: string },
  client: Client,
): Promise<void> {
  await checkCode(deps, body.email, body.otp, client);
}

/** The right code sets the new password and is spent: it works once, and the old password stops working. */
export async function resetPassword(
  deps: AuthDeps,
  body: { email: string; otp: string; newPassword: string },
  client: Client,
): Promise<void> {
  const otp = await checkCode(deps, body.email, body.otp, client);
  const password = await hashPassword(body.newPassword);
  // Spend the code first: of two resets racing with it, only one gets past here.
  const spent = await Otp.findOneAndDelete({ _id: otp._id, codeHash: otp.codeHash });
  if (!spent) throw badRequest(MESSAGES.otpExpired);
  if (!(await resetPasswordHash(body.email, password))) throw badRequest(MESSAGES.otpExpired);
}
