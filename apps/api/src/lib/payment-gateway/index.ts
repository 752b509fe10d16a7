/**
 * The payment adapter: Razorpay when its keys are set, otherwise a sandbox provider inside
 * the API that follows Razorpay's contract (orders, a checkout script exposing
 * `window.Razorpay`, signed results, webhooks, a payments query for reconciliation).
 */
import type { Config } from '../../config/index.js';
import { createRazorpayGateway } from './razorpay.js';
import { createSandboxGateway } from './sandbox.js';

export interface ProviderOrder {
  id: string;
  /** In paise. */
  amount: number;
  currency: string;
}

/** A payment attempt on an order, as the provider reports it (Razorpay's payment entity, trimmed). */
export interface ProviderPayment {
  id: string;
  orderId: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** In paise. */
  amount: number;
  /** ISO code, e.g. INR. */
  currency: string;
  email?: string | undefined;
  contact?: string | undefined;
}

/** A refund of a payment, as the provider reports it (Razorpay's refund entity, trimmed). */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  /** In paise. */
  amount: number;
  status: 'pending' | 'processed' | 'failed';
}

/** What the sandbox's "Pay" button gets back: exactly Razorpay's handler fields. */
export interface SignedPayment {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface PaymentGateway {
  readonly provider: 'razorpay' | 'sandbox';
  readonly keyId: string;
  /** The URL of the checkout script the web app loads. */
  readonly checkoutScript: string;
  /** Creates the provider's order; throws ProviderUnavailableError when the provider cannot be reached. */
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<ProviderOrder>;
  /** The payments made against an order (for reconciliation). */
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  /**
   * Refunds a captured payment (the whole amount here). Throws ProviderRefusedError when the
   * provider answers no (with its reason), ProviderUnavailableError when it cannot be reached.
   */
  refundPayment(input: {
    paymentId: string;
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<ProviderRefund>;
  /** The refunds made on a payment (for reconciliation). */
  fetchRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** HMAC-SHA256 of `order_id|payment_id` with the key secret, compared in constant time. */
  verifySignature(orderId: string, paymentId: string, signature: string): boolean;
  /** HMAC-SHA256 of the raw body with the webhook secret; false when no webhook secret is configured. */
  verifyWebhook(rawBody: Buffer, signature: string): boolean;
  /** Only the sandbox: take a (pretend) payment for an order and sign it like Razorpay. */
  readonly sandbox?: { pay(orderId: string, amountPaise: number): Promise<SignedPayment> };
}

/** The provider could not be reached or refused to work (network error, 5xx, bad credentials). */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The payment provider is unavailable', { cause });
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider understood the request and refused it (e.g. the payment is already refunded). */
export class ProviderRefusedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ProviderRefusedError';
  }
}

export function createPaymentGateway(config: Config): PaymentGateway {
  if (config.razorpay) {
    return createRazorpayGateway({ ...config.razorpay, apiUrl: config.payments.razorpayApiUrl });
  }
  return createSandboxGateway(config.payments.sandbox);
}

export { signPayment, hmacHex } from './signature.js';
