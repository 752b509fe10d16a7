import { z } from 'zod';
import { REFUND_STATUSES } from '../constants/orders.js';
import { COLOUR_NAME_MAX } from '../constants/index.js';
import { objectId, optionalCouponCode, queryText } from './common.js';
import { ordersPageQuery } from './order.js';
import { productSize } from './product.js';
import { address } from './user.js';
import { optionalGstin } from './gst.js';

export const checkoutItem = z.object({
  _id: objectId,
  cartQuantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(1000),
  /** The size bought; may be left out only for a product made in One size. */
  size: productSize.optional(),
  /** The colour bought, by name (any case); may be left out only for a product in one colour. */
  colour: queryText('Colour', COLOUR_NAME_MAX).optional(),
});

export const createOrderBody = z.object({
  /** What the shopper saw, in rupees: compared with the server's total, never trusted. */
  amount: z.number().positive(),
  items: z.array(checkoutItem).min(1, 'The cart is empty').max(100),
  /** Where to ship; without it, the signed-in shopper's profile address. */
  shippingAddress: address.optional(),
  /** A business buyer's GSTIN, printed on the tax invoice ("" or absent: none). */
  gstin: optionalGstin.optional(),
  /**
   * A coupon code: the server applies it with the automatic offer (409 with `reason` when it
   * is refused: the shopper's cart shows why).
   */
  coupon: optionalCouponCode,
});
export type CreateOrderBody = z.input<typeof createOrderBody>;

/** The payment provider's order: amount in paise. */
export const paymentOrder = z
  .object({ id: z.string(), amount: z.number(), currency: z.string() })
  .meta({ id: 'PaymentOrder' });
export type PaymentOrder = z.infer<typeof paymentOrder>;
export const createOrderResponse = z.object({ order: paymentOrder });
export type CreateOrderResponse = z.infer<typeof createOrderResponse>;

export const verifyPaymentBody = z.object({
  razorpay_payment_id: queryText('razorpay_payment_id', 100),
  razorpay_order_id: queryText('razorpay_order_id', 100),
  razorpay_signature: z.string().min(1).max(200),
  amount: z.number().optional(),
  items: z.array(z.unknown()).optional(),
  userId: objectId,
  shippingAddress: z.string().trim().max(500).optional().default(''),
});
export type VerifyPaymentBody = z.input<typeof verifyPaymentBody>;
export const verifyPaymentResponse = z.object({
  success: z.boolean(),
  orderId: z.string().optional(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponse>;

export const paymentConfigResponse = z.object({
  provider: z.enum(['razorpay', 'sandbox']),
  keyId: z.string(),
  checkoutScript: z.string(),
});
export type PaymentConfigResponse = z.infer<typeof paymentConfigResponse>;

/** The sandbox provider's "Pay" button: take a pretend payment for a sandbox order. */
export const sandboxPayBody = z.object({ order_id: queryText('order_id', 100) });
export type SandboxPayBody = z.infer<typeof sandboxPayBody>;
export const sandboxPayResponse = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export type SandboxPayResponse = z.infer<typeof sandboxPayResponse>;

/** What the webhook answers the provider: handled, or why nothing was done. */
export const webhookResponse = z.object({
  success: z.literal(true),
  ignored: z.string().optional(),
});
export type WebhookResponse = z.infer<typeof webhookResponse>;

/**
 * Why a captured payment made no order: it was of another amount or currency than its checkout,
 * or it was a second payment for a checkout already paid (its order stands).
 */
export const UNSETTLED_REASONS = ['amount_differs', 'paid_twice'] as const;
export type UnsettledReason = (typeof UNSETTLED_REASONS)[number];

/** A captured payment without an order of its own, and the refund asked for it (if any). */
export const paymentToSettle = z
  .object({
    paymentId: z.string(),
    reason: z.enum(UNSETTLED_REASONS),
    /** What the provider captured, in paise. */
    amountPaise: z.number(),
    currency: z.string(),
    refund: z
      .object({
        /** The provider's refund id; empty while the provider has not answered. */
        id: z.string(),
        amountPaise: z.number(),
        status: z.enum(REFUND_STATUSES),
        failureReason: z.string().optional(),
        createdAt: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'PaymentToSettle' });
export type PaymentToSettle = z.infer<typeof paymentToSettle>;

/** A checkout holding payments to settle: who paid, for what, and those payments. */
export const checkoutToSettle = z
  .object({
    _id: objectId,
    providerOrderId: z.string(),
    /** The checkout's own total, in paise. */
    amountPaise: z.number(),
    /** When its first payment to settle was recorded. */
    since: z.string(),
    /** The signed-in shopper, or null for a guest checkout. */
    shopper: z.object({ name: z.string(), email: z.string() }).nullable(),
    /** The order the checkout became (a second payment), or null. */
    orderId: objectId.nullable(),
    payments: z.array(paymentToSettle),
  })
  .meta({ id: 'CheckoutToSettle' });
export type CheckoutToSettle = z.infer<typeof checkoutToSettle>;

/** GET /payment/unsettled: checkouts with payments to settle, oldest waiting first. */
export const unsettledQuery = ordersPageQuery;
export const unsettledResponse = z.object({
  success: z.boolean(),
  checkouts: z.array(checkoutToSettle),
  total: z.number(),
});
export type UnsettledResponse = z.infer<typeof unsettledResponse>;

/** POST /payment/unsettled/{checkoutId}/refund: give one such payment back in full. */
export const checkoutIdParams = z.object({ checkoutId: objectId });
export const refundUnsettledBody = z.object({ paymentId: queryText('paymentId', 100) });
export type RefundUnsettledBody = z.infer<typeof refundUnsettledBody>;
export const refundUnsettledResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  refund: paymentToSettle.shape.refund,
});
export type RefundUnsettledResponse = z.infer<typeof refundUnsettledResponse>;
