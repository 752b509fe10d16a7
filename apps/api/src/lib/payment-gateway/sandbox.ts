/**
 * The sandbox provider, used when no Razorpay keys are configured (never in production:
 * config refuses that). It follows Razorpay's contract so the same shop code runs against
 * both: order ids `order_sandbox_<random>`, payment ids `pay_sandbox_<random>`, the same
 * HMAC signatures (with the sandbox's own secrets), and a checkout script served by the API
 * at /api/payment/sandbox/checkout.js (sandbox-checkout.ts). No real money moves.
 *
 * Its orders are the shop's checkouts (the payments module records one per order); the
 * payments it takes are kept in the `sandbox_payments` collection, so reconciliation can ask
 * it "which payments does this order have?" exactly as it asks Razorpay.
 */
import { randomBytes } from 'node:crypto';
import {
  ProviderRefusedError,
  type PaymentGateway,
  type ProviderPayment,
  type ProviderRefund,
} from './gateway.js';
import { isDuplicateKey } from '../errors.js';
import { insertDocument } from '../insert-document.js';
import { readRazorpayWebhook } from './razorpay-webhook.js';
import { SandboxPayment, SandboxRefund } from './sandbox.model.js';
import { signPayment, verifyPaymentSignature, verifyWebhookSignature } from './signature.js';

export const SANDBOX_CHECKOUT_SCRIPT = '/api/payment/sandbox/checkout.js';
export const SANDBOX_KEY_ID = 'rzp_sandbox';

function toRefund(r: { _id?: string | null; paymentId: string; amount: number; status: string }) {
  return {
    id: String(r._id),
    paymentId: r.paymentId,
    amount: r.amount,
    status: r.status as ProviderRefund['status'],
  };
}

const randomId = () => randomBytes(10).toString('hex');

export function createSandboxGateway(secrets: {
  keySecret: string;
  webhookSecret: string;
}): PaymentGateway {
  const verifyWebhook = (rawBody: Buffer, signature: string) =>
    verifyWebhookSignature(secrets.webhookSecret, rawBody, signature);

  return {
    provider: 'sandbox',
    keyId: SANDBOX_KEY_ID,
    checkoutScript: SANDBOX_CHECKOUT_SCRIPT,

    async createOrder({ amountPaise }) {
      return { id: `order_sandbox_${randomId()}`, amount: amountPaise, currency: 'INR' };
    },

    async fetchOrderPayments(orderId) {
      const rows = await SandboxPayment.find({ orderId }).lean();
      return rows.map((p): ProviderPayment => ({
        id: String(p._id),
        orderId: p.orderId,
        status: p.status as ProviderPayment['status'],
        amount: p.amount,
        currency: 'INR',
      }));
    },

    async refundPayment({ paymentId, amountPaise, receipt, idempotencyKey }) {
      // Razorpay's idempotent refunds: the same key answers the refund it made (another amount
      // or payment under it is refused), however often and however many copies ask at once.
      const earlier = async () => {
        const made = await SandboxRefund.findOne({ idempotencyKey }).lean();
        if (made && (made.paymentId !== paymentId || made.amount !== amountPaise))
          throw new ProviderRefusedError(
            'Different request with the same idempotency key has already been processed.',
          );
        return made && toRefund(made);
      };
      const answered = await earlier();
      if (answered) return answered;
      const payment = await SandboxPayment.findById(paymentId).lean();
      if (!payment || payment.status !== 'captured')
        throw new ProviderRefusedError('The payment was not found or is not captured');
      // Razorpay's rule, checked the same way: never more back than was paid.
      const refunded = await SandboxRefund.find({ paymentId, status: { $ne: 'failed' } }).lean();
      const already = refunded.reduce((sum, r) => sum + r.amount, 0);
      if (already + amountPaise > payment.amount) {
        // What is already refunded may be this key's own refund, made by a request racing this
        // one since it looked: that refund is the answer, not a refusal.
        const raced = await earlier();
        if (raced) return raced;
        throw new ProviderRefusedError(
          'The total refund amount is greater than the refund payment amount',
        );
      }
      try {
        const refund = await SandboxRefund.create({
          _id: `rfnd_sandbox_${randomId()}`,
          paymentId,
          amount: amountPaise,
          status: 'processed',
          receipt,
          idempotencyKey,
        });
        return toRefund(refund.toObject());
      } catch (err) {
        // Another request with the key made it first: that refund is the answer.
        if (isDuplicateKey(err)) return (await earlier())!;
        throw err;
      }
    },

    async fetchRefunds(paymentId) {
      const rows = await SandboxRefund.find({ paymentId }).sort({ createdAt: 1 }).lean();
      return rows.map(toRefund);
    },

    verifySignature: (orderId, paymentId, signature) =>
      verifyPaymentSignature(secrets.keySecret, orderId, paymentId, signature),
    verifyWebhook,
    // The sandbox sends Razorpay's webhook format, signed with its own secret.
    ...readRazorpayWebhook(verifyWebhook),

    sandbox: {
      async pay(orderId, amountPaise) {
        const paymentId = `pay_sandbox_${randomId()}`;
        // Card payments on Razorpay's orders are captured automatically; so are the sandbox's.
        await insertDocument(SandboxPayment, {
          _id: paymentId,
          orderId,
          amount: amountPaise,
          status: 'captured',
        });
        return {
          razorpay_payment_id: paymentId,
          razorpay_order_id: orderId,
          razorpay_signature: signPayment(secrets.keySecret, orderId, paymentId),
        };
      },
    },
  };
}
