/** The shipping address box of the cart: the profile's address when signed in, else a prompt to log in. */
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function ShippingAddress({
  signedIn,
  address,
  loading,
}: {
  signedIn: boolean;
  address: string | undefined;
  loading: boolean;
}) {
  return (
    <section
      aria-labelledby="shipping-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="shipping-heading" className="text-base font-bold">
        Shipping Address
      </h2>
      {signedIn ? (
        <>
          <p className="mt-2 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">
            {loading
              ? 'Loading address...'
              : address?.trim()
                ? address
                : 'No shipping address provided.'}
          </p>
          <ButtonLink to={paths.userProfile} variant="outline" size="sm" className="mt-3">
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
