/**
 * What the admin opens the dashboard on: what needs doing now (orders to ship, payments to
 * settle, returns waiting for a next step, sizes running low), each a link to where it is
 * done, then the orders of the last 30 days (the Orders page's overview).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '@repo/shared';
import { LOW_STOCK, ONE_SIZE } from '@repo/shared/constants';
import { RETURNS_WAITING } from '@repo/shared/constants/returns';
import { sizesOf } from '@repo/shared/rules';
import { adminPaths } from '@/config/admin-paths';
import { cardClass } from '@/components/ui/styles';
import { useLoadFailure } from '@/lib/outcome';
import { useOrderOverview } from '../api/get-order-overview';
import { useProducts } from '@/lib/api/get-products';
import { useUnsettledPayments } from '../api/get-unsettled-payments';
import { OrdersOverview } from './orders-overview';

/** Sizes listed at most, fewest left first. */
const LOW_STOCK_SHOWN = 8;

function Tile({
  title,
  count,
  to,
  action,
  urgent,
}: {
  title: string;
  count: number | undefined;
  to: string;
  action: string;
  urgent: boolean;
}) {
  return (
    <li className={`${cardClass} flex flex-col gap-1 px-4 py-3`}>
      <span className="text-sm font-medium text-slate-600 dark:text-slate-400">{title}</span>
      <span
        className={`text-3xl font-bold tabular-nums ${urgent ? 'text-amber-700 dark:text-amber-300' : 'text-slate-900 dark:text-white'}`}
      >
        {count ?? '…'}
      </span>
      <Link
        to={to}
        className="-my-2 inline-block py-2 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
      >
        {action}
      </Link>
    </li>
  );
}

/**
 * Each size of each colour with LOW_STOCK or fewer left, fewest first; `variant` names the
 * colour (when there are several) and the size (unless One size).
 */
function lowSizes(products: Product[]) {
  return products
    .flatMap((p) => {
      const colours = p.colours?.length ? p.colours : [{ name: '', sizes: sizesOf(p) }];
      return colours.flatMap((c) =>
        sizesOf({ sizes: c.sizes, quantity: 0 })
          .filter((s) => s.quantity <= LOW_STOCK)
          .map((s) => ({
            product: p,
            variant: [colours.length > 1 ? c.name : '', s.size === ONE_SIZE ? '' : s.size]
              .filter(Boolean)
              .join(' · '),
            quantity: s.quantity,
          })),
      );
    })
    .sort((a, b) => a.quantity - b.quantity);
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function DashboardOverview() {
  const overview = useOrderOverview();
  const unsettled = useUnsettledPayments(1);
  const products = useProducts(1);
  useLoadFailure(products, 'products');
  useLoadFailure(unsettled, 'payments to settle');

  const toShip = overview.data?.statusCounts.pending;
  const toSettle = unsettled.data?.total;
  const returnsWaiting = overview.data?.returnsWaiting;
  const low = products.data?.success ? lowSizes(products.data.AllProducts) : undefined;
  return (
    <div className="flex flex-col gap-6">
      <Section id="overview-now" title="To do now">
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Tile
            title="Orders to ship"
            count={toShip}
            to={`${adminPaths.adminOrders}?status=pending`}
            action="Ship orders"
            urgent={Boolean(toShip)}
          />
          <Tile
            title="Payments to settle"
            count={toSettle}
            to={adminPaths.adminOrders}
            action="Refund them"
            urgent={Boolean(toSettle)}
          />
          <Tile
            title="Returns waiting"
            count={returnsWaiting}
            to={`${adminPaths.adminReturns}?status=${RETURNS_WAITING}`}
            action="See returns"
            urgent={Boolean(returnsWaiting)}
          />
          <Tile
            title="Sizes running low"
            count={low?.length}
            to={adminPaths.adminProducts}
            action="See products"
            urgent={Boolean(low?.length)}
          />
        </ul>
      </Section>
      {low && low.length > 0 && (
        <Section id="overview-low-stock" title={`Low stock (${LOW_STOCK} or fewer)`}>
          <ul className={`${cardClass} divide-y divide-slate-100 dark:divide-slate-800`}>
            {low.slice(0, LOW_STOCK_SHOWN).map(({ product, variant, quantity }) => (
              <li
                key={`${product._id}:${variant}`}
                className="flex items-center justify-between gap-3 px-4 py-2 text-sm"
              >
                <Link
                  to={adminPaths.adminProduct(product.slug)}
                  className="-my-2 min-w-0 py-2 font-medium break-words text-brand-700 hover:underline dark:text-brand-100"
                >
                  {product.name}
                  {variant && ' · '}
                  {variant && <span className="text-slate-600 dark:text-slate-400">{variant}</span>}
                </Link>
                <span
                  className={`shrink-0 tabular-nums ${quantity === 0 ? 'font-semibold text-red-700 dark:text-red-300' : 'text-amber-800 dark:text-amber-200'}`}
                >
                  {quantity === 0 ? 'Sold out' : `${quantity} left`}
                </span>
              </li>
            ))}
          </ul>
          {low.length > LOW_STOCK_SHOWN && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              and {low.length - LOW_STOCK_SHOWN} more on the{' '}
              <Link
                to={adminPaths.adminProducts}
                className="font-semibold text-brand-700 hover:underline dark:text-brand-100"
              >
                Products page
              </Link>
              .
            </p>
          )}
        </Section>
      )}
      <OrdersOverview />
    </div>
  );
}
