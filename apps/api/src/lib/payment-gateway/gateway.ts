/** What every payment provider's adapter does, in the shop's own terms (index.ts picks one). */
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

/** A webhook delivery as it arrived: the raw body (signed) and the headers. */
export interface WebhookRequest {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A webhook's event in the shop's own terms, whatever the provider: each adapter reads its
 * provider's format into one of these. `name` is the provider's event name (logs, answers).
 */
export type PaymentEvent =
  | {
      type: 'payment.captured';
      name: string;
      /** The provider's order the payment was for (the shop's checkout). */
      providerOrderId: string | undefined;
      payment: {
        id: string;
        /** In paise. */
        amountPaise: number;
        currency: string;
        /** The payer's contact as the provider reports it. */
        email: string | undefined;
        phone: string | undefined;
      };
    }
  | {
      type: 'refund.settled';
      name: string;
      refund: ProviderRefund & { status: 'processed' | 'failed' };
    }
  | { type: 'not_supported'; name: string };

/** A webhook body the adapter cannot read (answered 400 with this message). */
export class WebhookBodyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookBodyError';
  }
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
    /**
     * Names this refund (refundIdempotencyKey): asked again with the same key and amount, the
     * provider answers with the refund it made, never a second one.
     */
    idempotencyKey: string;
  }): Promise<ProviderRefund>;
  /** The refunds made on a payment (for reconciliation). */
  fetchRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** HMAC-SHA256 of `order_id|payment_id` with the key secret, compared in constant time. */
  verifySignature(orderId: string, paymentId: string, signature: string): boolean;
  /** HMAC-SHA256 of the raw body with the webhook secret; false when no webhook secret is configured. */
  verifyWebhook(rawBody: Buffer, signature: string): boolean;
  /**
   * Whether a webhook delivery carries the provider's valid signature, and its event id (so
   * each event is acted on once), both read from where the provider puts them.
   */
  authenticateWebhook(request: WebhookRequest): { authentic: boolean; eventId: string | undefined };
  /** A delivery's body as a provider-neutral event; throws WebhookBodyError when it cannot be read. */
  parseWebhook(rawBody: Buffer): PaymentEvent;
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

/**
 * The idempotency key of a refund we claimed: the payment, when the claim was made and the
 * amount asked. A retry of the same claim (an answer lost on the way) asks with the same key;
 * a new claim (after a refund that failed) or another amount asks with a new one, so the
 * provider makes that refund rather than answering with the earlier one. Razorpay's rule:
 * at least 10 letters, digits, `-` or `_`.
 */
export function refundIdempotencyKey(
  paymentId: string,
  claimedAt: Date,
  amountPaise: number,
): string {
  const payment = paymentId.replace(/[^\w-]/g, '-');
  return `${payment}_${claimedAt.getTime().toString(36)}_${amountPaise}`;
}
