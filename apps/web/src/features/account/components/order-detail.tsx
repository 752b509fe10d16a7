/**
 * One order for its shopper: what was bought, where it goes, how it was paid, what happened
 * when (timeline), its refund, and Cancel order while it has not shipped. Printed, it is an A4
 * receipt (the print rules in index.css keep only [data-receipt] and print it in black on white).
 */
import { useState } from 'react';
import type { Order, OrderItem, OrderTimelineEntry } from '@repo/shared';
import { ONE_SIZE } from '@repo/shared/constants';
import { REFUND_ARRIVAL } from '@repo/shared/constants/orders';
import { formatRupees, paiseToRupees, variantLabel } from '@repo/shared/rules';
import { orderNumber } from '@repo/shared/rules/orders';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { TaxDocumentButtons } from '@/components/download-button';
import { RefundStatusBadge } from '@/components/ui/refund-status';
import { ShipmentLine } from '@/components/ui/shipment-line';
import { messageOf } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { OrderReturns } from './order-returns';

export interface ShopIdentity {
  name: string;
  address: string;
  email: string;
}

const sectionClass =
  'rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900';
const headingClass = 'mb-3 text-base font-semibold';
const mutedClass = 'text-slate-600 dark:text-slate-400';

function timelineLabel(entry: OrderTimelineEntry, cod: boolean): string {
  switch (entry.event) {
    case 'paid':
      return cod ? 'Placed (cash on delivery)' : 'Paid';
    case 'pending':
      return 'Reopened';
    case 'shipped':
      return 'Shipped';
    case 'delivered':
      return 'Delivered';
    case 'cancelled':
      return entry.by === 'customer' ? 'Cancelled by you' : 'Cancelled by the shop';
    case 'refund_processed':
      return 'Refund processed';
    case 'refund_failed':
      return 'Refund held up';
  }
}

function RefundNotice({ order }: { order: Order }) {
  const refund = order.refund;
  if (!refund) return null;
  const amount = formatRupees(paiseToRupees(refund.amount));
  const processedAt = order.timeline?.filter((e) => e.event === 'refund_processed').at(-1)?.at;
  return (
    <div className={sectionClass} aria-labelledby="refund-heading">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="refund-heading" className="text-base font-semibold">
          Refund
        </h2>
        <RefundStatusBadge status={refund.status} />
      </div>
      {refund.status === 'processed' && (
        <p className="text-sm">
          {amount} was refunded
          {processedAt ? <> on {formatDate(processedAt)}</> : null} to the card or account you paid
          with. It usually shows in your account within {REFUND_ARRIVAL}.
        </p>
      )}
      {refund.status === 'pending' && (
        <p className="text-sm">
          A refund of {amount} started on {formatDate(refund.createdAt)}. Refunds usually arrive
          within {REFUND_ARRIVAL}.
        </p>
      )}
      {refund.status === 'failed' && (
        <p className="text-sm">
          Your refund of {amount} could not be completed automatically. Our team is arranging it and
          will email you.
        </p>
      )}
      {refund.id && (
        <p className={`mt-1 text-xs ${mutedClass}`}>
          Refund reference <span className="font-mono break-all">{refund.id}</span>
        </p>
      )}
    </div>
  );
}

/** `discount`: what the order's code and offer took off this line (rupees). */
function ItemRow({ item, discount = 0 }: { item: OrderItem; discount?: number | undefined }) {
  return (
    <li className="flex items-center gap-3 py-3">
      <img
        src={item.photo}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className="h-16 w-16 shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{item.name}</p>
        <p className={`text-sm ${mutedClass}`}>
          {variantLabel(item) || ONE_SIZE} · Qty {item.cartQuantity} × {formatRupees(item.price)}
        </p>
      </div>
      <p className="text-right font-semibold tabular-nums">
        {formatRupees(item.price * item.cartQuantity)}
        {discount > 0 && (
          <span className="block text-xs font-medium text-emerald-700 dark:text-emerald-400">
            {formatRupees(discount)} off
          </span>
        )}
      </p>
    </li>
  );
}

function CancelOrder({ order, userId }: { order: Order; userId: string }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder(userId);
  function confirm() {
    cancel.mutate(order._id, {
      onSuccess: (answer) => {
        setOpen(false);
        toast.success(answer.message);
      },
      onError: (error) => {
        setOpen(false);
        toast.error(messageOf(error, 'The order could not be cancelled. Please try again.'));
      },
    });
  }
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      {open && (
        <Modal title="Cancel this order?" onClose={() => !cancel.isPending && setOpen(false)}>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Order #{orderNumber(order._id)} will be cancelled and the full{' '}
            {formatRupees(order.amount)} refunded to the card or account you paid with. Refunds
            usually arrive within {REFUND_ARRIVAL}.
          </p>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              Keep order
            </Button>
            <Button variant="danger" onClick={confirm} loading={cancel.isPending}>
              {cancel.isPending ? 'Cancelling...' : 'Yes, cancel order'}
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}

export function OrderDetail({
  order,
  userId,
  shop,
}: {
  order: Order;
  userId: string;
  shop: ShopIdentity;
}) {
  const subtotal = order.items.reduce((sum, i) => sum + i.price * i.cartQuantity, 0);
  const timeline = order.timeline ?? [{ event: 'paid' as const, at: order.createdAt }];
  /** Cash on delivery, not yet collected: the total is what the courier collects. */
  const cashDue = order.payment?.status === 'due';
  return (
    <article data-receipt aria-labelledby="order-heading" className="space-y-4">
      {/* The receipt's letterhead: on paper only. */}
      <div className="hidden border-b border-slate-300 pb-3 print:block">
        <p className="text-xl font-bold">{shop.name}</p>
        <p className="text-sm">{shop.address}</p>
        <p className="text-sm">{shop.email}</p>
        <p className="mt-3 text-lg font-semibold">Receipt</p>
      </div>

      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="order-heading" className="text-2xl font-bold sm:text-3xl">
            Order #{orderNumber(order._id)}
          </h1>
          <p className={`mt-1 text-sm ${mutedClass}`}>
            Placed on <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <span className="sr-only">Status: </span>
          <OrderStatusBadge status={order.status} className="text-sm" />
        </div>
      </div>

      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="secondary" onClick={() => window.print()}>
          Print receipt
        </Button>
        {order.status === 'pending' && <CancelOrder order={order} userId={userId} />}
        <TaxDocumentButtons order={order} />
      </div>

      {order.stockShortage && (
        <Notice tone="info">
          Some items ran short of stock after you paid. Our team will contact you about this order.
        </Notice>
      )}
      <RefundNotice order={order} />
      <OrderReturns order={order} userId={userId} />

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)] print:block print:space-y-4">
        <section aria-labelledby="items-heading" className={sectionClass}>
          <h2 id="items-heading" className={headingClass}>
            Items
          </h2>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {order.items.map((item, i) => (
              <ItemRow
                key={`${item._id}:${item.size}:${item.colour ?? ''}`}
                item={item}
                discount={order.discount?.lines[i]}
              />
            ))}
          </ul>
          <dl className="mt-2 space-y-1 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
            <div className="flex justify-between">
              <dt className={mutedClass}>Subtotal</dt>
              <dd className="tabular-nums">{formatRupees(subtotal)}</dd>
            </div>
            {order.discount?.offer && order.discount.offerAmount > 0 && (
              <div className="flex justify-between text-emerald-700 dark:text-emerald-400">
                <dt>Offer: {order.discount.offer}</dt>
                <dd className="tabular-nums">−{formatRupees(order.discount.offerAmount)}</dd>
              </div>
            )}
            {order.discount?.code && order.discount.codeAmount > 0 && (
              <div className="flex justify-between text-emerald-700 dark:text-emerald-400">
                <dt>Code {order.discount.code}</dt>
                <dd className="tabular-nums">−{formatRupees(order.discount.codeAmount)}</dd>
              </div>
            )}
            <div className="flex justify-between">
              <dt className={mutedClass}>Delivery</dt>
              <dd className="tabular-nums">
                {order.shippingFee ? formatRupees(order.shippingFee) : 'Free'}
              </dd>
            </div>
            {Boolean(order.codFee) && (
              <div className="flex justify-between">
                <dt className={mutedClass}>Cash on delivery fee</dt>
                <dd className="tabular-nums">{formatRupees(order.codFee!)}</dd>
              </div>
            )}
            <div className="flex justify-between text-base font-bold">
              <dt>{cashDue ? 'To pay on delivery' : 'Total paid'}</dt>
              <dd className="tabular-nums">{formatRupees(order.amount)}</dd>
            </div>
          </dl>
        </section>

        <div className="space-y-4">
          <section aria-labelledby="address-heading" className={sectionClass}>
            <h2 id="address-heading" className={headingClass}>
              Shipping address
            </h2>
            <p className="text-sm break-words whitespace-pre-line">
              {order.shippingAddress || 'No shipping address provided.'}
            </p>
          </section>
          {order.shipment && (
            <section aria-labelledby="shipment-heading" className={sectionClass}>
              <h2 id="shipment-heading" className={headingClass}>
                Shipped with
              </h2>
              <div className="text-sm">
                <ShipmentLine shipment={order.shipment} />
              </div>
            </section>
          )}
          <section aria-labelledby="payment-heading" className={sectionClass}>
            <h2 id="payment-heading" className={headingClass}>
              Payment
            </h2>
            {order.payment?.method === 'cod' ? (
              // A COD order's "payment id" is the shop's own key: the shopper sees what to pay.
              <p className="text-sm">
                Cash on delivery ·{' '}
                {order.payment.status === 'due'
                  ? `${formatRupees(order.amount)} to pay when it arrives`
                  : order.payment.status === 'collected'
                    ? 'paid'
                    : 'not paid'}
              </p>
            ) : (
              <p className="text-sm">
                <span className={mutedClass}>Payment ID </span>
                <span className="font-mono break-all">{order.paymentId ?? '—'}</span>
              </p>
            )}
          </section>
          <section aria-labelledby="timeline-heading" className={sectionClass}>
            <h2 id="timeline-heading" className={headingClass}>
              Timeline
            </h2>
            <ol className="relative space-y-3 border-l border-slate-200 pl-4 dark:border-slate-700">
              {timeline.map((entry, k) => (
                <li key={`${entry.event}-${k}`} className="relative text-sm">
                  <span
                    aria-hidden="true"
                    className={`absolute top-1.5 -left-[21px] h-2.5 w-2.5 rounded-full ring-2 ring-white dark:ring-slate-900 ${
                      entry.event === 'refund_failed' ? 'bg-red-500' : 'bg-brand-600'
                    }`}
                  />
                  <p className="font-medium">
                    {timelineLabel(entry, order.payment?.method === 'cod')}
                  </p>
                  {entry.reason && <p className="break-words">{entry.reason}</p>}
                  <p className={mutedClass}>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </p>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </article>
  );
}
