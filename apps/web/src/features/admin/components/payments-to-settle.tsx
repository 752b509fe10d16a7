/**
 * Payments to settle, above the orders: money the provider captured that made no order of its
 * own (a checkout paid twice, or a capture of another amount than the checkout's). Shown only
 * while there are any; each payment has a Refund button that asks first, and a refusal shows
 * the provider's reason. A load failure says so with Try again: unlike the order list's (only
 * logged), money waits on this one.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CheckoutToSettle, PaymentToSettle } from '@repo/shared';
import { PAGE_SIZE } from '@repo/shared/constants';
import { REFUND_ARRIVAL } from '@repo/shared/constants/orders';
import { formatRupees, paiseToRupees } from '@repo/shared/rules';
import { formatMinorUnits, refundAccepted } from '@repo/shared/rules/money';
import { orderNumber } from '@repo/shared/rules/orders';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { Pagination } from '@/components/ui/pagination';
import { RefundStatusBadge } from '@/components/ui/refund-status';
import { cardClass } from '@/components/ui/styles';
import { adminPaths } from '@/config/admin-paths';
import { messageOf } from '@/lib/api-client';
import { useLoadFailure } from '@/lib/outcome';
import { toast } from '@/lib/toast';
import { useUnsettledPayments } from '../api/get-unsettled-payments';
import { useRefundUnsettledPayment } from '../api/refund-unsettled-payment';
import { formatOrderDate } from '../lib/format';

function reasonOf(checkout: CheckoutToSettle, payment: PaymentToSettle): string {
  if (payment.reason === 'paid_twice') return 'A second payment for the same checkout';
  return `Captured ${formatMinorUnits(payment.amountPaise, payment.currency)} for a checkout of ${formatRupees(paiseToRupees(checkout.amountPaise))}`;
}

function PaymentRow({
  checkout,
  payment,
  onRefunded,
}: {
  checkout: CheckoutToSettle;
  payment: PaymentToSettle;
  onRefunded: () => void;
}) {
  const refund = useRefundUnsettledPayment();
  const [asking, setAsking] = useState(false);
  const amount = formatMinorUnits(payment.amountPaise, payment.currency);
  const state = payment.refund;
  const unanswered = state?.status === 'pending' && !state.id;
  // Its money is on its way back (another payment of the checkout is still to settle).
  const settled = !!state && refundAccepted(state);

  function confirm() {
    refund.mutate(
      { checkoutId: checkout._id, paymentId: payment.paymentId },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onRefunded();
        },
        onError: (error) =>
          toast.error(messageOf(error, 'The refund could not be made. Please try again.')),
        onSettled: () => setAsking(false),
      },
    );
  }

  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900 dark:text-slate-100">
          {reasonOf(checkout, payment)}
        </p>
        <p className="text-slate-600 dark:text-slate-300">
          Payment <span className="font-mono break-all">{payment.paymentId}</span> · {amount}
        </p>
        {state?.status === 'failed' && (
          <p className="mt-1 font-semibold text-red-700 dark:text-red-300">
            <span aria-hidden="true">⚠ </span>Refund failed
            {state.failureReason ? `: ${state.failureReason}` : ''}
          </p>
        )}
        {unanswered && (
          <p className="mt-1 text-amber-800 dark:text-amber-200">
            Refund asked for; the payment provider has not answered yet.
          </p>
        )}
      </div>
      {settled ? (
        <RefundStatusBadge status={state.status} className="shrink-0 self-start sm:self-center" />
      ) : (
        <Button
          variant="danger"
          size="sm"
          className="shrink-0 self-start sm:self-center"
          loading={refund.isPending}
          onClick={() => setAsking(true)}
        >
          {state?.status === 'failed' ? 'Try again' : unanswered ? 'Ask again' : `Refund ${amount}`}
        </Button>
      )}
      {asking && (
        <ConfirmDialog
          title={`Refund ${amount}?`}
          confirmLabel={`Refund ${amount}`}
          busyLabel="Refunding..."
          busy={refund.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          <p>
            The whole payment <span className="font-mono break-all">{payment.paymentId}</span> goes
            back to {checkout.shopper ? checkout.shopper.name : 'the payer'} through the payment
            provider. Card refunds usually arrive in {REFUND_ARRIVAL}.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}

function CheckoutCard({
  checkout,
  onRefunded,
}: {
  checkout: CheckoutToSettle;
  onRefunded: () => void;
}) {
  const titleId = useId();
  const number = checkout.orderId ? orderNumber(checkout.orderId) : null;
  return (
    <article aria-labelledby={titleId} className={`${cardClass} p-4`}>
      <header className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={titleId} className="font-semibold text-slate-900 dark:text-white">
          {checkout.shopper ? checkout.shopper.name : 'Guest checkout'}
        </h3>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Since <time dateTime={checkout.since}>{formatOrderDate(checkout.since)}</time>
        </p>
        <p className="w-full text-sm text-slate-600 dark:text-slate-300">
          {checkout.shopper && (
            <>
              <a
                href={`mailto:${checkout.shopper.email}`}
                className="break-all text-brand-600 hover:underline dark:text-brand-100"
              >
                {checkout.shopper.email}
              </a>
              {' · '}
            </>
          )}
          {number ? (
            <>
              Its order:{' '}
              <Link
                to={`${adminPaths.adminOrders}?q=${encodeURIComponent(`#${number}`)}`}
                className="text-brand-600 hover:underline dark:text-brand-100"
              >
                #{number}
              </Link>
            </>
          ) : (
            'No order was made'
          )}
        </p>
      </header>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {checkout.payments.map((p) => (
          <PaymentRow key={p.paymentId} checkout={checkout} payment={p} onRefunded={onRefunded} />
        ))}
      </ul>
    </article>
  );
}

export function PaymentsToSettle() {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [page, setPage] = useState(1);
  const unsettled = useUnsettledPayments(page);
  useLoadFailure(unsettled, 'payments to settle');
  const data = unsettled.data?.success ? unsettled.data : undefined;
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  // The last one of a later page was settled: show the page that is now the last.
  useEffect(() => {
    if (data && page > lastPage) setPage(lastPage);
  }, [data, page, lastPage]);

  if (unsettled.isError && !data)
    return (
      <Notice tone="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>The payments to settle could not be loaded.</span>
        <Button
          variant="outline"
          size="sm"
          loading={unsettled.isFetching}
          onClick={() => void unsettled.refetch()}
        >
          Try again
        </Button>
      </Notice>
    );
  if (!data || data.total === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950/40"
    >
      <div>
        <h2
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="text-lg font-bold text-red-900 outline-none dark:text-red-100"
        >
          Payments to settle ({data.total})
        </h2>
        <p className="text-sm text-red-900 dark:text-red-100">
          These payments were captured but made no order of their own. Give each one back.
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {data.checkouts.map((c) => (
          <li key={c._id}>
            {/* The refunded card may leave the list: focus goes back to the list's heading. */}
            <CheckoutCard checkout={c} onRefunded={() => heading.current?.focus()} />
          </li>
        ))}
      </ul>
      {data.total > PAGE_SIZE && (
        <Pagination page={page} total={data.total} onPageChange={setPage} />
      )}
    </section>
  );
}
