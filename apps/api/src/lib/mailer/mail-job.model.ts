/**
 * The mail queue's jobs (`mail_jobs`): one per mail accepted for sending, removed once sent.
 * A job that failed every attempt stays `failed` for 7 days (the TTL index on `failedAt`
 * sweeps it), so an operator can see it and queue it again.
 */
import mongoose from 'mongoose';

export const FAILED_MAIL_KEPT_SECONDS = 7 * 24 * 60 * 60;

const mailJobSchema = new mongoose.Schema(
  {
    /** In clear for the logs and the operator; the message itself is sealed (seal.ts). */
    subject: { type: String, required: true },
    sealed: { type: String, required: true },
    status: { type: String, enum: ['queued', 'failed'], required: true, default: 'queued' },
    /** Attempts started so far (counted when one is claimed). */
    attempts: { type: Number, required: true, default: 0 },
    /**
     * When a worker may take the job: now for one stored due, later for a retry or a claimed
     * one (a new mail is stored claimed by the process that accepted it, see queue.ts).
     */
    nextAttemptAt: { type: Date, required: true },
    lastError: { type: String },
    failedAt: { type: Date, index: { expireAfterSeconds: FAILED_MAIL_KEPT_SECONDS } },
  },
  { timestamps: true, versionKey: false },
);
// The worker's one query: the queued job due first.
mailJobSchema.index({ status: 1, nextAttemptAt: 1 });

export const MailJob = mongoose.model('MailJob', mailJobSchema, 'mail_jobs');
