/** The rate limits' counters (lib/rate-limit.ts), collection `ratelimits`, shared by every process. */
import mongoose from 'mongoose';

/**
 * One counter per rule and key: its hits in the window ending at `resetAt`, and the earliest
 * time of its next hit (`nextAt`, the growing delay). The TTL index sweeps windows that are over.
 */
const rateLimitSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    hits: { type: Number, required: true },
    resetAt: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
    nextAt: { type: Date },
  },
  { versionKey: false },
);
export const RateLimitCounter = mongoose.model('RateLimitCounter', rateLimitSchema, 'ratelimits');
