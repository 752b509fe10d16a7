/**
 * Razorpay's refund webhooks (`refund.processed`, `refund.failed`; the payload's
 * `refund.entity`): the refund of a cancelled order moves to what the provider says. The
 * webhook route has checked the signature and the event id already.
 */
import { z } from 'zod';
import type { AppDeps } from '../../lib/types.js';
import { recordRefundState } from '../orders/index.js';

export const refundPayload = z.object({
  entity: z.object({
    id: z.string(),
    payment_id: z.string(),
    amount: z.number().int().nonnegative(),
    status: z.string().optional(),
  }),
});

const STATUS_OF = { 'refund.processed': 'processed', 'refund.failed': 'failed' } as const;
export const REFUND_EVENTS = new Set(Object.keys(STATUS_OF));

/** Answers why nothing changed, or undefined when the refund moved. */
export async function handleRefundEvent(
  deps: AppDeps,
  event: string,
  refund: z.infer<typeof refundPayload>['entity'],
): Promise<string | undefined> {
  const status = STATUS_OF[event as keyof typeof STATUS_OF];
  const moved = await recordRefundState(deps, refund.payment_id, {
    id: refund.id,
    paymentId: refund.payment_id,
    amount: refund.amount,
    status,
  });
  if (moved) return undefined;
  deps.logger.info({ event, refundId: refund.id }, 'refund webhook changed nothing');
  return 'not a pending refund of this shop';
}
