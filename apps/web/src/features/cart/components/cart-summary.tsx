/**
 * Subtotal, the automatic offer and the code (as the server answered), delivery and total (the
 * shared orderCharges on the T-shirts after the discount, from the shop's public settings), and
 * the checkout bar: the total and Proceed to Checkout, kept in sight on phones (sticky at the
 * bottom of the screen while the cart scrolls; see the cart page) and under the summary on wider
 * screens.
 */
import type { ReactNode } from 'react';
import type { ApplyCouponResponse } from '@repo/shared';
import { formatRupees } from '@repo/shared/rules';
import { Button } from '@/components/ui/button';

/** The delivery line's id: checkout names it while the address is not served. */
export const DELIVERY_TEXT_ID = 'cart-delivery-date';
const off = (rupees: number) => `−${formatRupees(rupees)}`;

export function CartSummary({
  subtotal,
  discount,
  shippingFee,
  codFee = 0,
  freeDeliveryFrom,
  deliveryText,
  total,
  children,
}: {
  subtotal: number;
  /** Rupees, paid in cash on delivery (0: paying online). */
  codFee?: number | undefined;
  /** When it should arrive ("Delivery by Fri, 4 Dec"), or why it cannot be delivered. */
  deliveryText?: string | undefined;
  /** The server's answer: the offer, the code, the nudge (undefined while it loads). */
  discount?: ApplyCouponResponse | undefined;
  /** Rupees; undefined while the shop's fees are loading. */
  shippingFee: number | undefined;
  /** Rupees: delivery is free from this subtotal on. */
  freeDeliveryFrom: number | undefined;
  total: number;
  /** The coupon field, under the heading. */
  children?: ReactNode;
}) {
  const offer = discount?.offer;
  const code = discount?.code;
  return (
    <section
      aria-labelledby="summary-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="summary-heading" className="text-base font-bold">
        Order Summary
      </h2>
      {offer && (
        <p
          data-testid="cart-offer"
          className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
        >
          {offer.label}
        </p>
      )}
      {discount?.nudge && (
        <p
          data-testid="cart-nudge"
          className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-700 dark:bg-slate-800 dark:text-brand-100"
        >
          {discount.nudge}
        </p>
      )}
      {children && <div className="mt-4">{children}</div>}
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600 dark:text-slate-400">Subtotal</dt>
          <dd data-testid="cart-subtotal" className="tabular-nums">
            {formatRupees(subtotal)}
          </dd>
        </div>
        {offer && (
          <div className="flex justify-between gap-3 text-emerald-700 dark:text-emerald-400">
            <dt>Offer: {offer.headline}</dt>
            <dd data-testid="cart-offer-amount" className="tabular-nums">
              {off(offer.amount)}
            </dd>
          </div>
        )}
        {code && (
          <div className="flex justify-between gap-3 text-emerald-700 dark:text-emerald-400">
            <dt>Code {code.code}</dt>
            <dd data-testid="cart-code-amount" className="tabular-nums">
              {off(code.amount)}
            </dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt className="text-slate-600 dark:text-slate-400">Delivery</dt>
          <dd data-testid="cart-delivery" className="tabular-nums">
            {shippingFee === undefined
              ? '…'
              : shippingFee === 0
                ? 'Free'
                : formatRupees(shippingFee)}
          </dd>
        </div>
        {shippingFee !== undefined && shippingFee > 0 && freeDeliveryFrom !== undefined && (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Free delivery on orders of {formatRupees(freeDeliveryFrom)} or more.
          </p>
        )}
        {codFee > 0 && (
          <div className="flex justify-between">
            <dt className="text-slate-600 dark:text-slate-400">Cash on delivery fee</dt>
            <dd data-testid="cart-cod-fee" className="tabular-nums">
              {formatRupees(codFee)}
            </dd>
          </div>
        )}
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold dark:border-slate-700">
          <dt>Total</dt>
          <dd data-testid="cart-total" className="tabular-nums">
            {formatRupees(total)}
          </dd>
        </div>
      </dl>
      {deliveryText && (
        <p id={DELIVERY_TEXT_ID} className="mt-3 text-sm font-medium">
          {deliveryText}
        </p>
      )}
    </section>
  );
}

export function CheckoutBar({
  total,
  label = 'Proceed to Checkout',
  onCheckout,
  pending,
  blocked = false,
  blockedBy,
}: {
  total: number;
  /** What the button does: Proceed to Checkout (online), Place order (cash on delivery). */
  label?: string;
  onCheckout: () => void;
  pending: boolean;
  /** A line needs a size or has too few left: checkout waits until it is changed. */
  blocked?: boolean;
  /** The id of another text saying why checkout cannot start yet (the button is then disabled). */
  blockedBy?: string | undefined;
}) {
  return (
    <div
      data-testid="checkout-bar"
      className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur lg:static lg:mx-0 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:backdrop-blur-none dark:border-slate-800 dark:bg-slate-950/95 lg:dark:bg-transparent"
    >
      {blocked && (
        <p
          id="checkout-blocked"
          className="mb-2 text-sm font-semibold text-red-700 dark:text-red-400"
        >
          Please fix the items marked above to check out.
        </p>
      )}
      <div className="flex items-center gap-4">
        {/* The summary shows the total beside the button on wide screens. */}
        <p className="shrink-0 lg:hidden" aria-hidden="true">
          <span className="block text-xs text-slate-600 dark:text-slate-400">Total</span>
          <span className="text-lg font-bold tabular-nums">{formatRupees(total)}</span>
        </p>
        <Button
          size="lg"
          className="min-w-0 flex-1"
          onClick={onCheckout}
          loading={pending}
          disabled={blocked || Boolean(blockedBy)}
          aria-describedby={
            [blocked ? 'checkout-blocked' : '', blockedBy ?? ''].join(' ').trim() || undefined
          }
        >
          {label}
        </Button>
      </div>
    </div>
  );
}
