/**
 * How the shopper pays: online, or cash on delivery with its fee. When COD is not offered (the
 * place, the order's value, the customer's standing, the shop's switch) the option stays in
 * sight, disabled, with the reason beside it.
 */
import type { PaymentMethod } from '@repo/shared';
import { formatRupees } from '@repo/shared/rules';

export const COD_REASON_ID = 'cod-not-offered';

export function PaymentChoice({
  method,
  onChange,
  codFee,
  codOffered,
  codReason,
}: {
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** Rupees; undefined while unknown. */
  codFee: number | undefined;
  codOffered: boolean;
  /** Why COD is not offered (shown while it is not). */
  codReason: string | undefined;
}) {
  const option =
    'flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:has-[:checked]:bg-brand-600/15 border-slate-300 dark:border-slate-700';
  return (
    <fieldset className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <legend className="sr-only">Payment</legend>
      <h2 aria-hidden="true" className="text-base font-bold">
        Payment
      </h2>
      <div className="mt-3 space-y-2">
        <label className={option}>
          <input
            type="radio"
            name="payment"
            className="mt-0.5 h-4 w-4 accent-brand-600"
            checked={method === 'online'}
            onChange={() => onChange('online')}
          />
          <span>
            <span className="block font-semibold">Pay online</span>
            <span className="text-slate-600 dark:text-slate-400">UPI, cards or net banking</span>
          </span>
        </label>
        <label className={option}>
          <input
            type="radio"
            name="payment"
            className="mt-0.5 h-4 w-4 accent-brand-600"
            checked={method === 'cod'}
            disabled={!codOffered}
            aria-describedby={!codOffered && codReason ? COD_REASON_ID : undefined}
            onChange={() => onChange('cod')}
          />
          <span>
            <span className="block font-semibold">
              Cash on delivery
              {codFee !== undefined && codFee > 0 && ` (+ ${formatRupees(codFee)})`}
            </span>
            {!codOffered && codReason ? (
              <span id={COD_REASON_ID} className="text-amber-800 dark:text-amber-300">
                {codReason}
              </span>
            ) : (
              <span className="text-slate-600 dark:text-slate-400">Pay the courier in cash</span>
            )}
          </span>
        </label>
      </div>
    </fieldset>
  );
}
