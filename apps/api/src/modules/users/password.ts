/** Password hashing: bcrypt, in one place for registration, profile changes, resets and the seed. */
import bcrypt from 'bcryptjs';

/**
 * About a quarter of a second per hash on one core at 12: slow for guessing, fine for a login.
 * `BCRYPT_COST` (checked by the configuration: never below 12 in production) lowers it in tests.
 */
export const BCRYPT_COST = Number(process.env.BCRYPT_COST ?? 12);

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, BCRYPT_COST);
}

// A hash of nothing anyone knows, made once, so an unknown email costs as much as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * True when `plain` matches `hash`. Without a hash (no such user) it still runs one
 * comparison of the same cost and answers false, so response times do not tell
 * which emails are registered.
 */
export async function verifyPassword(
  plain: string,
  hash: string | null | undefined,
): Promise<boolean> {
  if (hash) return bcrypt.compare(plain, hash);
  dummyHash ??= bcrypt.hash(`no user ${Math.random()}`, BCRYPT_COST);
  await bcrypt.compare(plain, await dummyHash);
  return false;
}
