/**
 * POST /payment/create-order: the server prices the cart from the database in whole paise,
 * refuses what cannot be sold, compares the shopper's total, creates the provider's order
 * and records the checkout the order will later be built from.
 */
import { randomBytes } from 'node:crypto';
import { toPaise, type CreateOrderResponse } from '@repo/shared';
import { AppError, conflict } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/types.js';
import { formatRupees, paiseToRupees } from '../orders/index.js';
import { Product } from '../products/index.js';
import { Checkout } from './checkout.model.js';

export const PROVIDER_UNAVAILABLE = 'The payment provider is unavailable. Please try again.';

interface CartInput {
  amount: number;
  items: ReadonlyArray<{ _id: string; cartQuantity: number }>;
}

/** The same product twice in a cart is one line with the quantities added. */
export function mergeLines(items: CartInput['items']): Array<{ id: string; quantity: number }> {
  const lines = new Map<string, number>();
  for (const item of items) {
    const id = item._id.toLowerCase();
    lines.set(id, (lines.get(id) ?? 0) + item.cartQuantity);
  }
  return [...lines].map(([id, quantity]) => ({ id, quantity }));
}

/** Prices the cart from the database: refuses unknown products and quantities above stock. */
export async function priceCart(items: CartInput['items']) {
  const lines = mergeLines(items);
  const products = await Product.find(
    { _id: { $in: lines.map((l) => l.id) } },
    { name: 1, price: 1, quantity: 1, photo: 1 },
  ).lean();
  const byId = new Map(products.map((p) => [String(p._id), p]));
  const priced = lines.map(({ id, quantity }) => {
    const product = byId.get(id);
    if (!product) {
      throw conflict(
        'A product in your cart is no longer available. Please remove it and review your cart.',
        { productId: id },
      );
    }
    if (product.quantity < quantity) {
      const message =
        product.quantity > 0
          ? `Only ${product.quantity} left of ${product.name}`
          : `${product.name} is out of stock`;
      throw conflict(message, { productId: id, available: product.quantity });
    }
    return {
      product: product._id,
      name: product.name,
      photo: product.photo?.url ?? '',
      price: product.price,
      cartQuantity: quantity,
    };
  });
  const amountPaise = priced.reduce(
    (sum, line) => sum + toPaise(line.price) * line.cartQuantity,
    0,
  );
  return { items: priced, amountPaise };
}

export async function createCheckout(
  deps: AppDeps,
  cart: CartInput,
  userId: string | undefined,
): Promise<CreateOrderResponse> {
  const { items, amountPaise } = await priceCart(cart.items);
  const total = paiseToRupees(amountPaise);
  if (toPaise(cart.amount) !== amountPaise) {
    throw conflict(
      `Prices changed: the total is now ${formatRupees(total)}. Please review your cart.`,
      { total },
    );
  }
  // Razorpay's smallest order is ₹1.
  if (amountPaise < 100) throw conflict('The order total must be at least ₹1.', { total });

  const receipt = `rcpt_${randomBytes(12).toString('hex')}`;
  let providerOrder;
  try {
    providerOrder = await deps.payments.createOrder({
      amountPaise,
      receipt,
      notes: { user: userId ?? 'guest' },
    });
  } catch (err) {
    deps.logger.error({ err }, 'the payment provider could not create an order');
    throw new AppError(502, PROVIDER_UNAVAILABLE);
  }
  // Only now is anything written: a provider failure leaves nothing behind.
  await Checkout.create({
    provider: deps.payments.provider,
    providerOrderId: providerOrder.id,
    receipt,
    user: userId ?? null,
    items,
    amount: total,
    amountPaise,
    currency: providerOrder.currency,
  });
  return {
    order: { id: providerOrder.id, amount: providerOrder.amount, currency: providerOrder.currency },
  };
}
