/**
 * The payment adapter: Razorpay when its keys are set, otherwise a sandbox provider inside
 * the API that follows Razorpay's contract (orders, a checkout script exposing
 * `window.Razorpay`, signed results, webhooks, a payments query for reconciliation).
 */
import type { Config } from '../../config/index.js';
import type { PaymentGateway } from './gateway.js';
import { createRazorpayGateway } from './razorpay.js';
import { createSandboxGateway } from './sandbox.js';

export * from './gateway.js';

export function createPaymentGateway(config: Config): PaymentGateway {
  if (config.razorpay) {
    return createRazorpayGateway({ ...config.razorpay, apiUrl: config.payments.razorpayApiUrl });
  }
  return createSandboxGateway(config.payments.sandbox);
}

export { signPayment, hmacHex } from './signature.js';
