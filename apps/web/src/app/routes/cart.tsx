/** /cart: lines, the shipping address, the summary and checkout. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod, Product } from '@repo/shared';
import { itemCount } from '@repo/shared/rules/cart';
import { deliveryWindowText } from '@repo/shared/rules/delivery';
import { addressLine } from '@repo/shared/rules/address';
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
import {
  CartSummary,
  CheckoutBar,
  DELIVERY_TEXT_ID,
} from '@/features/cart/components/cart-summary';
import { AddressChoice } from '@/features/cart/components/address-choice';
import { ADDRESS_HINT_ID, ShippingAddress } from '@/features/cart/components/shipping-address';
import { cart } from '@/features/cart/cart-actions';
import { cartCountText, useCart } from '@/features/cart/use-cart';
import { useCartCharges } from '@/features/cart/use-cart-charges';
import { PaymentChoice } from '@/features/checkout/components/payment-choice';
import { useCheckout } from '@/features/checkout/use-checkout';
import { useAddresses } from '@/features/delivery/api/get-addresses';
import { useDeliveryEstimate } from '@/features/delivery/api/get-delivery-estimate';
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
  const [method, setMethod] = useState<PaymentMethod>('online');
  // Delivery to the saved address chosen (the default until another is): the date, whether it
  // is served, and COD there.
  const addresses = useAddresses({ enabled: Boolean(userId) });
  const [chosenId, setChosenId] = useState<string>();
  const saved = addresses.data?.addresses ?? [];
  const address = saved.find((a) => a._id === chosenId) ?? saved.find((a) => a.isDefault);
  const estimate = useDeliveryEstimate(
    address ? { pin: address.pin, state: address.state, subtotal } : undefined,
    userId,
  ).data;
  const codOffered = Boolean(address) && estimate?.cod === true;
  const payBy: PaymentMethod = codOffered ? method : 'online';
  // The code applied; the server's answer says what it and the automatic offer take off.
  const [code, setCode] = useState('');
  const discount = useCartDiscount(items, code, userId, payBy);
  const answer = discount.data;
  const charges = useCartCharges(subtotal, answer?.discount ?? 0, payBy);
  const notServed = estimate?.serviceable === false ? estimate.message : undefined;
  const deliveryText =
    notServed ??
    (estimate?.deliveryFrom && estimate.deliveryBy
      ? `${deliveryWindowText(estimate.deliveryFrom, estimate.deliveryBy)} to ${estimate.pin}`
      : undefined);
  const codReason = !userId
    ? 'Log in to pay cash on delivery.'
    : addresses.data && !address
      ? 'Add a saved address to pay cash on delivery.'
      : estimate?.codMessage;
  const detail = useUserDetail(userId);
  const stock = useCartStock(items.map((line) => line._id));
  // A line without a size, or short of stock in its size, must be changed before checkout.
  const blocked = items.some((line) => lineProblemText(line, stock?.get(line._id)));
  // Checkout waits for a shipping address (the server refuses one without it, too).
  const addressUsable = address
    ? isShippingAddress(addressLine(address))
    : !detail.data || isShippingAddress(detail.data.user?.address);

  useLogOnError(detail.error, 'Failed to load user detail'); // only logged

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
                  key={`${item._id}:${item.colour ?? ''}:${item.size ?? ''}`}
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
                choice={
                  // One address: the original box (the profile's line as typed, Update Address).
                  saved.length > 1 ? (
                    <AddressChoice
                      addresses={saved}
                      chosenId={address?._id}
                      onChoose={setChosenId}
                    />
                  ) : undefined
                }
              />
              <CartSummary
                subtotal={subtotal}
                discount={answer}
                shippingFee={charges.shippingFee}
                codFee={charges.codFee}
                freeDeliveryFrom={charges.freeDeliveryFrom}
                deliveryText={deliveryText}
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
              <PaymentChoice
                method={payBy}
                onChange={setMethod}
                codFee={charges.codFeeOffered}
                codOffered={codOffered}
                codReason={codReason}
              />
              <CheckoutBar
                total={charges.total}
                label={payBy === 'cod' ? 'Place order' : undefined}
                pending={checkout.pending}
                blocked={blocked}
                blockedBy={
                  !addressUsable ? ADDRESS_HINT_ID : notServed ? DELIVERY_TEXT_ID : undefined
                }
                onCheckout={() => {
                  // Only a code that applies is sent (a refused one would only be refused again).
                  const coupon = code && answer?.code ? code : undefined;
                  void (payBy === 'cod' && address
                    ? checkout.placeCod(items, address._id, charges.totalToPay, coupon)
                    : checkout.start(
                        items,
                        charges.totalToPay,
                        // The default ships to the profile's line as typed; another, its own.
                        address && !address.isDefault ? addressLine(address) : undefined,
                        coupon,
                      ));
                }}
              />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
