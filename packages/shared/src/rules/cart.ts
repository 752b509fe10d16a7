/**
 * The cart page's rules: changing a line's quantity or removing it, what stops a line from being
 * bought, how many T-shirts the cart holds. Adding a line and the
 * totals are in index.ts, which every page loads (its header says why this file is apart).
 */
import { isSameCartLine, type CartLine } from './index.js';
import { colourOfLine, stockOf, type Stocked } from './stock.js';

export function increaseQuantity<T extends CartLine>(
  cart: readonly T[],
  id: string,
  size?: string,
  colour?: string,
): T[] {
  return cart.map((line) =>
    isSameCartLine(line, id, size, colour)
      ? { ...line, cartQuantity: line.cartQuantity + 1 }
      : line,
  );
}

/** One fewer; at quantity 1 the line is removed. */
export function decreaseQuantity<T extends CartLine>(
  cart: readonly T[],
  id: string,
  size?: string,
  colour?: string,
): T[] {
  return cart.flatMap((line) => {
    if (!isSameCartLine(line, id, size, colour)) return [line];
    return line.cartQuantity <= 1 ? [] : [{ ...line, cartQuantity: line.cartQuantity - 1 }];
  });
}

export function removeFromCart<T extends CartLine>(
  cart: readonly T[],
  id: string,
  size?: string,
  colour?: string,
): T[] {
  return cart.filter((line) => !isSameCartLine(line, id, size, colour));
}

export type CartLineProblem =
  | { kind: 'no-size' }
  | { kind: 'no-colour' }
  | { kind: 'colour-gone' }
  | { kind: 'not-made' }
  | { kind: 'sold-out' }
  | { kind: 'short'; available: number };

/**
 * What stops a cart line from being bought as it is, given the product's current stock: no
 * size chosen (a cart saved before sizes), no colour chosen of a product now in several (a
 * cart saved before colours), a colour the product no longer comes in, a size that colour is
 * not made in, sold out, or fewer left than the line holds. Null when the line can be bought.
 */
export function cartLineProblem(
  line: Pick<CartLine, 'cartQuantity' | 'size' | 'colour'>,
  product: Stocked,
): CartLineProblem | null {
  if (!line.size) return { kind: 'no-size' };
  const colour = colourOfLine(product, line.colour);
  if (!colour) return line.colour === undefined ? { kind: 'no-colour' } : { kind: 'colour-gone' };
  if (!colour.sizes.some((s) => s.size === line.size)) return { kind: 'not-made' };
  const available = stockOf(product, line.colour, line.size);
  if (available <= 0) return { kind: 'sold-out' };
  if (available < line.cartQuantity) return { kind: 'short', available };
  return null;
}

/** How many T-shirts the cart holds: every line's quantity (the badge counts lines instead). */
export function itemCount(cart: ReadonlyArray<Pick<CartLine, 'cartQuantity'>>): number {
  return cart.reduce((sum, line) => sum + line.cartQuantity, 0);
}

/** "1 item", "3 items": the T-shirts a cart holds, as the cart page and the payment dialog say it. */
export function itemsText(cart: ReadonlyArray<Pick<CartLine, 'cartQuantity'>>): string {
  const count = itemCount(cart);
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}
