/**
 * Guessing codes is limited (docs/operations/security.md): only a code that does not exist
 * counts, per account and per address; a real code, whatever it gives, costs nothing.
 */
import type { ApplyCouponResponse } from '@repo/shared';
import { claimAll, giveBack, type LimitRule, type RateLimits } from '../../lib/rate-limit.js';

const HOUR = 3_600_000;

export const COUPON_LIMITS = {
  unknownCodesPerUser: {
    name: 'coupon-guess-user',
    windowMs: HOUR,
    limit: 20,
    message: (wait) => `Too many codes that don't exist. Please try again in ${wait}.`,
  },
  /** Sized for an address many shoppers share. */
  unknownCodesPerAddress: {
    name: 'coupon-guess-ip',
    windowMs: HOUR,
    limit: 200,
    message: (wait) =>
      `Too many codes that don't exist from this network. Please try again in ${wait}.`,
  },
} as const satisfies Record<string, LimitRule>;

/** Runs `apply` under the limits when a signed-in shopper sent a code (a guest's code is never looked up). */
export async function limitedApply(
  limits: RateLimits,
  who: { address: string; userId: string | undefined; code: string | undefined },
  apply: () => Promise<ApplyCouponResponse>,
): Promise<ApplyCouponResponse> {
  if (!who.code || !who.userId) return apply();
  const claims = [
    [COUPON_LIMITS.unknownCodesPerUser, who.userId],
    [COUPON_LIMITS.unknownCodesPerAddress, who.address],
  ] as const;
  await claimAll(limits, claims);
  let answer: ApplyCouponResponse | undefined;
  try {
    answer = await apply();
    return answer;
  } finally {
    if (answer?.reason !== 'unknown')
      await Promise.all(claims.map(([rule, key]) => giveBack(limits, rule, key)));
  }
}
