/**
 * POST /payment/webhook: Razorpay (or the sandbox) tells us about a payment. The signature
 * (X-Razorpay-Signature: HMAC-SHA256 hex of the raw body with the webhook secret) is checked
 * first; `payment.captured` and `order.paid` complete the checkout through the same path as
 * verify-payment, so a shopper whose browser closed after paying still gets the order.
 * `refund.processed` and `refund.failed` move the refund of a cancelled order (refund-events).
 * Deliveries already handled (X-Razorpay-Event-Id) are acknowledged and ignored.
 */
import { z } from 'zod';
import { badRequest, isDuplicateKey } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/types.js';
import { Checkout } from './checkout.model.js';
import { WebhookEvent } from './webhook-event.model.js';
import {
  captureMatchesCheckout,
  completeCheckout,
  type LeanCheckout,
} from './payment-completion.js';
import { REFUND_EVENTS, handleRefundEvent, refundPayload } from './refund-events.js';

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
      refund: refundPayload.optional(),
    })
    .optional(),
});

const COMPLETING_EVENTS = new Set(['payment.captured', 'order.paid']);

export interface WebhookDelivery {
  rawBody: Buffer;
  signature: string | undefined;
  eventId: string | undefined;
}

export async function handleWebhook(
  deps: AppDeps,
  delivery: WebhookDelivery,
): Promise<{ success: true; ignored?: string }> {
  if (!delivery.signature || !deps.payments.verifyWebhook(delivery.rawBody, delivery.signature)) {
    throw badRequest('Invalid webhook signature');
  }
  const eventId = delivery.eventId?.slice(0, 200);
  if (eventId && (await WebhookEvent.exists({ _id: eventId })))
    return { success: true, ignored: 'already handled' };

  let json: unknown;
  try {
    json = JSON.parse(delivery.rawBody.toString('utf8'));
  } catch {
    throw badRequest('Malformed webhook body');
  }
  const parsed = eventBody.safeParse(json);
  if (!parsed.success) throw badRequest('Unexpected webhook body');
  const { event, payload } = parsed.data;

  let ignored: string | undefined;
  if (COMPLETING_EVENTS.has(event) && payload?.payment) {
    const payment = payload.payment.entity;
    const providerOrderId = payment.order_id ?? payload.order?.entity.id;
    const checkout = providerOrderId
      ? await Checkout.findOne({ providerOrderId }).lean<LeanCheckout>()
      : null;
    // A capture always carries its amount and currency (refund events need not).
    if (payment.amount === undefined || payment.currency === undefined)
      throw badRequest('Unexpected webhook body');
    const captured = {
      paymentId: payment.id,
      amountPaise: payment.amount,
      currency: payment.currency,
    };
    if (checkout && !(await captureMatchesCheckout(deps, checkout, captured))) {
      ignored = 'the amount or currency differs from the checkout: flagged for the admin';
    } else if (checkout) {
      const contact = {
        email: payment.email ?? undefined,
        phone: payment.contact == null ? undefined : String(payment.contact),
      };
      await completeCheckout(deps, { checkout, paymentId: payment.id, contact });
    } else {
      ignored = 'not an order of this shop';
      deps.logger.info({ event, providerOrderId }, 'webhook for an unknown order: ignored');
    }
  } else if (REFUND_EVENTS.has(event) && payload?.refund) {
    ignored = await handleRefundEvent(deps, event, payload.refund.entity);
  } else {
    ignored = `event ${event} needs nothing`;
  }

  // Recorded only once handled: a delivery that failed half-way is processed again on retry.
  if (eventId) {
    await WebhookEvent.create({ _id: eventId, event }).catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
  }
  return ignored ? { success: true, ignored } : { success: true };
}
