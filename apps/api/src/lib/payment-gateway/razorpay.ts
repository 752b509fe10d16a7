/** Razorpay through its official SDK (`razorpay` on npm). */
import Razorpay from 'razorpay';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type PaymentGateway,
  type ProviderPayment,
  type ProviderRefund,
} from './gateway.js';
import { readRazorpayWebhook } from './razorpay-webhook.js';
import { verifyPaymentSignature, verifyWebhookSignature } from './signature.js';

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** The SDK builds its axios client with a fixed host; its `api.rq` is that client. */
interface SdkHttp {
  rq: {
    defaults: { baseURL?: string; timeout?: number };
    post(
      url: string,
      data: unknown,
      config: { headers: Record<string, string> },
    ): Promise<{ data: RazorpayRefund }>;
  };
}

interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount?: number | string | undefined;
  status: string;
}

/** An error of the SDK's axios client in the shape the SDK's own calls reject with. */
function asSdkError(err: unknown): unknown {
  const response = (err as { response?: { status: number; data?: { error?: unknown } } }).response;
  return response ? { statusCode: response.status, error: response.data?.error } : err;
}

/**
 * The SDK rejects with `{ statusCode, error: { description } }` for an answer, else a network
 * error. Not a refusal: 401 (our keys), 429 (too many requests) and 409 (Razorpay still
 * processing an earlier request with the same idempotency key): asked again later.
 */
function refundError(err: unknown): Error {
  const answer = err as { statusCode?: number; error?: { description?: string } } | undefined;
  const status = answer?.statusCode ?? 0;
  if (status >= 400 && status < 500 && ![401, 409, 429].includes(status)) {
    return new ProviderRefusedError(answer?.error?.description ?? `Razorpay answered ${status}`);
  }
  return new ProviderUnavailableError(err);
}

const toRefund = (r: RazorpayRefund): ProviderRefund => ({
  id: r.id,
  paymentId: r.payment_id,
  amount: Number(r.amount ?? 0),
  status: r.status as ProviderRefund['status'],
});

export function createRazorpayGateway(opts: {
  keyId: string;
  keySecret: string;
  webhookSecret: string | undefined;
  /** https://api.razorpay.com in real use; a loopback stand-in in tests. */
  apiUrl: string;
}): PaymentGateway {
  const client = new Razorpay({ key_id: opts.keyId, key_secret: opts.keySecret });
  const sdkHttp = (client.api as unknown as SdkHttp).rq;
  const http = sdkHttp.defaults;
  http.baseURL = opts.apiUrl.replace(/\/+$/, '');
  // The SDK sets no timeout: a hung provider must not hang the shopper's request.
  http.timeout = 15_000;

  const verifyWebhook = (rawBody: Buffer, signature: string) =>
    opts.webhookSecret !== undefined &&
    verifyWebhookSignature(opts.webhookSecret, rawBody, signature);

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
          currency: String(p.currency),
          email: p.email ?? undefined,
          contact: p.contact === undefined || p.contact === null ? undefined : String(p.contact),
        }));
      } catch (err) {
        throw new ProviderUnavailableError(err);
      }
    },

    async refundPayment({ paymentId, amountPaise, receipt, notes, idempotencyKey }) {
      try {
        // Normal speed: free, 5–7 working days. Razorpay refuses more than the captured amount,
        // so a second full refund of one payment cannot happen there either; with the key
        // (X-Refund-Idempotency) a retry after an answer lost on the way is the same refund.
        // The SDK's payments.refund takes no headers, so this is its own client's call, as
        // payments.refund makes it (POST /v1/payments/:id/refund, the keys' Basic auth).
        const { data } = await sdkHttp.post(
          `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
          { amount: amountPaise, speed: 'normal', receipt, notes: notes ?? {} },
          { headers: { 'X-Refund-Idempotency': idempotencyKey } },
        );
        return toRefund(data);
      } catch (err) {
        throw refundError(asSdkError(err));
      }
    },

    async fetchRefunds(paymentId) {
      try {
        const { items } = await client.payments.fetchMultipleRefund(paymentId, { count: 100 });
        return items.map(toRefund);
      } catch (err) {
        throw new ProviderUnavailableError(err);
      }
    },

    verifySignature: (orderId, paymentId, signature) =>
      verifyPaymentSignature(opts.keySecret, orderId, paymentId, signature),
    verifyWebhook,
    ...readRazorpayWebhook(verifyWebhook),
  };
}
