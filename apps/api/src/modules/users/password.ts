/**
 * Password hashing: bcrypt, in one place for registration, profile changes, resets and the
 * seed. Hashes run on a small pool of worker threads (bcrypt-pool.ts), never on the event loop.
 */
import { availableParallelism } from 'node:os';
import { BcryptPool } from './bcrypt-pool.js';

/**
 * About a quarter of a second per hash on one core at 12: slow for guessing, fine for a login.
 * `BCRYPT_COST` (checked by the configuration: never below 12 in production) lowers it in tests.
 */
export const BCRYPT_COST = Number(process.env.BCRYPT_COST ?? 12);

/**
 * Hashes running at once: `PASSWORD_HASH_THREADS` (checked by the configuration), by default
 * half the cores (at least one), so a burst of logins leaves the other half to other requests.
 */
export const PASSWORD_HASH_THREADS = Number(
  process.env.PASSWORD_HASH_THREADS || Math.max(1, Math.floor(availableParallelism() / 2)),
);

export const passwordPool = new BcryptPool(PASSWORD_HASH_THREADS);

export function hashPassword(plain: string): Promise<string> {
  return passwordPool.hash(plain, BCRYPT_COST);
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
  if (hash) return passwordPool.compare(plain, hash);
  dummyHash ??= hashPassword(`no user ${Math.random()}`);
  await passwordPool.compare(plain, await dummyHash);
  return false;
}
