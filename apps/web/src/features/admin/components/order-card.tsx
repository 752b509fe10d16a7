/**
 * One order on the admin list: buyer, items, amount, address, date, how it was shipped, and
 * the status dropdown (order-status-change.tsx: what it asks first, and its refusals).
 */
import { useId } from 'react';
import type { Order } from '@repo/shared';
import { formatRupees, paiseToRupees, variantLabel } from '@repo/shared/rules';
import { ONE_SIZE } from '@repo/shared/constants';
import { orderNumber } from '@repo/shared/rules/orders';
import { Button } from '@/components/ui/button';
import { TaxDocumentButtons } from '@/components/download-button';
import { RefundStatusBadge } from '@/components/ui/refund-status';
import { ShipmentLine } from '@/components/ui/shipment-line';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { StatusSelect } from './order-status-change';
import { CodSettlement } from './cod-settlement';
import { Tick } from './ship-selected';
import { formatOrderDate } from '../lib/format';
import { cardClass } from '@/components/ui/styles';

/**
 * A refund the provider refused, with what to do: refund by hand in the provider's dashboard,
 * or ask again (setting "cancelled" again retries the refund on the server).
 */
function FailedRefund({ order }: { order: Order }) {
  const retry = useUpdateOrderStatus();
  const refund = order.refund!;
  return (
    <div
      role="group"
      aria-label="Refund failed"
      className="border-b border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
    >
      <p className="font-semibold">
        Refund of {formatRupees(paiseToRupees(refund.amount))} failed
        {refund.failureReason ? `: ${refund.failureReason}` : ''}.
      </p>
      <p className="mt-1">
        What to do: refund it by hand in the payment provider's dashboard (payment{' '}
        <span className="font-mono break-all">{order.paymentId}</span>) and it will show here as
        processed, or retry the refund once the cause is fixed. The shopper has been told it is
        being arranged.
      </p>
      <Button
        variant="danger"
        size="sm"
        className="mt-2"
        loading={retry.isPending}
        onClick={() =>
          retry.mutate(
            { orderId: order._id, status: 'cancelled' },
            { onError: (error) => console.error('Refund retry failed', order._id, error) },
          )
        }
      >
        Retry refund
      </Button>
    </div>
  );
}

/** The card's tick for marking several orders shipped together (orders ready to ship only). */
export interface ShipTick {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function OrderCard({ order, tick }: { order: Order; tick?: ShipTick | undefined }) {
  const titleId = useId();
  const refundFailed = order.refund?.status === 'failed';
  const items = order.items ?? [];
  const count = items.reduce((n, i) => n + i.cartQuantity, 0);
  return (
    <article
      aria-labelledby={titleId}
      className={`${cardClass} overflow-hidden ${order.stockShortage || order.addressNeeded || refundFailed ? 'border-red-400 ring-1 ring-red-400 dark:border-red-500 dark:ring-red-500' : ''}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-3 dark:border-slate-700 dark:bg-slate-800/60">
        <div className="flex min-w-0 items-start gap-1">
          {tick && (
            <Tick {...tick} className="-my-2 -ml-2 w-10 shrink-0 justify-center">
              <span className="sr-only">Select order #{orderNumber(order._id)}</span>
            </Tick>
          )}
          <div className="min-w-0">
            <h3 id={titleId} className="font-semibold text-slate-900 dark:text-white">
              Order #{orderNumber(order._id)}
            </h3>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time> · {count}{' '}
              {count === 1 ? 'item' : 'items'}
            </p>
            {order.stockShortage && (
              <p className="mt-1.5 inline-flex items-center gap-1 rounded-full bg-red-600 px-2.5 py-0.5 text-xs font-bold text-white">
                <span aria-hidden="true">⚠</span> Stock ran out — action needed
              </p>
            )}
            {order.addressNeeded && (
              <p className="mt-1.5 inline-flex items-center gap-1 rounded-full bg-red-600 px-2.5 py-0.5 text-xs font-bold text-white">
                <span aria-hidden="true">⚠</span> No shipping address — ask the buyer
              </p>
            )}
          </div>
        </div>
        <div className="flex w-full flex-wrap items-center justify-between gap-2 sm:w-auto sm:flex-col sm:items-end">
          <p className="text-lg font-bold text-slate-900 dark:text-white">
            <span className="sr-only">Amount </span>
            {formatRupees(order.amount)}
          </p>
          <StatusSelect order={order} />
          {order.refund && <RefundStatusBadge status={order.refund.status} />}
        </div>
      </header>
      {refundFailed && <FailedRefund order={order} />}
      <div className="grid gap-4 p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <div className="flex flex-col gap-3 text-sm">
          <section>
            <h4 className="font-semibold text-slate-700 dark:text-slate-200">Buyer</h4>
            {order.user ? (
              <p className="break-words text-slate-600 dark:text-slate-300">
                {order.user.name}
                <br />
                <a
                  href={`mailto:${order.user.email}`}
                  className="break-all text-brand-600 hover:underline dark:text-brand-100"
                >
                  {order.user.email}
                </a>
                <br />
                {order.user.phone || 'Not Provided'}
              </p>
            ) : (
              <p className="text-slate-500 dark:text-slate-400">Account deleted</p>
            )}
          </section>
          <section>
            <h4 className="font-semibold text-slate-700 dark:text-slate-200">Shipping address</h4>
            <p className="break-words whitespace-pre-line text-slate-600 dark:text-slate-300">
              {order.shippingAddress || 'No shipping address provided.'}
            </p>
          </section>
          {order.shipment && (
            <section>
              <h4 className="font-semibold text-slate-700 dark:text-slate-200">Shipped with</h4>
              <ShipmentLine shipment={order.shipment} />
            </section>
          )}
          <CodSettlement order={order} />
          <TaxDocumentButtons order={order} />
        </div>
        <section>
          <h4 className="sr-only">Items</h4>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {items.map((item) => (
              <li
                key={`${item._id}:${item.colour ?? ''}:${item.size}`}
                className="flex items-center gap-3 py-2 first:pt-0 last:pb-0"
              >
                <img
                  src={item.photo}
                  alt=""
                  loading="lazy"
                  className="h-12 w-12 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800"
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900 dark:text-slate-100">
                    {item.name}
                  </p>
                  <p className="text-sm text-slate-500 dark:text-slate-400">
                    {variantLabel(item) || ONE_SIZE} · Qty {item.cartQuantity} ×{' '}
                    {formatRupees(item.price)}
                  </p>
                </div>
                <p className="text-sm font-semibold text-slate-900 dark:text-slate-100">
                  {formatRupees(item.price * item.cartQuantity)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </article>
  );
}
