/**
 * How many payment orders may be asked of the provider (docs/operations/security.md): each
 * create-order that gets that far writes a checkout and calls the provider. A cart refused
 * before that (a stale price, a sold-out size, junk) costs nothing and is not counted.
 */
import { AppError } from '../../lib/errors.js';
import {
  claimAll,
  count,
  giveBack,
  type LimitRule,
  type RateLimits,
} from '../../lib/rate-limit.js';

const MINUTE = 60_000;

export const PAYMENT_LIMITS = {
  /** Guests included; a ceiling sized for an address shared by many shoppers. */
  createOrderPerAddress: {
    name: 'create-order-ip',
    windowMs: 15 * MINUTE,
    limit: 300,
    message: (wait) => `Too many checkouts from this network. Please try again in ${wait}.`,
  },
  /** A signed-in shopper's, and a guest's checkout they then paid for while signed in. */
  createOrderPerUser: {
    name: 'create-order-user',
    windowMs: 15 * MINUTE,
    limit: 10,
    message: (wait) => `Too many checkouts from this account. Please try again in ${wait}.`,
  },
  /** Cash-on-delivery orders placed from one network… */
  codOrderPerAddress: {
    name: 'cod-order-ip',
    windowMs: 60 * MINUTE,
    limit: 30,
    message: (wait) =>
      `Too many cash-on-delivery orders from this network. Please try again in ${wait}.`,
  },
  /** …and by one account (the open-order limit of the COD settings comes on top). */
  codOrderPerUser: {
    name: 'cod-order-user',
    windowMs: 60 * MINUTE,
    limit: 5,
    message: (wait) =>
      `Too many cash-on-delivery orders from this account. Please try again in ${wait}.`,
  },
} as const satisfies Record<string, LimitRule>;

/** Runs `create` under the limits: a refusal before the provider was asked gives the hits back. */
export async function limitedCreateOrder<T>(
  limits: RateLimits,
  who: { address: string; userId: string | undefined },
  create: () => Promise<T>,
): Promise<T> {
  return limited(
    limits,
    [PAYMENT_LIMITS.createOrderPerAddress, PAYMENT_LIMITS.createOrderPerUser],
    who,
    create,
  );
}

/** Places a COD order under its limits: a refused one (4xx) gives the hits back. */
export const limitedCodOrder = <T>(
  limits: RateLimits,
  who: { address: string; userId: string },
  place: () => Promise<T>,
): Promise<T> =>
  limited(limits, [PAYMENT_LIMITS.codOrderPerAddress, PAYMENT_LIMITS.codOrderPerUser], who, place);

async function limited<T>(
  limits: RateLimits,
  [perAddress, perUser]: [LimitRule, LimitRule],
  who: { address: string; userId: string | undefined },
  create: () => Promise<T>,
): Promise<T> {
  const claims: Array<readonly [LimitRule, string]> = [[perAddress, who.address]];
  if (who.userId) claims.push([perUser, who.userId]);
  await claimAll(limits, claims);
  try {
    return await create();
  } catch (err) {
    // 4xx: refused before any provider order (a 502 did ask the provider).
    if (err instanceof AppError && err.status < 500)
      await Promise.all(claims.map(([rule, key]) => giveBack(limits, rule, key)));
    throw err;
  }
}

/** A guest's checkout that became a signed-in shopper's order counts as theirs. */
export async function countClaimedCheckout(limits: RateLimits, userId: string): Promise<void> {
  await count(limits, PAYMENT_LIMITS.createOrderPerUser, userId);
}
