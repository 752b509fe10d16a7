/**
 * The saved address an order ships to, chosen in the cart (the default first chosen), with the
 * way to add another one. The choice drives the delivery date, the fee and whether COD is offered.
 */
import type { SavedAddress } from '@repo/shared';
import { addressLine } from '@repo/shared/rules/address';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function AddressChoice({
  addresses,
  chosenId,
  onChoose,
}: {
  addresses: readonly SavedAddress[];
  chosenId: string | undefined;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="mt-2">
      <legend className="sr-only">Ship to</legend>
      <ul className="space-y-2">
        {addresses.map((a) => (
          <li key={a._id}>
            <label className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600 dark:border-slate-700 dark:has-[:checked]:border-brand-100">
              <input
                type="radio"
                name="ship-to"
                value={a._id}
                checked={a._id === chosenId}
                onChange={() => onChoose(a._id)}
                className="mt-1"
              />
              <span className="min-w-0 break-words text-slate-700 dark:text-slate-300">
                <span className="font-medium text-slate-900 dark:text-slate-100">{a.name}</span>
                {a.isDefault && ' (default)'}
                <br />
                {addressLine(a)}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <ButtonLink
        to={paths.userAddresses}
        state={{ from: paths.cart }}
        variant="outline"
        size="sm"
        className="mt-3"
      >
        Add an address
      </ButtonLink>
    </fieldset>
  );
}
