/**
 * Pure business rules shared by the API and the web app. Rules only some screens use have
 * files of their own, outside this index (`@repo/shared/rules/orders`, `/contact`, `/photo`,
 * `/cart` for the cart page's;
 * the package's root has them all): the web app's bundler puts everything this index names in
 * the first page's code, since the storefront imports it.
 */
import { CURRENCY_SYMBOL, DELIVERY_CHARGE, ONE_SIZE, PAGE_SIZE } from '../constants/index.js';
import { colourKey } from './stock.js';

export * from './catalog-params.js';
export * from './landing.js';
export * from './stock.js';

/**
 * The struck-through MRP and the share off it, only when the product has an MRP above its
 * price (undefined otherwise: no made-up "was" price). The share is rounded to a whole per cent,
 * never up to 100 and never down to 0: a ₹0.50 saving on ₹999 still reads "1% off".
 */
export function mrpDiscount(
  price: number,
  mrp: number | null | undefined,
): { mrp: number; percentOff: number } | undefined {
  if (mrp === undefined || mrp === null) return undefined;
  const pricePaise = toPaise(price);
  const mrpPaise = toPaise(mrp);
  if (mrpPaise <= pricePaise) return undefined;
  const percent = Math.round(((mrpPaise - pricePaise) * 100) / mrpPaise);
  return { mrp, percentOff: Math.min(99, Math.max(1, percent)) };
}

/** A cart line: a product in one colour and one size with how many of it the shopper wants. */
export interface CartLine {
  _id: string;
  price: number;
  cartQuantity: number;
  /** Missing only on lines saved before sizes existed: the shopper must choose one. */
  size?: string | undefined;
  /** The colour's name; missing on lines saved before colours existed (one colour then). */
  colour?: string | undefined;
}

/** A line is one product in one colour and one size: two colours or sizes are two lines. */
export const isSameCartLine = (
  line: Pick<CartLine, '_id' | 'size' | 'colour'>,
  id: string,
  size: string | undefined,
  colour: string | undefined,
) =>
  line._id === id &&
  line.size === size &&
  (line.colour === undefined || colour === undefined
    ? line.colour === colour
    : colourKey(line.colour) === colourKey(colour));

/** Add a product in a colour and size: one more of it if present, else a new line with quantity 1. */
export function addToCart<
  T extends Omit<CartLine, 'cartQuantity' | 'size' | 'colour'>,
  S extends string = string,
>(
  cart: ReadonlyArray<
    T & { cartQuantity: number; size?: S | undefined; colour?: string | undefined }
  >,
  product: T,
  size?: S,
  colour?: string,
): Array<T & { cartQuantity: number; size?: S | undefined; colour?: string | undefined }> {
  const found = cart.some((line) => isSameCartLine(line, product._id, size, colour));
  if (!found)
    return [
      ...cart,
      { ...product, cartQuantity: 1, size, ...(colour !== undefined && { colour }) },
    ];
  return cart.map((line) =>
    isSameCartLine(line, product._id, size, colour)
      ? { ...line, cartQuantity: line.cartQuantity + 1 }
      : line,
  );
}

/** Sum of price × quantity, in rupees. */
export function subtotal(cart: ReadonlyArray<Pick<CartLine, 'price' | 'cartQuantity'>>): number {
  return cart.reduce((sum, line) => sum + line.price * line.cartQuantity, 0);
}

export function cartTotal(cart: ReadonlyArray<Pick<CartLine, 'price' | 'cartQuantity'>>): number {
  return subtotal(cart) + DELIVERY_CHARGE;
}

/** Rupees to whole paise, the unit the payment provider takes (no float drift). */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Whole paise (what the provider and the order's amountPaise hold) to rupees. */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/**
 * Rupees as shoppers read them, on every screen and in every mail: "₹1,298", "₹1,23,456"
 * (Indian digit grouping), and with both paise digits when there are any: "₹499.50".
 * Written out rather than with Intl.NumberFormat: a page's first Intl formatter sets up the
 * locale's data, which holds a slow phone's main thread for tens of milliseconds while the
 * storefront's first prices render; and the same digits come out wherever the code runs.
 */
export function formatRupees(rupees: number): string {
  const sign = rupees < 0 ? '-' : '';
  // Whole paise, half up as written in decimals (1.005 → 1.01): the binary error of the
  // multiplication (100.49999999999999) is cut off first.
  const paise = Math.round(Number((Math.abs(rupees) * 100).toFixed(6)));
  const whole = String(Math.floor(paise / 100));
  // The last three digits, then pairs: 1,23,45,678.
  const grouped =
    whole.length > 3
      ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`
      : whole;
  const fraction = Number.isInteger(rupees) ? '' : `.${String(paise % 100).padStart(2, '0')}`;
  return `${CURRENCY_SYMBOL}${sign}${grouped}${fraction}`;
}

export function hasPreviousPage(page: number): boolean {
  return page > 1;
}

/** Next is disabled when page × 12 (or another list's page size) is at least the total. */
export function hasNextPage(page: number, total: number, pageSize: number = PAGE_SIZE): boolean {
  return page * pageSize < total;
}

/** A photo's `srcset` from the widths the photo pipeline made; undefined without any. */
export function srcSetOf(
  photos: ReadonlyArray<{ url: string; width: number }> | undefined,
): string | undefined {
  if (!photos?.length) return undefined;
  return photos.map((p) => `${p.url} ${p.width}w`).join(', ');
}

/** How a size reads next to a product name: "Size M", or "One size". */
export function sizeLabel(size: string): string {
  return size === ONE_SIZE ? ONE_SIZE : `Size ${size}`;
}
