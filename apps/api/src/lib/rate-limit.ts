/**
 * Rate limits for the calls worth guessing at (login, register, the OTP calls), on top of
 * express-rate-limit. A refusal is a 429 `{ success: false, message }`.
 *
 * Counters live in memory for one API process; with `store: 'mongo'` they live in MongoDB
 * (collection `ratelimits`), so any number of API processes share them.
 */
import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import {
  ipKeyGenerator,
  rateLimit,
  type ClientRateLimitInfo,
  type Options,
  type Store,
} from 'express-rate-limit';
import { isDuplicateKey } from './errors.js';
import { RateLimitCounter } from './rate-limit-counter.model.js';

export interface RateLimitRule {
  /** Names the counter; two rules never share one. */
  name: string;
  windowMs: number;
  /** Requests allowed per key and window. */
  limit: number;
  /**
   * What is counted: the client's address (as Express sees it under `trust proxy`), the
   * email in the body, the pair, or the signed-in user (calls without one are not counted).
   */
  per: 'ip' | 'email' | 'ip+email' | 'user';
  message: string;
  /** Count only refused calls (e.g. failed logins): a success gives its hit back. */
  countFailuresOnly?: boolean;
  /** Count only calls that went through (e.g. a mail that was actually sent). */
  countSuccessesOnly?: boolean;
}

export interface RateLimitOptions {
  enabled: boolean;
  store: 'memory' | 'mongo';
}

/** With MongoDB configured there may be several API processes: they share counters there. */
export function rateLimitOptions(deps: {
  config: { rateLimit: boolean };
  db: { kind: string };
}): RateLimitOptions {
  return { enabled: deps.config.rateLimit, store: deps.db.kind === 'mongodb' ? 'mongo' : 'memory' };
}

/** The email a body names, normalized like the schemas do; '' when there is none. */
function emailOf(req: Request): string {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

function keyOf(req: Request, per: RateLimitRule['per']): string {
  // ipKeyGenerator groups an IPv6 client's /56, so rotating addresses inside it does not help.
  const ip = ipKeyGenerator(req.ip ?? 'unknown');
  if (per === 'ip') return ip;
  if (per === 'email') return emailOf(req);
  if (per === 'user') return req.user?.id ?? '';
  return `${ip}|${emailOf(req)}`;
}

export function createRateLimit(rule: RateLimitRule, options: RateLimitOptions): RequestHandler {
  if (!options.enabled) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: rule.windowMs,
    limit: rule.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: rule.name,
    keyGenerator: (req) => keyOf(req, rule.per),
    skip: (req) => rule.per === 'user' && !req.user,
    skipSuccessfulRequests: rule.countFailuresOnly ?? false,
    skipFailedRequests: rule.countSuccessesOnly ?? false,
    handler: (_req, res, _next, opts: Options) => {
      res.status(opts.statusCode).json({ success: false, message: rule.message });
    },
    ...(options.store === 'mongo' ? { store: new MongoRateLimitStore(rule.name) } : {}),
  });
}

/** An express-rate-limit store over MongoDB, shared by every API process. */
export class MongoRateLimitStore implements Store {
  localKeys = false;
  private windowMs = 60_000;

  constructor(public readonly prefix: string) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  /** Keys may hold emails: only a hash of them is stored. */
  private id(key: string): string {
    return createHash('sha256').update(`${this.prefix}\0${key}`).digest('base64url');
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const _id = this.id(key);
    for (;;) {
      const now = new Date();
      const current = await RateLimitCounter.findOneAndUpdate(
        { _id, resetAt: { $gt: now } },
        { $inc: { hits: 1 } },
        { returnDocument: 'after' },
      ).lean();
      if (current) return { totalHits: current.hits, resetTime: current.resetAt };
      // No window running: start one, over an old counter or as a new one. If another process
      // starts it in between, the insert hits the unique _id and we count in theirs.
      const resetAt = new Date(now.getTime() + this.windowMs);
      const restarted = await RateLimitCounter.updateOne(
        { _id, resetAt: { $lte: now } },
        { $set: { hits: 1, resetAt } },
      );
      if (restarted.matchedCount === 1) return { totalHits: 1, resetTime: resetAt };
      try {
        await RateLimitCounter.create({ _id, hits: 1, resetAt });
        return { totalHits: 1, resetTime: resetAt };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
  }

  async decrement(key: string): Promise<void> {
    await RateLimitCounter.updateOne(
      { _id: this.id(key), hits: { $gt: 0 } },
      { $inc: { hits: -1 } },
    );
  }

  async resetKey(key: string): Promise<void> {
    await RateLimitCounter.deleteOne({ _id: this.id(key) });
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const counter = await RateLimitCounter.findOne({
      _id: this.id(key),
      resetAt: { $gt: new Date() },
    }).lean();
    return counter ? { totalHits: counter.hits, resetTime: counter.resetAt } : undefined;
  }
}
