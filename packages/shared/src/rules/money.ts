/**
 * Amounts in other currencies than the rupee (a payment provider's report): a module of its
 * own, so the storefront's first page does not carry it.
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
