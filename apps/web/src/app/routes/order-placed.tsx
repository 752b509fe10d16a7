/**
 * /order-placed/{orderId}: what a shopper sees right after paying. The order number, what was
 * bought, where it goes, and what happens next (the confirmation mail, the courier and tracking
 * number when it ships), and the day it should arrive (`deliveryBy`, estimated when it was
 * ordered; older orders have none).
 */
import { useParams } from 'react-router-dom';
import type { Order } from '@repo/shared';
import { formatRupees, sizeLabel } from '@repo/shared/rules';
import { orderNumber } from '@repo/shared/rules/orders';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BoxIcon, Svg, type IconProps } from '@/components/ui/icons';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useOrder } from '@/features/account/api/get-order';
import { useSession } from '@/lib/session';
import { useLogOnError } from '@/lib/use-log-on-error';
import { useTitle } from '@/lib/use-title';

const PlacedIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.5 2.5L16 9.5" />
  </Svg>
);

const sectionClass =
  'rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900';
const muted = 'text-slate-600 dark:text-slate-400';

/** When the order should arrive; an order without an estimate promises nothing. */
function deliveryLine(order: Order): string | undefined {
  if (!order.deliveryBy) return undefined;
  const day = new Intl.DateTimeFormat('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(order.deliveryBy));
  return `Expected by ${day}.`;
}

function Placed({ order }: { order: Order }) {
  const delivery = deliveryLine(order);
  return (
    <div className="space-y-4">
      <header className="text-center">
        <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700 dark:bg-green-400/15 dark:text-green-300">
          <PlacedIcon className="h-8 w-8" />
        </span>
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Thank you! Your order is placed.</h1>
        <p className={`mt-1 ${muted}`}>
          Order{' '}
          <span className="font-semibold text-slate-900 dark:text-white">
            #{orderNumber(order._id)}
          </span>{' '}
          {order.payment?.status === 'due'
            ? `is confirmed. Pay ${formatRupees(order.amount)} in cash on delivery.`
            : `is confirmed and paid: ${formatRupees(order.amount)}.`}
          {order.discount && order.discount.amount > 0 && (
            <span className="font-semibold text-emerald-700 dark:text-emerald-400">
              {' '}
              You saved {formatRupees(order.discount.amount)}
              {order.discount.code && order.discount.codeAmount > 0
                ? ` with ${order.discount.code}`
                : ''}
              .
            </span>
          )}
        </p>
      </header>

      <section aria-labelledby="next-heading" className={sectionClass}>
        <h2 id="next-heading" className="mb-3 text-base font-semibold">
          What happens next
        </h2>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>A confirmation with these details is on its way to your email.</li>
          <li>We pack your order and hand it to the courier.</li>
          <li>
            When it ships, we mail you the courier and the tracking number; this order&apos;s page
            shows them too.
          </li>
          {delivery && <li>{delivery}</li>}
        </ol>
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="bought-heading" className={sectionClass}>
          <h2 id="bought-heading" className="mb-2 text-base font-semibold">
            What you bought
          </h2>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {order.items.map((item) => (
              <li key={`${item._id}:${item.size}`} className="flex items-center gap-3 py-2">
                <img
                  src={item.photo}
                  alt=""
                  width={48}
                  height={48}
                  className="h-12 w-12 shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{item.name}</p>
                  <p className={`text-sm ${muted}`}>
                    {sizeLabel(item.size)} · Qty {item.cartQuantity}
                  </p>
                </div>
                <p className="text-sm font-semibold tabular-nums">
                  {formatRupees(item.price * item.cartQuantity)}
                </p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="where-heading" className={sectionClass}>
          <h2 id="where-heading" className="mb-2 text-base font-semibold">
            Where it goes
          </h2>
          <p className="text-sm break-words whitespace-pre-line">
            {order.shippingAddress || 'No shipping address provided.'}
          </p>
          {!order.shippingAddress && (
            <p className={`mt-2 text-sm ${muted}`}>We will contact you for an address.</p>
          )}
        </section>
      </div>

      <div className="flex flex-wrap justify-center gap-2">
        <ButtonLink to={paths.userOrder(order._id)}>View your order</ButtonLink>
        <ButtonLink to={paths.home} variant="outline">
          Continue shopping
        </ButtonLink>
      </div>
    </div>
  );
}

export default function OrderPlacedPage() {
  const { orderId = '' } = useParams();
  const { user } = useSession();
  const order = useOrder(user?.userId, orderId);
  useTitle('Order placed');
  useLogOnError(order.error, 'Failed to load the order');
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      {order.isLoading || !user ? (
        <Loading text="Loading order..." />
      ) : order.data ? (
        <Placed order={order.data.order} />
      ) : (
        <EmptyState title="Your payment went through." icon={<BoxIcon />}>
          <p>This page could not be loaded; your order is in Your Orders.</p>
          <ButtonLink to={paths.userOrders} className="mt-4">
            Your Orders
          </ButtonLink>
        </EmptyState>
      )}
    </div>
  );
}
