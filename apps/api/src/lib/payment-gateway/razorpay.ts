/** Razorpay through its official SDK (`razorpay` on npm). */
import Razorpay from 'razorpay';
import { ProviderUnavailableError, type PaymentGateway, type ProviderPayment } from './index.js';
import { verifyPaymentSignature, verifyWebhookSignature } from './signature.js';

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** The SDK builds its axios client with a fixed host; its `api.rq` is that client. */
interface SdkHttp {
  rq: { defaults: { baseURL?: string; timeout?: number } };
}

export function createRazorpayGateway(opts: {
  keyId: string;
  keySecret: string;
  webhookSecret: string | undefined;
  /** https://api.razorpay.com in real use; a loopback stand-in in tests. */
  apiUrl: string;
}): PaymentGateway {
  const client = new Razorpay({ key_id: opts.keyId, key_secret: opts.keySecret });
  const http = (client.api as unknown as SdkHttp).rq.defaults;
  http.baseURL = opts.apiUrl.replace(/\/+$/, '');
  // The SDK sets no timeout: a hung provider must not hang the shopper's request.
  http.timeout = 15_000;

  return {
    provider: 'razorpay',
    keyId: opts.keyId,
    checkoutScript: RAZORPAY_CHECKOUT_SCRIPT,

    async createOrder({ amountPaise, receipt, notes }) {
      try {
        const order = await client.orders.create({
          amount: amountPaise,
          currency: 'INR',
          receipt,
          notes: notes ?? {},
        });
        return { id: order.id, amount: Number(order.amount), currency: order.currency };
      } catch (err) {
        throw new ProviderUnavailableError(err);
      }
    },

    async fetchOrderPayments(orderId) {
      try {
        const { items } = await client.orders.fetchPayments(orderId);
        return items.map((p): ProviderPayment => ({
          id: p.id,
          orderId: p.order_id ?? orderId,
          status: p.status as ProviderPayment['status'],
          amount: Number(p.amount),
          email: p.email ?? undefined,
          contact: p.contact === undefined || p.contact === null ? undefined : String(p.contact),
        }));
      } catch (err) {
        throw new ProviderUnavailableError(err);
      }
    },

    verifySignature: (orderId, paymentId, signature) =>
      verifyPaymentSignature(opts.keySecret, orderId, paymentId, signature),
    verifyWebhook: (rawBody, signature) =>
      opts.webhookSecret !== undefined &&
      verifyWebhookSignature(opts.webhookSecret, rawBody, signature),
  };
}
