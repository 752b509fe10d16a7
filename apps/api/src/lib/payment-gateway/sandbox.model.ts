/** What the sandbox provider keeps: the payments it took and their refunds (sandbox.ts). */
import mongoose from 'mongoose';

const sandboxPaymentSchema = new mongoose.Schema(
  {
    _id: { type: String },
    orderId: { type: String, required: true, index: true },
    amount: { type: Number, required: true },
    status: { type: String, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'sandbox_payments' },
);
export const SandboxPayment = mongoose.model('SandboxPayment', sandboxPaymentSchema);

/**
 * The sandbox's refunds: processed at once (no bank in between), at most the payment's amount,
 * one per idempotency key (as Razorpay's X-Refund-Idempotency).
 */
const sandboxRefundSchema = new mongoose.Schema(
  {
    _id: { type: String },
    paymentId: { type: String, required: true, index: true },
    amount: { type: Number, required: true },
    status: { type: String, required: true },
    receipt: { type: String, default: '' },
    idempotencyKey: { type: String },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'sandbox_refunds' },
);
sandboxRefundSchema.index({ idempotencyKey: 1 }, { unique: true, sparse: true });
export const SandboxRefund = mongoose.model('SandboxRefund', sandboxRefundSchema);
