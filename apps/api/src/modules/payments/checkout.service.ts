/**
 * POST /payment/create-order: the server prices the order (order-pricing.ts: the cart from the
 * database in whole paise, what cannot be sold refused per product, colour and size, the
 * automatic offer and the code, the delivery fee, the shopper's total compared), holds the
 * code's use, creates the provider's order and records the checkout the order will later be
 * built from.
 */
import { randomBytes } from 'node:crypto';
import {
  isShippingAddress,
  paiseToRupees,
  parseAddressLine,
  SHIPPING_ADDRESS_NEEDED,
  type CreateOrderResponse,
} from '@repo/shared';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { insertDocument } from '../../lib/insert-document.js';
import type { AppDeps } from '../../lib/types.js';
import { holdUse, releaseHold } from '../coupons/index.js';
import { Checkout, FIRST_CHECK_MS } from './checkout.model.js';
import { priceOrder, type OrderToPrice } from './order-pricing.js';

export const PROVIDER_UNAVAILABLE = 'The payment provider is unavailable. Please try again.';

interface CartInput extends OrderToPrice {
  shippingAddress?: string | undefined;
  /** A business buyer's GSTIN, checked by the shared schema. */
  gstin?: string | undefined;
}

/**
 * `shopper`: the signed-in account as the auth middleware just loaded it (its profile's
 * address is the default shipping address); undefined for a guest.
 */
export async function createCheckout(
  deps: AppDeps,
  cart: CartInput,
  shopper: { id: string; address: string } | undefined,
): Promise<CreateOrderResponse> {
  const userId = shopper?.id;
  // No payment may start without somewhere to ship it (the cart asks for an address first).
  const shippingAddress = cart.shippingAddress || shopper?.address || '';
  const place = isShippingAddress(shippingAddress) ? parseAddressLine(shippingAddress) : null;
  if (!place) throw badRequest(SHIPPING_ADDRESS_NEEDED);

  const { items, charges, deliveryBy, discount, couponId } = await priceOrder(
    deps,
    cart,
    { pin: place.pin, state: place.state },
    'online',
    userId,
  );
  const amountPaise = charges.totalPaise;
  const total = paiseToRupees(amountPaise);
  // Razorpay's smallest order is ₹1.
  if (amountPaise < 100) throw conflict('The order total must be at least ₹1.', { total });

  const receipt = `rcpt_${randomBytes(12).toString('hex')}`;
  // The code's use is held before the shopper can pay (409 with the reason when none is left):
  // of many shoppers racing for its last use, one pays with it.
  if (couponId && userId) await holdUse(deps, { couponId, userId, checkout: receipt });
  let providerOrder;
  try {
    providerOrder = await deps.payments.createOrder({
      amountPaise,
      receipt,
      notes: { user: userId ?? 'guest' },
    });
  } catch (err) {
    deps.logger.error({ err }, 'the payment provider could not create an order');
    if (couponId) await releaseHold(receipt);
    throw new AppError(502, PROVIDER_UNAVAILABLE);
  }
  // Only now is anything written: a provider failure leaves nothing behind.
  const now = deps.now();
  await insertDocument(Checkout, {
    provider: deps.payments.provider,
    providerOrderId: providerOrder.id,
    receipt,
    user: userId ?? null,
    items,
    amount: total,
    amountPaise,
    shippingFeePaise: charges.shippingFeePaise,
    deliveryBy,
    currency: providerOrder.currency,
    shippingAddress,
    // Dated by the app's clock, which reconciliation's age of a checkout is counted by.
    createdAt: now,
    checkAt: new Date(now.getTime() + FIRST_CHECK_MS),
    buyerGstin: cart.gstin ?? '',
    discount,
  });
  return {
    order: { id: providerOrder.id, amount: providerOrder.amount, currency: providerOrder.currency },
  };
}
