/**
 * How a shopper can pay, under the product page's Check delivery: online by UPI, card or net
 * banking (the payment provider's checkout), and cash on delivery while the shop offers it (its
 * `cod` settings); "where available", as a place or an order's value may rule it out (Check
 * delivery and the checkout say so).
 */
import { CardIcon } from '@/components/ui/delivery-icons';

export function PaymentNote({ cod }: { cod: boolean }) {
  return (
    <p className="mt-2 flex items-start gap-2 text-sm text-slate-600 dark:text-slate-400">
      <CardIcon className="h-5 w-5 shrink-0" />
      {cod
        ? 'Pay online by UPI, card or net banking, or cash on delivery where available'
        : 'Pay online by UPI, card or net banking'}
    </p>
  );
}
