/**
 * Rate limits for what costs: a password or code checked wrong, a mail sent, a payment order
 * asked of the provider (docs/operations/security.md). Callers count after validating, so junk
 * never uses up anyone's allowance. A refusal is a 429 `{ success: false, message }` with
 * `Retry-After`.
 *
 * Counters always live in the database (collection `ratelimits`, keys hashed), so every process
 * and replica shares them; each change is one conditional single-document write.
 *
 * Two kinds of rule:
 * - a ceiling: at most `limit` hits per key and window (a per-address ceiling, a per-account
 *   allowance);
 * - a growing delay (`delay`): after `delay.after` hits, each next one must wait, twice as long
 *   each time, until `limit`, the hard block, which lasts until the window ends.
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { isDuplicateKey, tooManyRequests, type AppError } from './errors.js';
import { RateLimitCounter } from './rate-limit-counter.model.js';

export interface LimitRule {
  /** Names the counter; two rules never share one. */
  name: string;
  windowMs: number;
  /** Hits a key may have in a window; the next is refused until the window ends. */
  limit: number;
  /** A growing delay before the hard block: after `after` hits, `firstMs`, then doubling. */
  delay?: { after: number; firstMs: number };
  /** The refusal's text, given how long to wait ("8 seconds", "15 minutes"). */
  message: (wait: string) => string;
}

/** Whether limits apply, and their clock (tests move it instead of waiting). */
export interface RateLimits {
  enabled: boolean;
  now: () => number;
}

export function createRateLimits(enabled: boolean, now: () => number = Date.now): RateLimits {
  return { enabled, now };
}

/** "45 seconds", "15 minutes", "3 hours": the wait, rounded up to the unit it is told in. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 90) return unit(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return unit(minutes, 'minute');
  return unit(Math.ceil(minutes / 60), 'hour');
}

function refuse(rule: LimitRule, waitMs: number): AppError {
  return tooManyRequests(rule.message(waitText(waitMs)), waitMs / 1000);
}

/** The wait a key's `hits`-th hit sets before its next one: none before the delay starts. */
export function delayAfter(rule: LimitRule, hits: number): number {
  if (!rule.delay || hits < rule.delay.after) return 0;
  return rule.delay.firstMs * 2 ** (hits - rule.delay.after);
}

/**
 * The client as the per-address rules see it: its address as Express reads it (under
 * `TRUST_PROXY`), an IPv6 client's /56 as one, since rotating addresses inside it is free.
 */
export function clientAddress(req: Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/** Keys may hold emails and addresses: only a hash of them is stored. */
function counterId(rule: LimitRule, key: string): string {
  return createHash('sha256').update(`${rule.name}\0${key}`).digest('base64url');
}

/** Starts a key's window with this first hit, unless another process just did. */
async function startWindow(
  rule: LimitRule,
  _id: string,
  now: number,
  old: { hits: number; resetAt: Date } | null,
): Promise<boolean> {
  const fresh = {
    hits: 1,
    resetAt: new Date(now + rule.windowMs),
    nextAt: new Date(now + delayAfter(rule, 1)),
  };
  if (old) {
    const { matchedCount } = await RateLimitCounter.updateOne(
      { _id, hits: old.hits, resetAt: old.resetAt },
      { $set: fresh },
    );
    return matchedCount === 1;
  }
  try {
    await RateLimitCounter.create({ _id, ...fresh });
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/**
 * Takes one hit of the key's allowance before the costly step, or throws a 429.
 * Parallel requests cannot get past the limit or the delay: each hit is a conditional write on
 * the counter as it was read (of two racing, one wins and the other reads again).
 */
export async function claim(limits: RateLimits, rule: LimitRule, key: string): Promise<void> {
  if (!limits.enabled) return;
  const _id = counterId(rule, key);
  for (;;) {
    const now = limits.now();
    const counter = await RateLimitCounter.findById(_id).lean();
    if (!counter || counter.resetAt.getTime() <= now) {
      if (await startWindow(rule, _id, now, counter)) return;
      continue;
    }
    if (counter.hits >= rule.limit) throw refuse(rule, counter.resetAt.getTime() - now);
    const nextAt = counter.nextAt?.getTime() ?? 0;
    if (nextAt > now) throw refuse(rule, nextAt - now);
    const { matchedCount } = await RateLimitCounter.updateOne(
      { _id, hits: counter.hits, resetAt: counter.resetAt },
      {
        $inc: { hits: 1 },
        $set: { nextAt: new Date(now + delayAfter(rule, counter.hits + 1)) },
      },
    );
    if (matchedCount === 1) return;
  }
}

/**
 * Claims each rule in order; when one refuses, the hits already taken are given back, so a
 * refused request has cost nothing.
 */
export async function claimAll(
  limits: RateLimits,
  claims: ReadonlyArray<readonly [LimitRule, string]>,
): Promise<void> {
  const taken: Array<readonly [LimitRule, string]> = [];
  try {
    for (const [rule, key] of claims) {
      await claim(limits, rule, key);
      taken.push([rule, key]);
    }
  } catch (err) {
    await Promise.all(taken.map(([rule, key]) => giveBack(limits, rule, key)));
    throw err;
  }
}

/** Refuses when the key is over its limit, without counting. */
export async function check(limits: RateLimits, rule: LimitRule, key: string): Promise<void> {
  if (!limits.enabled) return;
  const now = limits.now();
  const counter = await RateLimitCounter.findById(counterId(rule, key)).lean();
  if (counter && counter.resetAt.getTime() > now && counter.hits >= rule.limit)
    throw refuse(rule, counter.resetAt.getTime() - now);
}

/**
 * Adds a hit whatever the count (something that already happened: a wrong code, a payment
 * made) and answers the key's hits in this window; exactly one caller sees each number.
 */
export async function count(limits: RateLimits, rule: LimitRule, key: string): Promise<number> {
  if (!limits.enabled) return 0;
  const _id = counterId(rule, key);
  for (;;) {
    const now = limits.now();
    const counted = await RateLimitCounter.findOneAndUpdate(
      { _id, resetAt: { $gt: new Date(now) } },
      { $inc: { hits: 1 } },
      { returnDocument: 'after' },
    ).lean();
    if (counted) return counted.hits;
    const old = await RateLimitCounter.findById(_id).lean();
    if (old && old.resetAt.getTime() > now) continue;
    if (await startWindow(rule, _id, now, old)) return 1;
  }
}

/** Gives back a claimed hit that turned out to cost nothing (a right password, a refused cart). */
export async function giveBack(limits: RateLimits, rule: LimitRule, key: string): Promise<void> {
  if (!limits.enabled) return;
  // The claim passed no wait (it had to), so none is left behind either.
  await RateLimitCounter.updateOne(
    { _id: counterId(rule, key), hits: { $gt: 0 } },
    { $inc: { hits: -1 }, $set: { nextAt: new Date(limits.now()) } },
  );
}

/** Forgets a key: the right password or code ends its delay. */
export async function clear(limits: RateLimits, rule: LimitRule, key: string): Promise<void> {
  if (!limits.enabled) return;
  await RateLimitCounter.deleteOne({ _id: counterId(rule, key) });
}

/**
 * One password or code check under the limits: claims the address's ceiling and the
 * brute-force key before the check, so parallel guesses cannot slip past. A wrong answer
 * (`false`) keeps both hits; the right one (`true`) gives the ceiling's back and clears the key;
 * no answer (`undefined`: nothing was compared) or a failure gives both back.
 */
export async function limitedCheck(
  limits: RateLimits,
  claims: { address: readonly [LimitRule, string]; guesser: readonly [LimitRule, string] },
  compare: () => Promise<boolean | undefined>,
): Promise<boolean> {
  await claimAll(limits, [claims.address, claims.guesser]);
  const giveBoth = () =>
    Promise.all([giveBack(limits, ...claims.address), giveBack(limits, ...claims.guesser)]);
  let answer: boolean | undefined;
  try {
    answer = await compare();
  } catch (err) {
    await giveBoth();
    throw err;
  }
  if (answer === undefined) await giveBoth();
  if (answer === true)
    await Promise.all([giveBack(limits, ...claims.address), clear(limits, ...claims.guesser)]);
  return answer === true;
}
