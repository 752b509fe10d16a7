/** Pure business rules shared by the API and the web app. */
import { DELIVERY_CHARGE, PAGE_SIZE, STRUCK_PRICE_FACTOR } from '../constants/index.js';

/** The struck-through "was" price: price × 1.2, rounded to a whole rupee (display only). */
export function struckPrice(price: number): number {
  return Math.round(price * STRUCK_PRICE_FACTOR);
}

/** A cart line: a product with how many of it the shopper wants. */
export interface CartLine {
  _id: string;
  price: number;
  cartQuantity: number;
}

/** Add a product: one more of it if present, else a new line with quantity 1. */
export function addToCart<T extends Omit<CartLine, 'cartQuantity'>>(
  cart: ReadonlyArray<T & { cartQuantity: number }>,
  product: T,
): Array<T & { cartQuantity: number }> {
  const found = cart.some((line) => line._id === product._id);
  if (!found) return [...cart, { ...product, cartQuantity: 1 }];
  return cart.map((line) =>
    line._id === product._id ? { ...line, cartQuantity: line.cartQuantity + 1 } : line,
  );
}

export function increaseQuantity<T extends CartLine>(cart: readonly T[], id: string): T[] {
  return cart.map((line) =>
    line._id === id ? { ...line, cartQuantity: line.cartQuantity + 1 } : line,
  );
}

/** One fewer; at quantity 1 the line is removed. */
export function decreaseQuantity<T extends CartLine>(cart: readonly T[], id: string): T[] {
  return cart.flatMap((line) => {
    if (line._id !== id) return [line];
    return line.cartQuantity <= 1 ? [] : [{ ...line, cartQuantity: line.cartQuantity - 1 }];
  });
}

export function removeFromCart<T extends CartLine>(cart: readonly T[], id: string): T[] {
  return cart.filter((line) => line._id !== id);
}

/** Sum of price × quantity, in rupees. */
export function subtotal(cart: ReadonlyArray<Pick<CartLine, 'price' | 'cartQuantity'>>): number {
  return cart.reduce((sum, line) => sum + line.price * line.cartQuantity, 0);
}

/** How many T-shirts the cart holds: every line's quantity (the badge counts lines instead). */
export function itemCount(cart: ReadonlyArray<Pick<CartLine, 'cartQuantity'>>): number {
  return cart.reduce((sum, line) => sum + line.cartQuantity, 0);
}

export function cartTotal(cart: ReadonlyArray<Pick<CartLine, 'price' | 'cartQuantity'>>): number {
  return subtotal(cart) + DELIVERY_CHARGE;
}

/** Rupees to whole paise, the unit the payment provider takes (no float drift). */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function hasPreviousPage(page: number): boolean {
  return page > 1;
}

/** SPEC §9: Next is disabled when page × 12 is at least the total. */
export function hasNextPage(page: number, total: number): boolean {
  return page * PAGE_SIZE < total;
}

/** A photo's `srcset` from the widths the photo pipeline made; undefined without any. */
export function srcSetOf(
  photos: ReadonlyArray<{ url: string; width: number }> | undefined,
): string | undefined {
  if (!photos?.length) return undefined;
  return photos.map((p) => `${p.url} ${p.width}w`).join(', ');
}
