/** The cart (SPEC §4): every change goes through the shared rules and is persisted. */
import type { CartItem, Product, ProductSize } from '@repo/shared';
import { ONE_SIZE } from '@repo/shared/constants';
import {
  addToCart as addRule,
  cartTotal,
  decreaseQuantity,
  increaseQuantity,
  removeFromCart,
  sizeLabel,
  stockOfSize,
  subtotal,
} from '@repo/shared/rules';
import { cartStore, useStore } from '@/lib/storage';
import { toast } from '@/lib/toast';

type LineKey = Pick<CartItem, '_id' | 'size' | 'colour'>;
const sameLine = (a: LineKey, b: LineKey) =>
  a._id === b._id && a.size === b.size && a.colour === b.colour;

export const cart = {
  add: (product: Product, size: ProductSize) =>
    cartStore.set((c) =>
      addRule<Omit<CartItem, 'cartQuantity' | 'size' | 'colour'>, ProductSize>(c, product, size),
    ),
  increase: (line: CartItem) =>
    cartStore.set((c) => increaseQuantity(c, line._id, line.size, line.colour)),
  decrease: (line: CartItem) =>
    cartStore.set((c) => decreaseQuantity(c, line._id, line.size, line.colour)),
  remove: (line: CartItem) =>
    cartStore.set((c) => removeFromCart(c, line._id, line.size, line.colour)),
  /** Give a line a size (a line saved before sizes, or a size that sold out); merges with a line already in it. */
  setSize: (line: CartItem, size: ProductSize) =>
    cartStore.set((c) => {
      const target = c.find((l) => sameLine(l, { _id: line._id, size, colour: line.colour }));
      if (!target) return c.map((l) => (sameLine(l, line) ? { ...l, size } : l));
      return c
        .filter((l) => !sameLine(l, line))
        .map((l) =>
          l === target ? { ...l, cartQuantity: l.cartQuantity + line.cartQuantity } : l,
        );
    }),
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

/**
 * What every "ADD TO CART" button does: add the product in a size, then say so (SPEC §8).
 * A size whose stock is all in the cart already is not added again.
 */
export function addToCartWithToast(product: Product, size: ProductSize = ONE_SIZE): void {
  const inCart = cartStore.get().find((l) => sameLine(l, { _id: product._id, size }));
  const left = stockOfSize(product, size);
  if (inCart && inCart.cartQuantity >= left) {
    const what = size === ONE_SIZE ? product.name : `${product.name} (${sizeLabel(size)})`;
    toast.info(`Your cart already holds the last ${left} of ${what}.`);
    return;
  }
  cart.add(product, size);
  toast.success('Successfully Added');
}

/**
 * What the cart holds, counted as the badge counts it (SPEC §2: its distinct lines, a T-shirt
 * in one size each): "Cart, 2 items" in the bar, "2 items in your cart" on the cart page.
 */
export const cartCountText = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

export function useCart(): { items: CartItem[]; count: number; subtotal: number; total: number } {
  const items = useStore(cartStore);
  return { items, count: items.length, subtotal: subtotal(items), total: cartTotal(items) };
}
