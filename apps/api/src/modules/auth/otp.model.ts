/**
 * Password-reset codes, one per email: a new request replaces the old code. Only an HMAC of
 * the code is kept. The TTL index sweeps old codes; expiry is also checked in code, because
 * the sweep runs only now and then.
 */
import mongoose from 'mongoose';

const otpSchema = new mongoose.Schema(
  {
    email: { type: String, required: true, unique: true, lowercase: true, trim: true },
    codeHash: { type: String, required: true },
    expiresAt: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
    /** Wrong tries so far; at the limit the code is dead, even for the right digits. */
    attempts: { type: Number, required: true, default: 0 },
  },
  { timestamps: true },
);

export const Otp = mongoose.model('Otp', otpSchema);
