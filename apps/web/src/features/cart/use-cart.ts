/**
 * The cart: adding, and what it holds. Every change goes through the shared rules and is
 * persisted; the cart page's changes to its lines are in cart-actions.ts.
 */
import type { CartItem, Product, ProductSize } from '@repo/shared';
import { ONE_SIZE } from '@repo/shared/constants';
import {
  addToCart as addRule,
  cartTotal,
  stockOf,
  subtotal,
  variantLabel,
} from '@repo/shared/rules';
import { cartStore, useStore } from '@/lib/storage';
import { toast } from '@/lib/toast';

/** One line is one product in one size (and colour). */
type LineKey = Pick<CartItem, '_id' | 'size' | 'colour'>;
export const sameLine = (a: LineKey, b: LineKey) =>
  a._id === b._id && a.size === b.size && a.colour === b.colour;

/**
 * What every "ADD TO CART" button does: add the product in a colour and a size, then say so
 * ("Successfully Added"). A colour and size whose stock is all in the cart already is not added
 * again. `colour` is left out only for a product in one colour (its only one is added).
 */
export function addToCartWithToast(
  product: Product,
  size: ProductSize = ONE_SIZE,
  colour: string | undefined = product.colours.length === 1 ? product.colours[0]!.name : undefined,
): void {
  const inCart = cartStore.get().find((l) => sameLine(l, { _id: product._id, size, colour }));
  const left = stockOf(product, colour, size);
  if (inCart && inCart.cartQuantity >= left) {
    const variant = variantLabel({ colour, size });
    const what = variant ? `${product.name} (${variant})` : product.name;
    toast.info(`Your cart already holds the last ${left} of ${what}.`);
    return;
  }
  cartStore.set((c) =>
    addRule<Omit<CartItem, 'cartQuantity' | 'size' | 'colour'>, ProductSize>(
      c,
      product,
      size,
      colour,
    ),
  );
  toast.success('Successfully Added');
}

/**
 * What the cart holds, counted as the badge counts it (its distinct lines, a T-shirt
 * in one size each): "Cart, 2 items" in the bar, "2 items in your cart" on the cart page.
 */
export const cartCountText = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

export function useCart(): { items: CartItem[]; count: number; subtotal: number; total: number } {
  const items = useStore(cartStore);
  return { items, count: items.length, subtotal: subtotal(items), total: cartTotal(items) };
}
