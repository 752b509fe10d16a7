/**
 * A provider's word that a refund settled (processed or failed): the refund of a cancelled
 * order, or of a payment to settle (unsettled.ts), moves to what the provider says. The webhook
 * route has checked the signature and the event id already; the adapter has read the
 * provider's format.
 */
import type { PaymentEvent } from '../../lib/payment-gateway/index.js';
import type { AppDeps } from '../../lib/types.js';
import { recordRefundState } from '../orders/index.js';
import { recordUnsettledRefund } from './unsettled.js';

/** Answers why nothing changed, or undefined when the refund moved. */
export async function handleRefundEvent(
  deps: AppDeps,
  event: Extract<PaymentEvent, { type: 'refund.settled' }>,
): Promise<string | undefined> {
  const { refund } = event;
  const moved =
    (await recordRefundState(deps, refund.paymentId, refund)) ||
    (await recordUnsettledRefund(deps, refund));
  if (moved) return undefined;
  deps.logger.info({ event: event.name, refundId: refund.id }, 'refund webhook changed nothing');
  return 'not a pending refund of this shop';
}
