/**
 * The shipping address box of the cart: the profile's address when signed in, else a prompt to
 * log in. An address orders cannot ship to (none, or no PIN code) is named, with the way to fix it.
 */
import type { ReactNode } from 'react';
import { SHIPPING_ADDRESS_NEEDED } from '@repo/shared/constants/contact';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

export const ADDRESS_HINT_ID = 'shipping-address-needed';

export function ShippingAddress({
  signedIn,
  address,
  loading,
  usable,
  choice,
}: {
  signedIn: boolean;
  address: string | undefined;
  loading: boolean;
  /** False when checkout must wait for an address (see isShippingAddress). */
  usable: boolean;
  /** The saved addresses to choose from, when there are any (else the profile's one line). */
  choice?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="shipping-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="shipping-heading" className="text-base font-bold">
        Shipping Address
      </h2>
      {signedIn && choice ? (
        choice
      ) : signedIn ? (
        <>
          <p className="mt-2 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">
            {loading
              ? 'Loading address...'
              : address?.trim()
                ? address
                : 'No shipping address provided.'}
          </p>
          {!usable && (
            <p
              id={ADDRESS_HINT_ID}
              className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
            >
              {SHIPPING_ADDRESS_NEEDED}
            </p>
          )}
          <ButtonLink
            to={paths.userProfile}
            variant={usable ? 'outline' : 'primary'}
            size="sm"
            className="mt-3"
          >
            Update Address
          </ButtonLink>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Log in to see your shipping address and pay for your order.
          </p>
          <ButtonLink
            to={paths.login}
            state={{ from: paths.cart }}
            variant="outline"
            size="sm"
            className="mt-3"
          >
            Log in to checkout
          </ButtonLink>
        </>
      )}
    </section>
  );
}
