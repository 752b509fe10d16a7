/**
 * Checkout: load the provider's script, create an order, open the payment dialog prefilled with the
 * user's name, email and phone; on success verify and save the order, clear the cart, say "Payment
 * Completed" and show the order placed (else the orders). A cancelled or failed payment leaves the
 * cart as it was. Its failures (the script, creating the order, saving it) are error toasts (not
 * the browser's alert box). No payment starts without a shipping address: the server refuses it
 * too, before the provider is asked.
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { CartItem, PublicUser } from '@repo/shared';
import { SHIPPING_ADDRESS_NEEDED } from '@repo/shared/constants/contact';
import { itemsText } from '@repo/shared/rules/cart';
import { isShippingAddress } from '@repo/shared/rules/contact';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { ApiError, messageOf } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { createPaymentOrder } from './api/create-order';
import { placeCodOrder } from './api/place-cod-order';
import { paymentConfigQueryOptions } from './api/get-payment-config';
import { verifyPayment } from './api/verify-payment';
import { loadScript } from './load-script';
import type { RazorpaySuccess } from './razorpay';

export const CHECKOUT_ALERTS = {
  sdk: 'Razorpay SDK failed to load. Check your internet.',
  createOrder: 'Server error while creating order. Please try again.',
  verify: 'Payment succeeded but order save failed. Contact support.',
  placeCod: 'Your order could not be placed. Please try again.',
} as const;

export interface CheckoutOptions {
  /** The signed-in user's full record (for the prefill and the shipping address). */
  loadUser: () => Promise<PublicUser | undefined>;
  /** Called after the order is saved: the cart is cleared there. */
  onPaid: () => void;
  /** Called when the server refused the order because prices or stock changed. */
  onCartOutdated?: () => Promise<void> | void;
}

export function useCheckout({ loadUser, onPaid, onCartOutdated }: CheckoutOptions) {
  const { isAuthenticated, user: stored } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  /**
   * `totalToPay`: the total with the delivery fee, as the cart works it out (read once started).
   * `shipTo`: the saved address chosen in the cart, on one line (else the profile's address).
   * `coupon`: the code the cart applied (the server prices it again, 409 with the reason if refused).
   */
  async function start(
    items: CartItem[],
    totalToPay: () => Promise<number>,
    shipTo?: string,
    coupon?: string,
  ) {
    if (!isAuthenticated) {
      navigate(paths.login, { state: { from: paths.cart } });
      return;
    }
    setPending(true);
    let opened = false;
    try {
      const [user, total] = await Promise.all([loadUser().catch(() => undefined), totalToPay()]);
      const shippingAddress = shipTo ?? user?.address;
      if (user && !isShippingAddress(shippingAddress)) {
        toast.error(SHIPPING_ADDRESS_NEEDED);
        return;
      }
      const config = await queryClient
        .fetchQuery(paymentConfigQueryOptions())
        .catch(() => undefined);
      const ready = config ? await loadScript(config.checkoutScript) : false;
      if (!config || !ready || !window.Razorpay) {
        toast.error(CHECKOUT_ALERTS.sdk);
        return;
      }

      let order;
      try {
        ({ order } = await createPaymentOrder({
          amount: total,
          items: items.map(({ _id, cartQuantity, size, colour }) => ({
            _id,
            cartQuantity,
            size,
            ...(colour !== undefined && { colour }),
          })),
          ...(shippingAddress ? { shippingAddress } : {}),
          ...(coupon ? { coupon } : {}),
        }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          await onCartOutdated?.();
          toast.error(messageOf(error, CHECKOUT_ALERTS.createOrder));
        } else if (error instanceof ApiError && error.status === 400) {
          // The server's reason (no usable shipping address, a size to choose or one no longer
          // made), never a misleading "server error".
          await onCartOutdated?.();
          toast.error(messageOf(error, CHECKOUT_ALERTS.createOrder));
        } else if (error instanceof ApiError && error.status === 429) {
          // Too many checkouts: the server's answer says how long to wait, not a server error.
          toast.error(messageOf(error, CHECKOUT_ALERTS.createOrder));
        } else {
          toast.error(CHECKOUT_ALERTS.createOrder);
        }
        return;
      }

      const finish = async (response: RazorpaySuccess) => {
        try {
          const result = await verifyPayment({
            razorpay_payment_id: response.razorpay_payment_id,
            razorpay_order_id: response.razorpay_order_id,
            razorpay_signature: response.razorpay_signature,
            amount: total,
            items: items.map(({ _id, name, photo, price, cartQuantity, size }) => ({
              _id,
              name,
              photo,
              price,
              cartQuantity,
              size,
            })),
            userId: user?._id ?? stored?.userId ?? '',
            shippingAddress: shippingAddress ?? '',
          });
          if (!result.success) throw new Error('Payment not verified');
          onPaid();
          toast.success('Payment Completed');
          void queryClient.invalidateQueries({ queryKey: queryKeys.orders.root });
          navigate(result.orderId ? paths.orderPlaced(result.orderId) : paths.userOrders);
        } catch {
          toast.error(CHECKOUT_ALERTS.verify);
        } finally {
          setPending(false);
        }
      };

      const checkout = new window.Razorpay({
        key: config.keyId,
        amount: order.amount,
        currency: order.currency,
        name: env.shopName,
        // The dialog shows the shop's name above: say what is paid for, counted in T-shirts.
        description: itemsText(items),
        order_id: order.id,
        prefill: { name: user?.name ?? stored?.name, email: user?.email, contact: user?.phone },
        theme: { color: '#4f46e5' },
        handler: (response) => void finish(response),
        modal: { ondismiss: () => setPending(false) },
      });
      // A failed payment keeps the dialog open for another try; the cart is untouched.
      checkout.on('payment.failed', () => setPending(false));
      checkout.open();
      opened = true;
    } finally {
      if (!opened) setPending(false);
    }
  }

  /** One key per attempt: kept after a lost answer, so trying again answers the same order. */
  const codKey = useRef<string | null>(null);

  /** Cash on delivery: the order is placed at once to the saved address, nothing to pay now. */
  /** `coupon`: as `start`'s (a prepaid-only code is refused with cash on delivery). */
  async function placeCod(
    items: CartItem[],
    addressId: string,
    totalToPay: () => Promise<number>,
    coupon?: string,
  ) {
    if (!isAuthenticated) {
      navigate(paths.login, { state: { from: paths.cart } });
      return;
    }
    setPending(true);
    codKey.current ??= attemptKey();
    try {
      const { order } = await placeCodOrder(
        {
          amount: await totalToPay(),
          addressId,
          items: items.map(({ _id, cartQuantity, size, colour }) => ({
            _id,
            cartQuantity,
            size,
            ...(colour !== undefined && { colour }),
          })),
          ...(coupon ? { coupon } : {}),
        },
        codKey.current,
      );
      codKey.current = null;
      onPaid();
      toast.success('Order placed');
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.root });
      navigate(paths.orderPlaced(order._id));
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        // Refused: nothing was placed, and the next try is a new order.
        codKey.current = null;
        if (error.status === 409 || error.status === 400) await onCartOutdated?.();
        toast.error(messageOf(error, CHECKOUT_ALERTS.placeCod));
      } else {
        toast.error(CHECKOUT_ALERTS.placeCod);
      }
    } finally {
      setPending(false);
    }
  }

  return { start, placeCod, pending };
}

/** 32 random hex digits (crypto.getRandomValues works on plain-HTTP pages too). */
function attemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
