/**
 * Your Orders: date, status (in its colour), refund, items, amount and shipping address of
 * each order, and a link to its page.
 */
import { Link } from 'react-router-dom';
import type { Order } from '@repo/shared';
import { formatRupees, variantLabel } from '@repo/shared/rules';
import { ONE_SIZE } from '@repo/shared/constants';
import { orderNumber } from '@repo/shared/rules/orders';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { RefundStatusBadge } from '@/components/ui/refund-status';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';

export function OrderList({ orders }: { orders: Order[] }) {
  return (
    <ul className="space-y-4" aria-label="Orders">
      {orders.map((order) => (
        <li
          key={order._id}
          className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm dark:border-slate-800 dark:bg-slate-800/50">
            <div>
              <p className="text-xs text-slate-600 dark:text-slate-400">Order</p>
              <Link
                to={paths.userOrder(order._id)}
                className="font-mono font-semibold text-brand-700 hover:underline max-sm:inline-flex max-sm:min-h-10 max-sm:items-center dark:text-brand-100"
              >
                #{orderNumber(order._id)}
              </Link>
            </div>
            <div>
              <p className="text-xs text-slate-600 dark:text-slate-400">Placed on</p>
              <p className="font-semibold">
                <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
              </p>
            </div>
            <div>
              <p className="text-xs text-slate-600 dark:text-slate-400">Amount</p>
              <p className="font-semibold">{formatRupees(order.amount)}</p>
            </div>
            <div className="ml-auto flex flex-wrap items-center gap-2">
              <span className="sr-only">Status: </span>
              <OrderStatusBadge status={order.status} />
              {order.refund && <RefundStatusBadge status={order.refund.status} />}
            </div>
          </div>
          {order.stockShortage && (
            <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
              Some items ran short of stock after you paid. Our team will contact you about this
              order.
            </p>
          )}
          <ul className="divide-y divide-slate-100 px-4 dark:divide-slate-800">
            {order.items.map((item) => (
              <li
                key={`${item._id}:${item.colour ?? ''}:${item.size}`}
                className="flex items-center gap-3 py-3"
              >
                <img
                  src={item.photo}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  decoding="async"
                  className="h-14 w-14 shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{item.name}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {variantLabel(item) || ONE_SIZE} · Quantity: {item.cartQuantity} ×{' '}
                    {formatRupees(item.price)}
                  </p>
                </div>
                <p className="font-semibold tabular-nums">
                  {formatRupees(item.price * item.cartQuantity)}
                </p>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm dark:border-slate-800">
            <p>
              <span className="text-slate-600 dark:text-slate-400">Shipping address: </span>
              <span className="whitespace-pre-line">
                {order.shippingAddress || 'No shipping address provided.'}
              </span>
            </p>
            <Link
              to={paths.userOrder(order._id)}
              aria-label={`View order #${orderNumber(order._id)}`}
              className="inline-flex min-h-10 items-center font-semibold text-brand-700 hover:underline dark:text-brand-100"
            >
              View order →
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
