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
import type { AppDeps } from '../../lib/types.js';
import {
  createUser,
  findUserWithPassword,
  hashPassword,
  resetPasswordHash,
  toPublicUser,
  userContact,
  verifyPassword,
} from '../users/index.js';
import { Otp } from './otp.model.js';
import { otpMail } from './otp-mail.js';

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

/** What the account calls need: configuration, the mailer and the token signer. */
export type AuthDeps = Pick<AppDeps, 'config' | 'mailer'> & { tokens: TokenSigner };

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
): Promise<Session> {
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

export async function login(
  deps: AuthDeps,
  body: { email: string; password: string },
): Promise<Session> {
  const user = await findUserWithPassword(body.email);
  // verifyPassword takes as long for an unknown email as for a wrong password.
  const ok = await verifyPassword(body.password, user?.password);
  if (!user || !ok) throw unauthorized(MESSAGES.invalidLogin);
  return session(deps, user);
}

/**
 * Stores a fresh code (replacing any earlier one) and queues its mail. Unknown emails get a
 * record too, holding a code nobody is sent, so verify-otp and reset-password answer them
 * exactly as they answer real accounts: nothing tells which emails are registered. The mail
 * queue sends (and retries) after the answer, so a registered email is not answered later
 * than an unknown one while a mail server is slow or down.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await userContact({ email });
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const codeHash = user ? hashCode(deps, email, code) : randomBytes(32).toString('hex');
  await storeCode(email, codeHash);
  if (!user) return;
  await deps.mailer.send(
    otpMail({ to: user.email, name: user.name, code, shopName: deps.config.shopName }),
  );
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

/**
 * Checks a code without spending it. A try is claimed before comparing, atomically, so
 * parallel guesses cannot get past the limit; the right code gives its try back.
 */
async function checkCode(deps: AuthDeps, email: string, code: string) {
  const now = new Date();
  const otp = await Otp.findOneAndUpdate(
    { email, expiresAt: { $gt: now }, attempts: { $lt: OTP_MAX_ATTEMPTS } },
    { $inc: { attempts: 1 } },
    { returnDocument: 'after' },
  ).lean();
  if (!otp) {
    const live = await Otp.exists({ email, expiresAt: { $gt: now } });
    throw badRequest(live ? MESSAGES.otpExhausted : MESSAGES.otpExpired);
  }
  const expected = Buffer.from(otp.codeHash, 'hex');
  const given = Buffer.from(hashCode(deps, email, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const left = OTP_MAX_ATTEMPTS - otp.attempts;
    throw badRequest(left > 0 ? wrongOtp(left) : MESSAGES.otpExhausted);
  }
  await Otp.updateOne({ _id: otp._id, attempts: { $gt: 0 } }, { $inc: { attempts: -1 } });
  return otp;
}

export async function verifyOtp(
  deps: AuthDeps,
  body: { email: string; otp: string },
): Promise<void> {
  await checkCode(deps, body.email, body.otp);
}

/** The right code sets the new password and is spent: it works once, and the old password stops working. */
export async function resetPassword(
  deps: AuthDeps,
  body: { email: string; otp: string; newPassword: string },
): Promise<void> {
  const otp = await checkCode(deps, body.email, body.otp);
  const password = await hashPassword(body.newPassword);
  // Spend the code first: of two resets racing with it, only one gets past here.
  const spent = await Otp.findOneAndDelete({ _id: otp._id, codeHash: otp.codeHash });
  if (!spent) throw badRequest(MESSAGES.otpExpired);
  if (!(await resetPasswordHash(body.email, password))) throw badRequest(MESSAGES.otpExpired);
}
