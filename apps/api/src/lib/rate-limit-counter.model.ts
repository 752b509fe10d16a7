/** The rate limits' shared counters (lib/rate-limit.ts, with MONGODB_URI), collection `ratelimits`. */
import mongoose from 'mongoose';

/** One counter per key and window; the TTL index sweeps windows that are over. */
const rateLimitSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    hits: { type: Number, required: true },
    resetAt: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
  },
  { versionKey: false },
);
export const RateLimitCounter = mongoose.model('RateLimitCounter', rateLimitSchema, 'ratelimits');
