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

/** The sandbox's refunds: processed at once (no bank in between), at most the payment's amount. */
const sandboxRefundSchema = new mongoose.Schema(
  {
    _id: { type: String },
    paymentId: { type: String, required: true, index: true },
    amount: { type: Number, required: true },
    status: { type: String, required: true },
    receipt: { type: String, default: '' },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'sandbox_refunds' },
);
export const SandboxRefund = mongoose.model('SandboxRefund', sandboxRefundSchema);
