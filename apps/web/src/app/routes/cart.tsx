/** /cart (SPEC §2): lines, the shipping address, the summary and checkout. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@repo/shared';
import { itemCount } from '@repo/shared/rules';
import { isShippingAddress } from '@repo/shared/rules/contact';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CartIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { userDetailQueryOptions, useUserDetail } from '@/features/account/api/get-user-detail';
import { useSession } from '@/lib/session';
import { useCartStock } from '@/features/cart/api/get-cart-stock';
import { lineDiscount, useCartDiscount } from '@/features/cart/api/apply-coupon';
import { CartLine, lineProblemText } from '@/features/cart/components/cart-line';
import { CouponField } from '@/features/cart/components/coupon-field';
import { CartSummary, CheckoutBar } from '@/features/cart/components/cart-summary';
import { ADDRESS_HINT_ID, ShippingAddress } from '@/features/cart/components/shipping-address';
import { cart } from '@/features/cart/cart-actions';
import { cartCountText, useCart } from '@/features/cart/use-cart';
import { useCartCharges } from '@/features/cart/use-cart-charges';
import { useCheckout } from '@/features/checkout/use-checkout';
import { ApiError } from '@/lib/api-client';
import { productQueryOptions } from '@/lib/api/get-product';
import { queryKeys } from '@/lib/query-keys';
import { useLogOnError } from '@/lib/use-log-on-error';
import { useTitle } from '@/lib/use-title';

export default function CartPage() {
  useTitle('Cart');
  const { items, count, subtotal } = useCart();
  const { isAuthenticated, user } = useSession();
  const queryClient = useQueryClient();
  const userId = isAuthenticated ? user?.userId : undefined;
  // The code applied; the server's answer says what it and the automatic offer take off.
  const [code, setCode] = useState('');
  const discount = useCartDiscount(items, code, userId);
  const answer = discount.data;
  const charges = useCartCharges(subtotal, answer?.discount ?? 0);
  const detail = useUserDetail(userId);
  const stock = useCartStock(items.map((line) => line._id));
  // A line without a size, or short of stock in its size, must be changed before checkout.
  const blocked = items.some((line) => lineProblemText(line, stock?.get(line._id)));
  // Checkout waits for a shipping address (the server refuses one without it, too).
  const addressUsable = !detail.data || isShippingAddress(detail.data.user?.address);

  useLogOnError(detail.error, 'Failed to load user detail'); // SPEC §8: only logged

  /** After a 409 from create-order: fetch each line again so the cart shows today's prices. */
  async function refreshLines() {
    const fresh = new Map<string, Product | null>();
    await Promise.all(
      items.map(async (line) => {
        try {
          const { Aproduct } = await queryClient.fetchQuery({
            ...productQueryOptions(line.slug),
            staleTime: 0,
          });
          fresh.set(line._id, Aproduct);
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) fresh.set(line._id, null);
        }
      }),
    );
    cart.refresh(fresh);
    await queryClient.invalidateQueries({ queryKey: queryKeys.products.stocks });
  }

  const checkout = useCheckout({
    loadUser: async () =>
      userId ? (await queryClient.ensureQueryData(userDetailQueryOptions(userId))).user : undefined,
    onPaid: () => {
      cart.clear();
      setCode('');
    },
    onCartOutdated: async () => {
      await refreshLines();
      // The discount too: a code refused at checkout then shows its reason beside the field.
      await queryClient.invalidateQueries({ queryKey: ['cart', 'discount'] });
    },
  });

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Your Cart</h1>
      {count === 0 ? (
        <EmptyState title="Your cart is empty." icon={<CartIcon />} className="mt-6">
          <p>Find a tee that matches your mood.</p>
          <ButtonLink to={paths.home} className="mt-4">
            Start shopping
          </ButtonLink>
        </EmptyState>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {/* Counted as the badge counts (lines); the T-shirts too when a line has several. */}
            {cartCountText(count)} in your cart
            {itemCount(items) !== count && ` (${itemCount(items)} T-shirts)`}
          </p>
          <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
            <ul
              aria-label="Cart items"
              className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white px-4 dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
            >
              {items.map((item) => (
                <CartLine
                  key={`${item._id}:${item.size ?? ''}`}
                  item={item}
                  stock={stock?.get(item._id)}
                  discount={lineDiscount(answer, item)}
                />
              ))}
            </ul>
            {/* On phones this column's parts join the page's grid (contents), so the checkout
                bar can stick to the bottom of the screen over the whole cart. */}
            <div className="max-lg:contents lg:sticky lg:top-20 lg:space-y-4">
              <ShippingAddress
                signedIn={isAuthenticated}
                address={detail.data?.user?.address}
                loading={detail.isLoading}
                usable={addressUsable}
              />
              <CartSummary
                subtotal={subtotal}
                discount={answer}
                shippingFee={charges.shippingFee}
                freeDeliveryFrom={charges.freeDeliveryFrom}
                total={charges.total}
              >
                <CouponField
                  applied={code}
                  answer={answer}
                  checking={discount.isFetching}
                  onApply={setCode}
                  onRemove={() => setCode('')}
                />
              </CartSummary>
              <CheckoutBar
                total={charges.total}
                pending={checkout.pending}
                blocked={blocked}
                blockedBy={addressUsable ? undefined : ADDRESS_HINT_ID}
                onCheckout={() =>
                  void checkout.start(
                    items,
                    charges.totalToPay,
                    // Only a code that applies is sent (a refused one would only be refused again).
                    code && answer?.code ? code : undefined,
                  )
                }
              />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
