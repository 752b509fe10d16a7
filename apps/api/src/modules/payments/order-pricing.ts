/**
 * The one price of an order, paid online or in cash on delivery: its lines priced from the
 * database (priceCart), where it goes (a PIN the shop does not serve is refused), the charges
 * from the settings in effect (shared orderCharges: delivery fee, COD fee, total in paise), the
 * date it should arrive, and the shopper's total checked against it.
 */
import {
  colourKey,
  describeLine,
  findColour,
  formatRupees,
  notServedMessage,
  ONE_SIZE,
  orderCharges,
  paiseToRupees,
  toPaise,
  type CodStanding,
  type Destination,
  type DiscountLine,
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
import { cartDiscount, discountRecord, type DiscountRecord } from '../coupons/index.js';
import { isFirstOrder } from '../orders/index.js';
import { productsForSale, type ProductForSale } from '../products/index.js';

type CartLines = ReadonlyArray<{
  _id: string;
  cartQuantity: number;
  size?: string | undefined;
  colour?: string | undefined;
}>;

interface Line {
  id: string;
  colour: string | undefined;
  size: string | undefined;
  quantity: number;
}

/** The same product in the same colour and size twice in a cart is one line with the quantities added. */
export function mergeLines(items: CartLines): Line[] {
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
export async function priceCart(items: CartLines) {
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
  // The same lines as the discount rules read them (a code or an offer may be for some
  // categories or products only).
  const discountLines: DiscountLine[] = priced.map((item) => ({
    product: item.product,
    category: byId.get(item.product)!.category,
    unitPaise: toPaise(item.price),
    quantity: item.cartQuantity,
  }));
  const amountPaise = discountLines.reduce((sum, l) => sum + l.unitPaise * l.quantity, 0);
  return { items: priced, lines: discountLines, amountPaise };
}

export interface OrderToPrice {
  /** What the shopper saw, in rupees: compared with the server's total, never trusted. */
  amount: number;
  items: CartLines;
  /** The code typed ('' or absent: none); the automatic offer applies either way. */
  coupon?: string | undefined;
}

export interface PricedOrder {
  items: Awaited<ReturnType<typeof priceCart>>['items'];
  charges: OrderCharges;
  /** What the code and the offer took off the items (`lines[i]` off `items[i]`), or null. */
  discount: DiscountRecord | null;
  /** The code applied, whose use the caller holds before the order is made. */
  couponId: string | null;
  /** The latest day it should arrive (YYYY-MM-DD, India's calendar) as estimated now. */
  deliveryBy: string;
  quote: DeliveryQuote;
  rules: DeliveryRules;
}

/**
 * Prices an order for `destination` paid by `method`, for the shopper `userId` (a code needs
 * one): the cart's 400s and 409s, then the automatic offer and the code (shared
 * priceDiscount; a refused code is a 409 with its `reason`, except one the offer beats, which
 * is simply not used), then the fees on the T-shirts as discounted (400 for a PIN the shop
 * does not serve), and a 409 with today's total when the shopper's differs.
 * `standing` (COD only) lets the quote judge the customer's COD limits too.
 *
 * Online checkout and the cash-on-delivery order both price here, so a code is judged the same
 * way on both (a prepaid-only code is refused with cash on delivery: reason "cod").
 */
export async function priceOrder(
  deps: Pick<AppDeps, 'now'>,
  order: OrderToPrice,
  destination: Destination,
  method: PaymentMethod,
  userId: string | undefined,
  standing?: CodStanding,
): Promise<PricedOrder> {
  const { items, lines, amountPaise: listPaise } = await priceCart(order.items);
  const off = await cartDiscount(deps, {
    lines,
    code: order.coupon,
    payment: method,
    userId,
    isFirstOrder,
  });
  if (off.refusal && off.refusal.reason !== 'offer-better')
    throw conflict(off.refusal.message, { coupon: order.coupon, reason: off.refusal.reason });
  const itemsPaise = listPaise - off.amountPaise;
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
        discount: paiseToRupees(off.amountPaise),
      },
    );
  }
  return {
    items,
    charges,
    discount: discountRecord(off),
    couponId: off.coupon?.id ?? null,
    deliveryBy: quote.dates.by,
    quote,
    rules,
  };
}
