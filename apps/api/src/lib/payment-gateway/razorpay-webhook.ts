/**
 * Razorpay's webhook format, which the sandbox follows too: the signature in
 * X-Razorpay-Signature (checked by the adapter's verifyWebhook), the delivery's id in
 * X-Razorpay-Event-Id, and a JSON body `{ event, payload: { payment | order | refund } }`.
 * Read here into the shop's provider-neutral PaymentEvent, so nothing above the adapter
 * knows the format.
 */
import { z } from 'zod';
import {
  WebhookBodyError,
  type PaymentEvent,
  type PaymentGateway,
  type WebhookRequest,
} from './gateway.js';

/** The parts of Razorpay's event we read; everything else is ignored. */
const eventBody = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z
        .object({
          entity: z.object({
            id: z.string(),
            /** In paise; compared with the checkout's before anything completes. */
            amount: z.number().optional(),
            currency: z.string().optional(),
            order_id: z.string().nullish(),
            email: z.string().nullish(),
            contact: z.union([z.string(), z.number()]).nullish(),
          }),
        })
        .optional(),
      order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
      refund: z
        .object({
          entity: z.object({
            id: z.string(),
            payment_id: z.string(),
            amount: z.number().int().nonnegative(),
            status: z.string().optional(),
          }),
        })
        .optional(),
    })
    .optional(),
});

/** A captured payment completes its checkout, whichever of the two events says so first. */
const CAPTURE_EVENTS = new Set(['payment.captured', 'order.paid']);
const REFUND_STATUS_OF = { 'refund.processed': 'processed', 'refund.failed': 'failed' } as const;

const header = (request: WebhookRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

export function readRazorpayWebhook(
  verifyWebhook: PaymentGateway['verifyWebhook'],
): Pick<PaymentGateway, 'authenticateWebhook' | 'parseWebhook'> {
  return {
    authenticateWebhook(request) {
      const signature = header(request, 'x-razorpay-signature');
      return {
        authentic: signature !== undefined && verifyWebhook(request.rawBody, signature),
        eventId: header(request, 'x-razorpay-event-id'),
      };
    },

    parseWebhook(rawBody): PaymentEvent {
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookBodyError('Malformed webhook body');
      }
      const parsed = eventBody.safeParse(json);
      if (!parsed.success) throw new WebhookBodyError('Unexpected webhook body');
      const { event: name, payload } = parsed.data;

      if (CAPTURE_EVENTS.has(name) && payload?.payment) {
        const payment = payload.payment.entity;
        // A capture always carries its amount and currency (refund events need not).
        if (payment.amount === undefined || payment.currency === undefined)
          throw new WebhookBodyError('Unexpected webhook body');
        return {
          type: 'payment.captured',
          name,
          providerOrderId: payment.order_id ?? payload.order?.entity.id,
          payment: {
            id: payment.id,
            amountPaise: payment.amount,
            currency: payment.currency,
            email: payment.email ?? undefined,
            phone: payment.contact == null ? undefined : String(payment.contact),
          },
        };
      }
      if (name in REFUND_STATUS_OF && payload?.refund) {
        const refund = payload.refund.entity;
        return {
          type: 'refund.settled',
          name,
          refund: {
            id: refund.id,
            paymentId: refund.payment_id,
            amount: refund.amount,
            status: REFUND_STATUS_OF[name as keyof typeof REFUND_STATUS_OF],
          },
        };
      }
      return { type: 'not_supported', name };
    },
  };
}
