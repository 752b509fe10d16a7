/**
 * The one price of an order, paid online or in cash on delivery: its lines priced from the
 * database (priceCart), where it goes (a PIN the shop does not serve is refused), the charges
 * from the settings in effect (shared orderCharges: delivery fee, COD fee, total in paise), the
 * date it should arrive, and the shopper's total checked against it.
 */
import {
  formatRupees,
  isOneSize,
  notServedMessage,
  ONE_SIZE,
  orderCharges,
  paiseToRupees,
  stockOfSize,
  toPaise,
  type CodStanding,
  type Destination,
  type OrderCharges,
  type PaymentMethod,
} from '@repo/shared';
import { badRequest, conflict } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/types.js';
import {
  deliveryRules,
  quoteDelivery,
  type DeliveryQuote,
  type DeliveryRules,
} from '../delivery/index.js';
import { productsForSale, type ProductStock } from '../products/index.js';

type CartLines = ReadonlyArray<{ _id: string; cartQuantity: number; size?: string | undefined }>;

/** The same product in the same size twice in a cart is one line with the quantities added. */
export function mergeLines(
  items: CartLines,
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
export async function priceCart(items: CartLines) {
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

export interface OrderToPrice {
  /** What the shopper saw, in rupees: compared with the server's total, never trusted. */
  amount: number;
  items: CartLines;
}

export interface PricedOrder {
  items: Awaited<ReturnType<typeof priceCart>>['items'];
  charges: OrderCharges;
  /** The latest day it should arrive (YYYY-MM-DD, India's calendar) as estimated now. */
  deliveryBy: string;
  quote: DeliveryQuote;
  rules: DeliveryRules;
}

/**
 * Prices an order for `destination` paid by `method`: 400 for a PIN the shop does not serve,
 * the cart's 400s and 409s, and a 409 with today's total when the shopper's differs.
 * `standing` (COD only) lets the quote judge the customer's COD limits too.
 */
export async function priceOrder(
  deps: Pick<AppDeps, 'now'>,
  order: OrderToPrice,
  destination: Destination,
  method: PaymentMethod,
  standing?: CodStanding,
): Promise<PricedOrder> {
  const { items, amountPaise: itemsPaise } = await priceCart(order.items);
  const rules = await deliveryRules();
  const quote = quoteDelivery(rules, destination, deps.now(), itemsPaise, standing);
  if (!quote.zone || !quote.dates)
    throw badRequest(notServedMessage(destination.pin), { pin: destination.pin });
  const charges = orderCharges(rules, itemsPaise, method);
  if (toPaise(order.amount) !== charges.totalPaise) {
    const total = paiseToRupees(charges.totalPaise);
    throw conflict(
      `Prices changed: the total is now ${formatRupees(total)}. Please review your cart.`,
      {
        total,
        shippingFee: paiseToRupees(charges.shippingFeePaise),
        codFee: paiseToRupees(charges.codFeePaise),
      },
    );
  }
  return { items, charges, deliveryBy: quote.dates.by, quote, rules };
}
