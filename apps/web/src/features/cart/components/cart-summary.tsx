/** Subtotal, delivery (₹0) and total (shared subtotal/cartTotal), and the checkout button. */
import { DELIVERY_CHARGE } from '@repo/shared/constants';
import { formatRupees } from '@repo/shared/rules';
import { Button } from '@/components/ui/button';

export function CartSummary({
  subtotal,
  total,
  onCheckout,
  pending,
  blocked = false,
  blockedBy,
}: {
  subtotal: number;
  total: number;
  onCheckout: () => void;
  pending: boolean;
  /** A line needs a size or has too few left: checkout waits until it is changed. */
  blocked?: boolean;
  /** The id of another text saying why checkout cannot start yet (the button is then disabled). */
  blockedBy?: string | undefined;
}) {
  return (
    <section
      aria-labelledby="summary-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="summary-heading" className="text-base font-bold">
        Order Summary
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600 dark:text-slate-400">Subtotal</dt>
          <dd data-testid="cart-subtotal" className="tabular-nums">
            {formatRupees(subtotal)}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600 dark:text-slate-400">Delivery</dt>
          <dd className="tabular-nums">{formatRupees(DELIVERY_CHARGE)}</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold dark:border-slate-700">
          <dt>Total</dt>
          <dd data-testid="cart-total" className="tabular-nums">
            {formatRupees(total)}
          </dd>
        </div>
      </dl>
      {blocked && (
        <p
          id="checkout-blocked"
          className="mt-3 text-sm font-semibold text-red-700 dark:text-red-400"
        >
          Please fix the items marked above to check out.
        </p>
      )}
      <Button
        size="lg"
        className="mt-4 w-full"
        onClick={onCheckout}
        loading={pending}
        disabled={blocked || Boolean(blockedBy)}
        aria-describedby={
          [blocked ? 'checkout-blocked' : '', blockedBy ?? ''].join(' ').trim() || undefined
        }
      >
        Proceed to Checkout
      </Button>
    </section>
  );
}
