/**
 * The admin's Returns page (docs/behaviour/returns.md): requests newest first, filtered by
 * status and paged by the server; each with its order and buyer, what goes back, why, its
 * refund and steps, and the moves its status allows (RETURN_MOVE_FROM, the API's own rule):
 * approve or reject (with the reason), picked up, received, pass or fail the check (with the
 * reason), record a cash-on-delivery refund's bank or UPI reference, ask a failed refund again.
 */
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AdminReturnsResponse, ReturnMove } from '@repo/shared';
import {
  RETURN_STATUSES,
  RETURN_STATUS_LABELS,
  RETURNS_WAITING,
} from '@repo/shared/constants/returns';
import { RETURN_MOVE_FROM } from '@repo/shared/rules/returns';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import {
  returnReason,
  returnRefundLine,
  returnSummary,
  ReturnPhoto,
  ReturnStatusBadge,
  ReturnTimeline,
} from '@/components/ui/return-status';
import { Loading } from '@/components/ui/spinner';
import { cardClass } from '@/components/ui/styles';
import { adminPaths } from '@/config/admin-paths';
import { ApiError, messageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLoadFailure } from '@/lib/outcome';
import { toast } from '@/lib/toast';
import { usePageParam } from '@/lib/use-page-param';
import { RETURNS_PAGE_SIZE, useAdminReturns, useMoveReturn } from '../api/returns';

type Row = AdminReturnsResponse['returns'][number];

/** The moves offered as buttons; those needing words or a reference open a small form. */
const ACTIONS: Array<{
  move: ReturnMove;
  label: string;
  ask?: 'note' | 'reference';
  done: string;
}> = [
  { move: 'approved', label: 'Approve', done: 'Request approved' },
  { move: 'rejected', label: 'Reject', ask: 'note', done: 'Request rejected' },
  { move: 'picked_up', label: 'Mark picked up', done: 'Marked picked up' },
  { move: 'received', label: 'Mark received', done: 'Marked received' },
  { move: 'check_passed', label: 'Pass check', done: 'Check passed' },
  {
    move: 'check_failed',
    label: 'Fail check',
    ask: 'note',
    done: 'Check failed: the piece goes back',
  },
  { move: 'refunded', label: 'Record refund', ask: 'reference', done: 'Refund recorded' },
];

/** The actions a request allows now (a failed online refund: ask the provider again). */
function actionsFor(row: Row) {
  const r = row.request;
  return ACTIONS.filter((a) => {
    if (!RETURN_MOVE_FROM[a.move].includes(r.status)) return false;
    if (a.move === 'refunded' && r.status === 'refunded') return r.refund?.status === 'failed';
    return true;
  }).map((a) =>
    a.move === 'refunded' && r.status === 'refunded'
      ? { ...a, label: 'Ask refund again', ask: undefined, done: 'Refund asked again' }
      : a,
  );
}

/** The filters: all, those waiting for the staff's next step, then each status. */
const FILTERS = ['', RETURNS_WAITING, ...RETURN_STATUSES] as const;
type Filter = (typeof FILTERS)[number];
const filterLabel = (f: Filter) =>
  f === '' ? 'All' : f === RETURNS_WAITING ? 'Waiting for us' : RETURN_STATUS_LABELS[f];

function statusParam(value: string | null): Filter {
  return (FILTERS as readonly string[]).includes(value ?? '') ? (value as Filter) : '';
}

export function ReturnsList() {
  const [params, setParams] = useSearchParams();
  const status = statusParam(params.get('status'));
  const [page, setPage] = usePageParam();
  const returns = useAdminReturns(status, page);
  useLoadFailure(returns, 'returns');

  function choose(next: Filter) {
    setParams((p) => {
      const copy = new URLSearchParams(p);
      copy.delete('page');
      if (next) copy.set('status', next);
      else copy.delete('status');
      return copy;
    });
  }

  const rows = returns.data?.returns ?? [];
  const total = returns.data?.total ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Show requests" className="flex flex-wrap gap-2">
        {FILTERS.map((s) => (
          <Button
            key={s || 'all'}
            size="sm"
            variant={s === status ? 'secondary' : 'outline'}
            aria-pressed={s === status}
            onClick={() => choose(s)}
          >
            {filterLabel(s)}
          </Button>
        ))}
      </div>
      {returns.isPending ? (
        <Loading text="Loading returns..." />
      ) : rows.length === 0 ? (
        <EmptyState
          title={
            status === RETURNS_WAITING
              ? 'No requests waiting for a next step.'
              : status
                ? `No requests with the status ${RETURN_STATUS_LABELS[status]}.`
                : 'No exchanges or returns yet.'
          }
        />
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {rows.map((row) => (
              <li key={row.request._id}>
                <ReturnCard row={row} />
              </li>
            ))}
          </ul>
          {total > RETURNS_PAGE_SIZE && (
            <Pagination
              page={page}
              total={total}
              pageSize={RETURNS_PAGE_SIZE}
              onPageChange={setPage}
            />
          )}
        </>
      )}
    </div>
  );
}

function ReturnCard({ row }: { row: Row }) {
  const titleId = useId();
  const r = row.request;
  const move = useMoveReturn();
  const [asking, setAsking] = useState<(typeof ACTIONS)[number] | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const refund = returnRefundLine(r);

  function send(action: (typeof ACTIONS)[number], words?: string) {
    setError(undefined);
    move.mutate(
      {
        returnId: r._id,
        status: action.move,
        ...(action.ask === 'note' ? { note: words } : {}),
        ...(action.ask === 'reference' ? { reference: words } : {}),
      },
      {
        onSuccess: () => {
          setAsking(null);
          setText('');
          toast.success(action.done);
        },
        onError: (e) => {
          const issue =
            e instanceof ApiError
              ? (e.body.issues as Array<{ message: string }> | undefined)?.[0]?.message
              : undefined;
          if (issue && action.ask) setError(issue);
          else toast.error(messageOf(e, 'The request could not be moved. Please try again.'));
        },
      },
    );
  }

  return (
    <article aria-labelledby={titleId} className={`${cardClass} flex flex-col gap-3 p-4`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold break-words text-slate-900 dark:text-white">
            {returnSummary(r)}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Order{' '}
            <Link
              to={`${adminPaths.adminOrders}?q=${encodeURIComponent(row.orderNumber)}`}
              className="font-medium text-brand-600 hover:underline dark:text-brand-100"
            >
              #{row.orderNumber}
            </Link>{' '}
            · asked {formatDateTime(row.createdAt)}
          </p>
          <p className="text-sm break-all text-slate-600 dark:text-slate-400">
            {row.customer.name} · {row.customer.email}
            {row.customer.phone ? ` · ${row.customer.phone}` : ''}
          </p>
        </div>
        <ReturnStatusBadge status={r.status} />
      </header>
      <p className="text-sm">Reason: {returnReason(r)}</p>
      <ReturnPhoto request={r} />
      {refund && <p className="text-sm">{refund}</p>}
      {r.refund?.failureReason && (
        <p className="text-sm text-red-700 dark:text-red-400">{r.refund.failureReason}</p>
      )}
      {r.replacement && (
        <p className="text-sm">
          Replacement: order{' '}
          <Link
            to={`${adminPaths.adminOrders}?q=${encodeURIComponent(r.replacement.number)}`}
            className="font-medium text-brand-600 hover:underline dark:text-brand-100"
          >
            #{r.replacement.number}
          </Link>{' '}
          (ship it from Orders with its courier and AWB)
        </p>
      )}
      <details>
        <summary className="cursor-pointer text-sm font-medium">
          Steps ({r.timeline.length})
        </summary>
        <div className="mt-2">
          <ReturnTimeline request={r} viewer="admin" />
        </div>
      </details>
      {asking ? (
        <form
          noValidate
          className="flex flex-col gap-2 border-t border-slate-200 pt-3 sm:flex-row sm:items-start dark:border-slate-700"
          onSubmit={(e) => {
            e.preventDefault();
            send(asking, text);
          }}
        >
          <TextField
            label={
              asking.ask === 'reference'
                ? 'Bank or UPI transfer reference'
                : asking.move === 'rejected'
                  ? 'Why is it rejected?'
                  : 'Why did it fail the check?'
            }
            value={text}
            maxLength={asking.ask === 'reference' ? 60 : 500}
            error={error}
            onChange={(e) => setText(e.target.value)}
            fieldClassName="flex-1"
            autoFocus
          />
          <div className="flex gap-2 sm:pt-7">
            <Button type="submit" size="sm" loading={move.isPending}>
              {asking.label}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setAsking(null);
                setError(undefined);
              }}
            >
              Back
            </Button>
          </div>
        </form>
      ) : (
        actionsFor(row).length > 0 && (
          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
            {actionsFor(row).map((a) => (
              <Button
                key={a.move}
                size="sm"
                variant={a.move === 'rejected' || a.move === 'check_failed' ? 'outline' : 'primary'}
                loading={move.isPending && move.variables?.status === a.move}
                disabled={move.isPending}
                onClick={() => (a.ask ? setAsking(a) : send(a))}
              >
                {a.label}
              </Button>
            ))}
          </div>
        )
      )}
    </article>
  );
}
