/**
 * What the cart page does to its lines: every change goes through the shared rules and
 * is persisted. Adding is use-cart.ts's (every page adds; only the cart page changes lines).
 */
import type { CartItem, Product, ProductSize } from '@repo/shared';
import { decreaseQuantity, increaseQuantity, removeFromCart } from '@repo/shared/rules/cart';
import { cartStore } from '@/lib/storage';
import { sameLine } from './use-cart';

/** The cart with `line` in another size or colour, added to a line already in it. */
function moveLine(
  c: readonly CartItem[],
  line: CartItem,
  to: { size?: ProductSize; colour?: string },
): CartItem[] {
  const moved = { ...line, ...to };
  const target = c.find((l) => l !== line && sameLine(l, moved));
  if (!target) return c.map((l) => (sameLine(l, line) ? moved : l));
  return c
    .filter((l) => !sameLine(l, line))
    .map((l) => (l === target ? { ...l, cartQuantity: l.cartQuantity + line.cartQuantity } : l));
}

export const cart = {
  increase: (line: CartItem) =>
    cartStore.set((c) => increaseQuantity(c, line._id, line.size, line.colour)),
  decrease: (line: CartItem) =>
    cartStore.set((c) => decreaseQuantity(c, line._id, line.size, line.colour)),
  remove: (line: CartItem) =>
    cartStore.set((c) => removeFromCart(c, line._id, line.size, line.colour)),
  /** Give a line a size (a line saved before sizes, or a size that sold out); merges with a line already in it. */
  setSize: (line: CartItem, size: ProductSize) => cartStore.set((c) => moveLine(c, line, { size })),
  /** Give a line a colour (one saved before colours, or a colour no longer sold); merges likewise. */
  setColour: (line: CartItem, colour: string) =>
    cartStore.set((c) => moveLine(c, line, { colour })),
  clear: () => cartStore.set([]),
  /** Replace lines with fresh copies from the server (price or stock changed); drop the missing. */
  refresh: (fresh: Map<string, Product | null>) =>
    cartStore.set((c) =>
      c.flatMap((line) => {
        if (!fresh.has(line._id)) return [line];
        const product = fresh.get(line._id);
        if (!product) return [];
        const { cartQuantity, size, colour } = line;
        return [{ ...product, cartQuantity, size, ...(colour !== undefined && { colour }) }];
      }),
    ),
};
