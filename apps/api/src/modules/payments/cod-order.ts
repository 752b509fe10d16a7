/**
 * POST /api/orders/cod: a cash-on-delivery order, placed at once and unpaid. Priced like an
 * online one (order-pricing.ts, with the COD fee), to one of the customer's saved addresses,
 * only where and when the shop's COD rules allow it for this customer, never twice for one
 * `Idempotency-Key`.
 */
import { addressLine, type CodOrderBody, type CodOrderResponse } from '@repo/shared';
import { conflict, notFound } from '../../lib/errors.js';
import { whileHolding } from '../../lib/lease.js';
import type { AppDeps } from '../../lib/types.js';
import { codRefusalText } from '../delivery/index.js';
import {
  codOrderByKey,
  codStanding,
  placeCodOrder,
  sendOrderConfirmation,
  toOrderDto,
} from '../orders/index.js';
import { holdUse, redeemUse, releaseHold } from '../coupons/index.js';
import { findAddress } from '../users/index.js';
import { priceOrder } from './order-pricing.js';

export async function placeCashOnDelivery(
  deps: AppDeps,
  body: CodOrderBody,
  idempotencyKey: string,
  shopper: { id: string; name: string; email: string },
): Promise<CodOrderResponse> {
  // One customer's COD orders are placed one at a time (a lease per customer, so across every
  // copy of the shop): the open-order limit is counted and the order placed with nobody of theirs
  // in between, so two orders at once can never both slip under it. Other customers never wait.
  return whileHolding(
    `cod-place:${shopper.id}`,
    () => placeInTurn(deps, body, idempotencyKey, shopper),
    { ms: 30_000, pollMs: 20 },
  );
}

async function placeInTurn(
  deps: AppDeps,
  body: CodOrderBody,
  idempotencyKey: string,
  shopper: { id: string; name: string; email: string },
): Promise<CodOrderResponse> {
  // One key, one order, per account: a double click or a retried request answers the same order.
  const key = `cod_${shopper.id}_${idempotencyKey}`;
  const earlier = await codOrderByKey(key);
  if (earlier) return { success: true, order: toOrderDto(earlier) };

  const address = await findAddress(shopper.id, body.addressId);
  if (!address) throw notFound('That address is not in your address book');
  const priced = await priceOrder(
    deps,
    body,
    { pin: address.pin, state: address.state },
    'cod',
    shopper.id,
    await codStanding(shopper.id),
  );
  if (priced.quote.codRefusal)
    throw conflict(codRefusalText(priced.rules, priced.quote), {
      reason: priced.quote.codRefusal,
    });

  // The code's use is held under the order's key, then redeemed by the order placed (as an online
  // checkout holds it under its receipt until paid); given back if the order is not placed.
  if (priced.couponId)
    await holdUse(deps, { couponId: priced.couponId, userId: shopper.id, checkout: key });
  let placed: Awaited<ReturnType<typeof placeCodOrder>>;
  try {
    placed = await placeCodOrder(deps, {
      user: shopper.id,
      items: priced.items,
      amountPaise: priced.charges.totalPaise,
      shippingFeePaise: priced.charges.shippingFeePaise,
      codFeePaise: priced.charges.codFeePaise,
      deliveryBy: priced.deliveryBy,
      currency: 'INR',
      shippingAddress: addressLine(address),
      paymentId: key,
      providerOrderId: key,
      discount: priced.discount,
    });
  } catch (err) {
    if (priced.couponId) await releaseHold(key);
    throw err;
  }
  const { order, created } = placed;
  if (priced.couponId)
    await redeemUse(deps, {
      couponId: priced.couponId,
      userId: shopper.id,
      checkout: key,
      orderId: String(order._id),
    });
  if (created) {
    deps.logger.info({ orderId: String(order._id) }, 'cash-on-delivery order placed');
    void sendOrderConfirmation(deps, order, { name: shopper.name, email: shopper.email });
  }
  return { success: true, order: toOrderDto(order) };
}
