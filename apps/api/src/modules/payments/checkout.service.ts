/**
 * POST /payment/create-order: the server prices the cart from the database in whole paise,
 * refuses what cannot be sold (per product and size), compares the shopper's total, creates the provider's order
 * and records the checkout the order will later be built from.
 */
import { randomBytes } from 'node:crypto';
import {
  formatRupees,
  isOneSize,
  isShippingAddress,
  ONE_SIZE,
  paiseToRupees,
  SHIPPING_ADDRESS_NEEDED,
  stockOfSize,
  toPaise,
  type CreateOrderResponse,
} from '@repo/shared';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { insertDocument } from '../../lib/insert-document.js';
import type { AppDeps } from '../../lib/types.js';
import { productsForSale, type ProductStock } from '../products/index.js';
import { Checkout, FIRST_CHECK_MS } from './checkout.model.js';

export const PROVIDER_UNAVAILABLE = 'The payment provider is unavailable. Please try again.';

interface CartInput {
  amount: number;
  shippingAddress?: string | undefined;
  items: ReadonlyArray<{ _id: string; cartQuantity: number; size?: string | undefined }>;
}

/** The same product in the same size twice in a cart is one line with the quantities added. */
export function mergeLines(
  items: CartInput['items'],
): Array<{ id: string; size: string | undefined; quantity: number }> {
  const lines = new Map<string, { id: string; size: string | undefined; quantity: number }>();
  for (const item of items) {
    const id = item._id.toLowerCase();
    const key = `${id}:${item.size ?? ''}`;
    const quantity = (lines.get(key)?.quantity ?? 0) + item.cartQuantity;
    lines.set(key, { id, size: item.size, quantity });
  }
  return [...lines.values()];
}

/**
 * The size a line buys: the one chosen, or One size for a product made only in it (an
 * older client sends no size). A size the product is not made in is a 400.
 */
function sizeOfLine(name: string, stock: ProductStock, size: string | undefined): string {
  if (size === undefined) {
    if (isOneSize(stock)) return ONE_SIZE;
    throw badRequest(`Please choose a size of ${name}`, { size: null });
  }
  if (!stock.sizes.some((s) => s.size === size))
    throw badRequest(`${name} is not made in size ${size}`, { size });
  return size;
}

/**
 * Prices the cart from the database: refuses unknown products (409), sizes a product is not
 * made in (400) and quantities above a size's stock (409, naming the product and the size).
 */
export async function priceCart(items: CartInput['items']) {
  const lines = mergeLines(items);
  const ids = [...new Set(lines.map((l) => l.id))];
  const byId = await productsForSale(ids);
  // Two lines without a size can become one (One size): merge again once sizes are known.
  const sized = new Map<string, { id: string; size: string; quantity: number }>();
  for (const line of lines) {
    const product = byId.get(line.id);
    if (!product) {
      throw conflict(
        'A product in your cart is no longer available. Please remove it and review your cart.',
        { productId: line.id },
      );
    }
    const size = sizeOfLine(product.name, product.stock, line.size);
    const key = `${line.id}:${size}`;
    sized.set(key, { ...line, size, quantity: (sized.get(key)?.quantity ?? 0) + line.quantity });
  }
  const priced = [...sized.values()].map(({ id, size, quantity }) => {
    const product = byId.get(id)!;
    const available = stockOfSize(product.stock, size);
    if (available < quantity) {
      const what = size === ONE_SIZE ? product.name : `${product.name} in size ${size}`;
      const message =
        available > 0 ? `Only ${available} left of ${what}` : `${what} is out of stock`;
      throw conflict(message, { productId: id, size, available });
    }
    return {
      product: id,
      name: product.name,
      photo: product.photo,
      price: product.price,
      cartQuantity: quantity,
      size,
    };
  });
  const amountPaise = priced.reduce(
    (sum, line) => sum + toPaise(line.price) * line.cartQuantity,
    0,
  );
  return { items: priced, amountPaise };
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
  if (!isShippingAddress(shippingAddress)) throw badRequest(SHIPPING_ADDRESS_NEEDED);

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
  await insertDocument(Checkout, {
    provider: deps.payments.provider,
    providerOrderId: providerOrder.id,
    receipt,
    user: userId ?? null,
    items,
    amount: total,
    amountPaise,
    currency: providerOrder.currency,
    shippingAddress,
    checkAt: new Date(Date.now() + FIRST_CHECK_MS),
  });
  return {
    order: { id: providerOrder.id, amount: providerOrder.amount, currency: providerOrder.currency },
  };
}
