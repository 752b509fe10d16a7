/** Cash on delivery: placing an order paid in cash to the courier (`POST /api/orders/cod`). */
import { z } from 'zod';
import { objectId, optionalCouponCode } from './common.js';
import { order } from './order.js';
import { checkoutItem } from './payment.js';

export const codOrderBody = z.object({
  /** What the shopper saw, in rupees (T-shirts, delivery and the COD fee): compared, never trusted. */
  amount: z.number().positive(),
  items: z.array(checkoutItem).min(1, 'The cart is empty').max(100),
  /** One of the customer's saved addresses. */
  addressId: objectId,
  /** A coupon code, judged as at checkout with cash on delivery (a prepaid-only one: 409 `cod`). */
  coupon: optionalCouponCode,
});
export type CodOrderBody = z.infer<typeof codOrderBody>;

/**
 * The `Idempotency-Key` header the browser sends with a COD order: the same key answers the same
 * order (a double click, a retried request).
 */
export const idempotencyKey = z
  .string({ error: 'Send an Idempotency-Key header' })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The Idempotency-Key is 8 to 100 letters, digits, - or _');

export const codOrderResponse = z.object({ success: z.boolean(), order });
export type CodOrderResponse = z.infer<typeof codOrderResponse>;

/**
 * An admin settles a delivered COD order: the courier paid the cash over (`collected`, with the
 * remittance reference) or the parcel came back unpaid (`returned`: RTO).
 */
export const codSettlementBody = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('collected'),
    reference: z
      .string()
      .trim()
      .min(1, 'Enter the remittance reference')
      .max(100, 'At most 100 characters'),
  }),
  z.object({ outcome: z.literal('returned') }),
]);
export type CodSettlementBody = z.infer<typeof codSettlementBody>;
