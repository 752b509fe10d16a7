/**
 * A return or exchange request as both its shopper and the shop's staff see it: its status as a
 * pill, what goes back (and what comes instead), the shopper's photo of the piece, and its dated
 * steps (docs/behaviour/returns.md).
 */
import type { OrderReturn } from '@repo/shared';
import {
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type ReturnStatus,
} from '@repo/shared/constants/returns';
import { ONE_SIZE } from '@repo/shared/constants';
import { formatRupees, paiseToRupees, srcSetOf, variantLabel } from '@repo/shared/rules';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

const tone: Record<ReturnStatus, string> = {
  requested:
    'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-400/15 dark:text-amber-200 dark:ring-amber-400/40',
  approved:
    'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-400/15 dark:text-blue-200 dark:ring-blue-400/40',
  picked_up:
    'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-400/15 dark:text-blue-200 dark:ring-blue-400/40',
  received:
    'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-400/15 dark:text-blue-200 dark:ring-blue-400/40',
  check_passed:
    'bg-violet-100 text-violet-900 ring-violet-300 dark:bg-violet-400/15 dark:text-violet-200 dark:ring-violet-400/40',
  exchanged:
    'bg-green-100 text-green-900 ring-green-300 dark:bg-green-400/15 dark:text-green-200 dark:ring-green-400/40',
  refunded:
    'bg-green-100 text-green-900 ring-green-300 dark:bg-green-400/15 dark:text-green-200 dark:ring-green-400/40',
  rejected:
    'bg-red-100 text-red-900 ring-red-300 dark:bg-red-400/15 dark:text-red-200 dark:ring-red-400/40',
  check_failed:
    'bg-red-100 text-red-900 ring-red-300 dark:bg-red-400/15 dark:text-red-200 dark:ring-red-400/40',
  cancelled:
    'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-400/15 dark:text-slate-200 dark:ring-slate-400/40',
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span
      data-return-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tone[status],
      )}
    >
      {RETURN_STATUS_LABELS[status]}
    </span>
  );
}

const variant = (colour: string | undefined, size: string) =>
  variantLabel({ colour, size }) || ONE_SIZE;

/** "Exchange: Sunset Tee (Black · M → Black · L) × 1" / "Return: Sunset Tee (Size M) × 2". */
export function returnSummary(r: OrderReturn): string {
  return r.items
    .map((i) => {
      const bought = variant(i.colour, i.size);
      const wanted =
        r.kind === 'exchange'
          ? ` → ${variant(i.wantedColour ?? i.colour, i.wantedSize ?? i.size)}`
          : '';
      return `${r.kind === 'exchange' ? 'Exchange' : 'Return'}: ${i.name} (${bought}${wanted}) × ${i.quantity}`;
    })
    .join('; ');
}

/** The request's reason as the shopper gave it. */
export const returnReason = (r: OrderReturn) =>
  `${RETURN_REASON_LABELS[r.reason]}${r.comment ? `: ${r.comment}` : ''}`;

/** The request's money back, when there is one: amount, how, and where it stands. */
export function returnRefundLine(r: OrderReturn): string | null {
  if (!r.refund) return null;
  const amount = formatRupees(paiseToRupees(r.refund.amount));
  if (r.refund.method === 'transfer')
    return `${amount} refunded by bank or UPI transfer (reference ${r.refund.id})`;
  if (r.refund.status === 'processed') return `${amount} refunded to the card or account paid with`;
  if (r.refund.status === 'failed') return `The refund of ${amount} is held up`;
  return `A refund of ${amount} is on its way`;
}

/** The shopper's photo of the piece, when they sent one: a small picture that opens the full one. */
export function ReturnPhoto({ request }: { request: OrderReturn }) {
  if (!request.photo) return null;
  return (
    <a
      href={request.photo.url}
      target="_blank"
      rel="noreferrer"
      className="inline-block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <img
        src={request.photo.url}
        srcSet={srcSetOf(request.photo.widths)}
        sizes="96px"
        alt={`Photo sent with the request: ${returnSummary(request)}`}
        width={96}
        height={96}
        loading="lazy"
        className="h-24 w-24 rounded-lg border border-slate-200 object-cover dark:border-slate-700"
      />
      <span className="sr-only"> (opens the full photo)</span>
    </a>
  );
}

/** The request's steps, oldest first, each with who made it, its note and when. */
export function ReturnTimeline({
  request,
  viewer,
}: {
  request: OrderReturn;
  viewer: 'customer' | 'admin';
}) {
  return (
    <ol className="relative space-y-2 border-l border-slate-200 pl-4 dark:border-slate-700">
      {request.timeline.map((step, k) => (
        <li key={`${step.status}-${k}`} className="relative text-sm">
          <span
            aria-hidden="true"
            className={cn(
              'absolute top-1.5 -left-[21px] h-2.5 w-2.5 rounded-full ring-2 ring-white dark:ring-slate-900',
              ['rejected', 'check_failed'].includes(step.status) ? 'bg-red-500' : 'bg-brand-600',
            )}
          />
          <p className="font-medium">
            {step.status === 'cancelled' && viewer === 'customer'
              ? 'Cancelled by you'
              : RETURN_STATUS_LABELS[step.status]}
          </p>
          {step.note && <p className="break-words">{step.note}</p>}
          <p className="text-slate-600 dark:text-slate-400">
            <time dateTime={step.at}>{formatDateTime(step.at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
