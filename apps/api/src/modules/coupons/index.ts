/**
 * The coupons module's public API (its models stay inside): codes and automatic offers, the
 * discount on a cart, and the uses of a code held at checkout, redeemed when paid and given
 * back when an order is cancelled. It reads categories and products; orders and payments use it.
 */
export { couponsRouter, adminCouponsRouter } from './coupons.router.js';
export {
  cartDiscount,
  discountRecord,
  type CartDiscount,
  type DiscountRecord,
  type CartDiscountInput,
  type IsFirstOrder,
} from './cart-discount.js';
export type { DiscountTotals, ReadDiscountTotals } from './coupons.admin.js';
export { couponJobs, giveBackUse, holdUse, redeemUse, releaseHold, HOLD_MS } from './uses.js';
