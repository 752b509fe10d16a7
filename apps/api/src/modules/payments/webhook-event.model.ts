/** Webhook deliveries already handled, by the provider's event id: each is acted on once. */
import mongoose from 'mongoose';

const webhookEventSchema = new mongoose.Schema(
  { _id: { type: String }, event: { type: String, default: '' } },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'webhook_events' },
);
// Razorpay retries for about a day; a month of memory is plenty.
webhookEventSchema.index({ createdAt: 1 }, { expireAfterSeconds: 30 * 24 * 3600 });
export const WebhookEvent = mongoose.model('WebhookEvent', webhookEventSchema);
