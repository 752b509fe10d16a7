/** The cart (SPEC §4): every change goes through the shared rules and is persisted. */
import type { CartItem, Product } from '@repo/shared';
import {
  addToCart as addRule,
  cartTotal,
  decreaseQuantity,
  increaseQuantity,
  itemCount,
  removeFromCart,
  subtotal,
} from '@repo/shared/rules';
import { cartStore, useStore } from '@/lib/storage';
import { toast } from '@/lib/toast';

export const cart = {
  add: (product: Product) => cartStore.set((c) => addRule(c, product)),
  increase: (line: CartItem) => cartStore.set((c) => increaseQuantity(c, line._id, line.size)),
  decrease: (line: CartItem) => cartStore.set((c) => decreaseQuantity(c, line._id, line.size)),
  remove: (line: CartItem) => cartStore.set((c) => removeFromCart(c, line._id, line.size)),
  clear: () => cartStore.set([]),
  /** Replace lines with fresh copies from the server (price or stock changed); drop the missing. */
  refresh: (fresh: Map<string, Product | null>) =>
    cartStore.set((c) =>
      c.flatMap((line) => {
        if (!fresh.has(line._id)) return [line];
        const product = fresh.get(line._id);
        return product ? [{ ...product, cartQuantity: line.cartQuantity }] : [];
      }),
    ),
};

/** What every "ADD TO CART" button does: add, then say so (SPEC §8). */
export function addToCartWithToast(product: Product): void {
  cart.add(product);
  toast.success('Successfully Added');
}

/** "1 item", "3 items": the tees a cart holds, as the cart page and the payment dialog say it. */
export function itemsText(items: ReadonlyArray<{ cartQuantity: number }>): string {
  const count = itemCount(items);
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

export function useCart(): { items: CartItem[]; count: number; subtotal: number; total: number } {
  const items = useStore(cartStore);
  return { items, count: items.length, subtotal: subtotal(items), total: cartTotal(items) };
}
