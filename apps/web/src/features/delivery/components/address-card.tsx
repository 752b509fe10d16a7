/** A saved address as the book and the checkout show it: recipient, lines, phone, a Default badge. */
import type { SavedAddress } from '@repo/shared';
import { addressLine } from '@repo/shared/rules/address';

export function AddressText({ address }: { address: SavedAddress }) {
  return (
    <div className="min-w-0 text-sm">
      <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
        {address.name}
        {address.isDefault && (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-500/20 dark:text-brand-100">
            Default
          </span>
        )}
      </p>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{addressLine(address)}</p>
      {address.phone && (
        <p className="mt-1 text-slate-600 dark:text-slate-400">Phone: {address.phone}</p>
      )}
      {!address.city && (
        <p className="mt-1 text-xs font-medium text-amber-800 dark:text-amber-300">
          Add the city to complete this address.
        </p>
      )}
    </div>
  );
}
