/**
 * Money a payment provider reports: amounts in other currencies than the rupee, and whether a
 * refund is on its way. A module of its own, so the storefront's first page does not carry it.
 */
import { formatRupees, paiseToRupees } from './index.js';

/**
 * An amount as a payment provider reports it, in its currency's smallest unit: rupees as
 * formatRupees writes them, any other currency with its own decimals and its code ("7.00 USD",
 * "700 JPY"); a code Intl does not know, the provider's figure as it came.
 */
export function formatMinorUnits(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  if (code === 'INR') return formatRupees(paiseToRupees(amount));
  let digits: number;
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency: code });
    digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return `${amount} ${code}`;
  }
  return `${(amount / 10 ** digits).toFixed(digits)} ${code}`;
}

/**
 * Whether the provider took a refund on: processed, or pending with its id (the money is on
 * its way or back); pending without an id is a request still waiting for the provider's answer.
 */
export function refundAccepted(refund: { status: string; id: string } | null | undefined): boolean {
  return (
    !!refund && (refund.status === 'processed' || (refund.status === 'pending' && refund.id !== ''))
  );
}
