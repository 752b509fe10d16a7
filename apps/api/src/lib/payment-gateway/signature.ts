/**
 * Razorpay's signatures, used by both providers: HMAC-SHA256 in hex, compared in constant time.
 * - a payment: HMAC of `order_id|payment_id` with the key secret;
 * - a webhook: HMAC of the raw request body with the webhook secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison; timingSafeEqual needs equal lengths, so a wrong length is simply false. */
export function safeEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function signPayment(keySecret: string, orderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

export function verifyPaymentSignature(
  keySecret: string,
  orderId: string,
  paymentId: string,
  signature: string,
): boolean {
  return safeEqual(signPayment(keySecret, orderId, paymentId), signature);
}

export function verifyWebhookSignature(
  webhookSecret: string,
  rawBody: Buffer,
  signature: string,
): boolean {
  return safeEqual(hmacHex(webhookSecret, rawBody), signature);
}
