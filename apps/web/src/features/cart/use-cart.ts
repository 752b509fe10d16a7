/** The cart (SPEC §4): every change goes through the shared rules and is persisted. */
import type { CartItem, Product } from '@repo/shared';
import {
  addToCart as addRule,
  cartTotal,
  decreaseQuantity,
  increaseQuantity,
  removeFromCart,
  subtotal,
} from '@repo/shared/rules';
import { cartStore, useStore } from '@/lib/storage';

export const cart = {
  add: (product: Product) => cartStore.set((c) => addRule(c, product)),
  increase: (id: string) => cartStore.set((c) => increaseQuantity(c, id)),
  decrease: (id: string) => cartStore.set((c) => decreaseQuantity(c, id)),
  remove: (id: string) => cartStore.set((c) => removeFromCart(c, id)),
  clear: () => cartStore.set([]),
};

export function useCart(): { items: CartItem[]; count: number; subtotal: number; total: number } {
  const items = useStore(cartStore);
  return { items, count: items.length, subtotal: subtotal(items), total: cartTotal(items) };
}
