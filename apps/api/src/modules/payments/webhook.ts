/**
 * POST /payment/webhook: the provider (Razorpay or the sandbox) tells us about a payment. The
 * gateway adapter checks the delivery's signature first and reads its event in the shop's own
 * terms (lib/payment-gateway): a captured payment completes the checkout through the same path
 * as verify-payment, so a shopper whose browser closed after paying still gets the order; a
 * settled refund moves the refund of a cancelled order (refund-events). Deliveries already
 * handled (by the provider's event id) are acknowledged and ignored.
 */
import { badRequest, isDuplicateKey } from '../../lib/errors.js';
import {
  WebhookBodyError,
  type PaymentEvent,
  type WebhookRequest,
} from '../../lib/payment-gateway/index.js';
import type { AppDeps } from '../../lib/types.js';
import { Checkout } from './checkout.model.js';
import { WebhookEvent } from './webhook-event.model.js';
import {
  captureMatchesCheckout,
  completeCheckout,
  type LeanCheckout,
} from './payment-completion.js';
import { handleRefundEvent } from './refund-events.js';

export async function handleWebhook(
  deps: AppDeps,
  request: WebhookRequest,
): Promise<{ success: true; ignored?: string }> {
  const delivery = deps.payments.authenticateWebhook(request);
  if (!delivery.authentic) throw badRequest('Invalid webhook signature');
  const eventId = delivery.eventId?.slice(0, 200);
  if (eventId && (await WebhookEvent.exists({ _id: eventId })))
    return { success: true, ignored: 'already handled' };
  let event: PaymentEvent;
  try {
    event = deps.payments.parseWebhook(request.rawBody);
  } catch (err) {
    if (err instanceof WebhookBodyError) throw badRequest(err.message);
    throw err;
  }

  let ignored: string | undefined;
  if (event.type === 'payment.captured') {
    const { providerOrderId, payment } = event;
    const checkout = providerOrderId
      ? await Checkout.findOne({ providerOrderId }).lean<LeanCheckout>()
      : null;
    const captured = {
      paymentId: payment.id,
      amountPaise: payment.amountPaise,
      currency: payment.currency,
    };
    if (checkout && !(await captureMatchesCheckout(deps, checkout, captured))) {
      ignored = 'the amount or currency differs from the checkout: flagged for the admin';
    } else if (checkout) {
      const contact = { email: payment.email, phone: payment.phone };
      await completeCheckout(deps, { checkout, paymentId: payment.id, contact });
    } else {
      ignored = 'not an order of this shop';
      deps.logger.info(
        { event: event.name, providerOrderId },
        'webhook for an unknown order: ignored',
      );
    }
  } else if (event.type === 'refund.settled') {
    ignored = await handleRefundEvent(deps, event);
  } else {
    ignored = `event ${event.name} needs nothing`;
  }

  // Recorded only once handled: a delivery that failed half-way is processed again on retry.
  if (eventId) {
    await WebhookEvent.create({ _id: eventId, event: event.name }).catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
  }
  return ignored ? { success: true, ignored } : { success: true };
}
