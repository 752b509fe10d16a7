/**
 * "Check delivery" on the product page: a PIN (the last one checked in this browser, else the
 * signed-in customer's default address's) and what delivery there means: the date, the fee,
 * cash on delivery, or that the shop does not deliver there. A PIN already known is checked at
 * once; the server renders the empty form, the browser fills it in.
 */
import { useId, useState, type FormEvent } from 'react';
import { formatRupees } from '@repo/shared/rules';
import { deliveryWindowText, normalizePin } from '@repo/shared/rules/delivery';
import { PIN_MESSAGE } from '@repo/shared/constants/contact';
import { Button } from '@/components/ui/button';
import { controlClasses } from '@/components/ui/form-field';
import { CardIcon, TruckIcon } from '@/components/ui/delivery-icons';
import { useSession } from '@/lib/session';
import { useStore } from '@/lib/storage';
import { useAddresses } from '../api/get-addresses';
import { useDeliveryEstimate } from '../api/get-delivery-estimate';
import { deliveryPinStore } from '../pin-store';

export function CheckDelivery() {
  const id = useId();
  const { isAuthenticated, user } = useSession();
  const stored = useStore(deliveryPinStore);
  const book = useAddresses({ enabled: isAuthenticated && !stored });
  const known = stored || book.data?.addresses.find((a) => a.isDefault)?.pin || '';
  // What the shopper typed (null until they type), and the PIN whose answer is shown.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState('');
  const pin = known;
  const estimate = useDeliveryEstimate(pin ? { pin } : undefined, user?.userId);

  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = normalizePin(typed ?? known);
    if (!checked) {
      setError(PIN_MESSAGE);
      return;
    }
    setError('');
    setTyped(null);
    deliveryPinStore.set(checked);
  }

  const answer = estimate.data;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-sm font-bold">
        <TruckIcon /> Check delivery
      </h2>
      <form onSubmit={submit} noValidate className="mt-3 flex gap-2">
        <label htmlFor={`${id}-pin`} className="sr-only">
          PIN code
        </label>
        <input
          id={`${id}-pin`}
          value={typed ?? known}
          onChange={(e) => setTyped(e.target.value)}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          placeholder="Enter PIN code"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-result`}
          className={`${controlClasses} max-w-40`}
        />
        <Button type="submit" variant="outline" className="min-h-10">
          Check
        </Button>
      </form>
      <div id={`${id}-result`} aria-live="polite" className="mt-3 space-y-1 text-sm">
        {error ? (
          <p className="font-medium text-red-700 dark:text-red-400">{error}</p>
        ) : !pin ? (
          <p className="text-slate-600 dark:text-slate-400">
            Enter your PIN code to see when it arrives.
          </p>
        ) : estimate.isPending ? (
          <p className="text-slate-600 dark:text-slate-400">Checking delivery to {pin}...</p>
        ) : !answer ? (
          <p className="font-medium text-red-700 dark:text-red-400">
            Couldn't check delivery. Please try again.
          </p>
        ) : !answer.serviceable ? (
          <p className="font-medium text-red-700 dark:text-red-400">{answer.message}</p>
        ) : (
          <>
            <p className="font-semibold text-slate-900 dark:text-white">
              {deliveryWindowText(answer.deliveryFrom!, answer.deliveryBy!)} to {answer.pin}
            </p>
            <p className="text-slate-700 dark:text-slate-300">
              {answer.shippingFee === 0
                ? 'Free delivery'
                : `Delivery ${formatRupees(answer.shippingFee)}, free on orders of ${formatRupees(answer.freeDeliveryFrom)} or more`}
            </p>
            <p className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
              <CardIcon />
              {answer.cod
                ? 'Pay online or cash on delivery'
                : `Pay online. ${answer.codMessage ?? ''}`}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
