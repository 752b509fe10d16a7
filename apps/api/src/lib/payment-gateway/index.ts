/**
 * The payment adapter: Razorpay when its keys are set, otherwise a sandbox provider that
 * follows Razorpay's contract. The payments module owns the implementation.
 */
export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
}

export interface PaymentGateway {
  readonly provider: 'razorpay' | 'sandbox';
  readonly keyId: string;
  readonly checkoutScript: string;
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<ProviderOrder>;
  /** HMAC-SHA256 of `order_id|payment_id` with the key secret, compared in constant time. */
  verifySignature(orderId: string, paymentId: string, signature: string): boolean;
}

import type { Config } from '../../config/index.js';

/** Chooses the provider from configuration. (Filled in by the payments module.) */
export function createPaymentGateway(_config: Config): PaymentGateway {
  return {
    provider: 'sandbox',
    keyId: 'sandbox',
    checkoutScript: '/api/payment/sandbox/checkout.js',
    createOrder: () => Promise.reject(new Error('Payments are not implemented yet')),
    verifySignature: () => false,
  };
}
