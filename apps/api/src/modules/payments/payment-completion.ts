/**
 * The one path from "this checkout is paid" to an order, used by verify-payment, the webhook
 * and reconciliation. Idempotent and safe under concurrency:
 *   1. insert the order, built from the recorded checkout (unique paymentId and
 *      providerOrderId: exactly one insert wins, every other caller gets that order back),
 *      its items claimed for the winner's stock take in the same insert;
 *   2. mark the checkout paid (never moved back);
 *   3. take the stock, each item claimed on the order first and taken with its key, so no
 *      crash, retry or concurrent duplicate takes it twice; a shortage flags the order, never
 *      loses it;
 *   4. the winner mails the confirmation (a mail failure is only logged).
 * A paid checkout without a usable shipping address still becomes its order, flagged for the
 * admin (create-order refuses such checkouts, so only older ones or a changed profile get here).
 */
import type { Types } from 'mongoose';
import type { AppDeps } from '../../lib/types.js';
import {
  invoiceOrder,
  newStockClaim,
  paidOrderSettings,
  recordPaidOrder,
  type StoredDiscount,
  sendOrderConfirmation,
  takeStock,
} from '../orders/index.js';
import { redeemUse } from '../coupons/index.js';
import { profileAddress } from '../users/index.js';
import { Checkout, type CheckoutFields } from './checkout.model.js';
import { recordPaymentToSettle } from './unsettled.js';

export type LeanCheckout = CheckoutFields & { _id: Types.ObjectId; createdAt: Date };

export interface Completion {
  checkout: LeanCheckout;
  paymentId: string;
  /** verify: the signed-in shopper; otherwise the checkout's user (or none). */
  userId?: string | undefined;
  /** verify: the signed-in shopper's name and email, just loaded (the mail needs no lookup). */
  recipient?: { name: string; email: string } | undefined;
  /** verify: the address sent; otherwise the checkout's, then the profile's. */
  shippingAddress?: string | undefined;
  /** webhook/reconcile: the payer's contact as the provider reports it. */
  contact?: { email?: string | undefined; phone?: string | undefined } | undefined;
}

export interface Completed {
  orderId: string;
  created: boolean;
  /** The order's shopper (an earlier caller may have recorded it). */
  ownerId: string | null;
  /** The confirmation mail in flight (never rejects); callers that exit soon await it. */
  confirmation: Promise<void>;
}

/** What the provider reports as captured for a checkout's order. */
export interface CapturedPayment {
  paymentId: string;
  /** In paise. */
  amountPaise: number;
  currency: string;
}

/**
 * The webhook and reconciliation hear of a capture from the provider: it completes the checkout
 * only for exactly the checkout's amount and currency. Any other capture is recorded on the
 * checkout, which is flagged and listed for the admin to refund (unsettled.ts), and makes no
 * order.
 * Returns whether the payment matches.
 */
export async function captureMatchesCheckout(
  deps: AppDeps,
  checkout: LeanCheckout,
  captured: CapturedPayment,
): Promise<boolean> {
  const currency = checkout.currency ?? 'INR';
  if (
    captured.amountPaise === checkout.amountPaise &&
    captured.currency.toUpperCase() === currency.toUpperCase()
  )
    return true;
  const { paymentId, amountPaise } = captured;
  await recordPaymentToSettle(deps, checkout, {
    paymentId,
    reason: 'amount_differs',
    amountPaise,
    currency: captured.currency,
  });
  // A paid checkout stays paid (its order stands); any other is flagged instead of completed.
  await Checkout.updateOne(
    { _id: checkout._id, status: { $ne: 'paid' } },
    { $set: { status: 'flagged' } },
  );
  deps.logger.warn(
    {
      providerOrderId: checkout.providerOrderId,
      paymentId,
      captured: { amountPaise, currency: captured.currency },
      expected: { amountPaise: checkout.amountPaise, currency },
    },
    'a captured payment differs from its checkout: not completed, flagged for the admin',
  );
  return false;
}

const discountOfCheckout = (checkout: LeanCheckout) =>
  (checkout.discount as StoredDiscount | null | undefined) ?? null;

export async function completeCheckout(deps: AppDeps, input: Completion): Promise<Completed> {
  const { checkout, paymentId } = input;
  const userId = input.userId ?? (checkout.user ? String(checkout.user) : null);
  const shippingAddress =
    input.shippingAddress ||
    checkout.shippingAddress ||
    (userId ? await profileAddress(userId) : '');

  // The order is inserted with its items claimed for this caller's stock take (step 3).
  const claim = newStockClaim();
  const { order, created } = await recordPaidOrder(deps, {
    user: userId,
    contact: input.contact,
    items: checkout.items,
    amountPaise: checkout.amountPaise,
    shippingFeePaise: checkout.shippingFeePaise ?? 0,
    deliveryBy: checkout.deliveryBy ?? null,
    currency: checkout.currency,
    shippingAddress,
    provider: checkout.provider,
    paymentId,
    providerOrderId: checkout.providerOrderId,
    buyerGstin: checkout.buyerGstin ?? '',
    discount: discountOfCheckout(checkout),
    stockClaim: claim,
  });
  const orderId = String(order._id);
  // The code's use, held at checkout, becomes the order's (once, however often this runs).
  const couponId = order.discount?.couponId;
  if (couponId && order.user)
    await redeemUse(deps, {
      couponId: String(couponId),
      userId: String(order.user),
      checkout: checkout.receipt,
      orderId,
    });

  if (order.paymentId !== paymentId) {
    // A second payment for a checkout that already became an order: keep it for a refund.
    await recordPaymentToSettle(
      deps,
      { ...checkout, order: order._id },
      {
        paymentId,
        reason: 'paid_twice',
        amountPaise: checkout.amountPaise,
        currency: checkout.currency ?? 'INR',
      },
    );
    deps.logger.warn(
      { orderId, paymentId, providerOrderId: checkout.providerOrderId },
      'a second payment for a paid checkout: refund it',
    );
  }
  await Checkout.updateOne(
    { _id: checkout._id, status: { $ne: 'paid' } },
    { $set: { status: 'paid', order: order._id, paymentId: order.paymentId } },
  );

  // The claim is this caller's only if its insert recorded the order (another caller's order
  // is claimed afresh: what it has not taken yet, or nothing).
  const { short } = await takeStock(
    deps,
    order._id,
    created ? { claimed: { ...claim, items: order.items } } : {},
  );
  if (short.length)
    deps.logger.warn({ orderId, short }, 'a paid order is short of stock: flagged for the admin');
  if (created && order.addressNeeded)
    deps.logger.warn({ orderId }, 'a paid order has no shipping address: flagged for the admin');

  // Paid online: its tax invoice now (once; nothing until the seller's GST details are set).
  // The seller's details and the shop's (the mail's footer) in one read.
  const { gst: seller, shop } = await paidOrderSettings();
  // The signed-in shopper just loaded is the order's account only when it is theirs.
  const account = order.user && String(order.user) === userId ? input.recipient : undefined;
  const invoice = await invoiceOrder(deps, orderId, undefined, { seller, order, account });

  let confirmation = Promise.resolve();
  if (created) {
    deps.logger.info({ orderId, paymentId, provider: checkout.provider }, 'order recorded');
    // The shopper's answer does not wait for the mail server.
    confirmation = sendOrderConfirmation(deps, order, input.recipient, invoice?.number, shop);
  }
  return { orderId, created, ownerId: order.user ? String(order.user) : null, confirmation };
}
