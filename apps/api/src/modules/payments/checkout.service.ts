/**
 * POST /payment/create-order: the server prices the cart from the database in whole paise,
 * refuses what cannot be sold (per product and size), compares the shopper's total, creates the provider's order
 * and records the checkout the order will later be built from.
 */
import { randomBytes } from 'node:crypto';
import {
  colourKey,
  describeLine,
  findColour,
  formatRupees,
  isShippingAddress,
  ONE_SIZE,
  paiseToRupees,
  SHIPPING_ADDRESS_NEEDED,
  toPaise,
  type CreateOrderResponse,
} from '@repo/shared';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { insertDocument } from '../../lib/insert-document.js';
import type { AppDeps } from '../../lib/types.js';
import { productsForSale, type ProductForSale } from '../products/index.js';
import { Checkout, FIRST_CHECK_MS } from './checkout.model.js';

export const PROVIDER_UNAVAILABLE = 'The payment provider is unavailable. Please try again.';

interface CartInput {
  amount: number;
  shippingAddress?: string | undefined;
  /** A business buyer's GSTIN, checked by the shared schema. */
  gstin?: string | undefined;
  items: ReadonlyArray<{
    _id: string;
    cartQuantity: number;
    size?: string | undefined;
    colour?: string | undefined;
  }>;
}

interface Line {
  id: string;
  colour: string | undefined;
  size: string | undefined;
  quantity: number;
}

/** The same product in the same colour and size twice in a cart is one line with the quantities added. */
export function mergeLines(items: CartInput['items']): Line[] {
  const lines = new Map<string, Line>();
  for (const item of items) {
    const id = item._id.toLowerCase();
    const key = `${id}:${item.colour === undefined ? '' : colourKey(item.colour)}:${item.size ?? ''}`;
    const quantity = (lines.get(key)?.quantity ?? 0) + item.cartQuantity;
    lines.set(key, { id, colour: item.colour, size: item.size, quantity });
  }
  return [...lines.values()];
}

/**
 * The colour a line buys, by its index in the product's colours: the one named (any case), or
 * the only one of a product in one colour (an older client names none). An unknown colour, or
 * none named of several, is a 400.
 */
function colourOfLine(name: string, product: ProductForSale, colour: string | undefined): number {
  const colours = product.stock.colours;
  if (colour === undefined) {
    if (colours.length === 1) return 0;
    throw badRequest(`Please choose a colour of ${name}`, { colour: null });
  }
  const found = findColour(colours, colour);
  if (!found) throw badRequest(`${name} does not come in ${colour}`, { colour });
  return colours.indexOf(found);
}

/**
 * The size a line buys in its colour: the one chosen, or One size for a colour made only in it
 * (an older client sends no size). A size the colour is not made in is a 400.
 */
function sizeOfLine(
  what: string,
  sizes: ReadonlyArray<{ size: string }>,
  size: string | undefined,
): string {
  if (size === undefined) {
    if (sizes.length === 1 && sizes[0]!.size === ONE_SIZE) return ONE_SIZE;
    throw badRequest(`Please choose a size of ${what}`, { size: null });
  }
  if (!sizes.some((s) => s.size === size))
    throw badRequest(`${what} is not made in size ${size}`, { size });
  return size;
}

/**
 * Prices the cart from the database: refuses unknown products (409), colours and sizes a
 * product is not made in (400) and quantities above the stock of a colour in a size (409,
 * naming the product, the colour and the size: "Only 2 left of Sakura Drift Tee in Black, M").
 */
export async function priceCart(items: CartInput['items']) {
  const lines = mergeLines(items);
  const ids = [...new Set(lines.map((l) => l.id))];
  const byId = await productsForSale(ids);
  // Lines without a colour or size can become one: merge again once both are known.
  const known = new Map<string, { id: string; colour: number; size: string; quantity: number }>();
  for (const line of lines) {
    const product = byId.get(line.id);
    if (!product) {
      throw conflict(
        'A product in your cart is no longer available. Please remove it and review your cart.',
        { productId: line.id },
      );
    }
    const colour = colourOfLine(product.name, product, line.colour);
    const { name, sizes } = product.stock.colours[colour]!;
    const size = sizeOfLine(describeLine(product.name, name, ONE_SIZE), sizes, line.size);
    const key = `${line.id}:${colour}:${size}`;
    const quantity = (known.get(key)?.quantity ?? 0) + line.quantity;
    known.set(key, { id: line.id, colour, size, quantity });
  }
  const priced = [...known.values()].map(({ id, colour, size, quantity }) => {
    const product = byId.get(id)!;
    const { name, sizes } = product.stock.colours[colour]!;
    const available = sizes.find((s) => s.size === size)?.quantity ?? 0;
    if (available < quantity) {
      const what = describeLine(product.name, name, size);
      const message =
        available > 0 ? `Only ${available} left of ${what}` : `${what} is out of stock`;
      throw conflict(message, { productId: id, colour: name, size, available });
    }
    return {
      product: id,
      name: product.name,
      photo: product.colourPhotos[colour]!,
      price: product.price,
      cartQuantity: quantity,
      colour: name,
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
    buyerGstin: cart.gstin ?? '',
  });
  return {
    order: { id: providerOrder.id, amount: providerOrder.amount, currency: providerOrder.currency },
  };
}
