/** Orders: their statuses, refunds, timeline events and the colours statuses show in. */

export const ORDER_STATUSES = ['pending', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A cancelled paid order's refund: started, done by the provider, or refused (the admin acts). */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** Refunds of card payments usually reach the shopper's account within this (Razorpay's normal speed). */
export const REFUND_ARRIVAL = '5–7 working days';

/** How an order is paid: online before it ships, or in cash to the courier. */
export const PAYMENT_METHODS = ['online', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * Where an order's money is: paid online, or (cash on delivery) due, collected from the courier,
 * or returned unpaid; refunded once given back.
 */
export const PAYMENT_STATUSES = ['paid', 'due', 'collected', 'returned', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What an order's timeline records: paid, each status it moved to, and the refund's outcome. */
export const ORDER_EVENTS = [
  'paid',
  ...ORDER_STATUSES,
  'refund_processed',
  'refund_failed',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];
/** Who cancelled or changed an order. */
export const ORDER_ACTORS = ['customer', 'admin'] as const;

/**
 * Status colours: shipped blue, delivered green, anything else grey, except that a paid
 * order waiting to ship reads "Confirmed" in violet, not a warning's yellow.
 */
type StatusColor = 'violet' | 'blue' | 'green' | 'grey';
export const ORDER_STATUS_COLORS: Record<string, StatusColor> = {
  pending: 'violet',
  shipped: 'blue',
  delivered: 'green',
};
export function orderStatusColor(status: string): StatusColor {
  return ORDER_STATUS_COLORS[status] ?? 'grey';
}
