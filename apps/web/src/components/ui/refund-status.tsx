/** A refund's state as a pill: pending amber, processed green, failed red (the admin must act). */
import type { RefundStatus } from '@repo/shared/constants/orders';
import { cn } from '@/lib/cn';

const styles: Record<RefundStatus, string> = {
  pending:
    'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-400/15 dark:text-amber-200 dark:ring-amber-400/40',
  processed:
    'bg-green-100 text-green-900 ring-green-300 dark:bg-green-400/15 dark:text-green-200 dark:ring-green-400/40',
  failed: 'bg-red-600 text-white ring-red-700 dark:bg-red-600 dark:text-white dark:ring-red-400',
};

export const REFUND_LABELS: Record<RefundStatus, string> = {
  pending: 'Refund pending',
  processed: 'Refund processed',
  failed: 'Refund failed',
};

export function RefundStatusBadge({
  status,
  className,
}: {
  status: RefundStatus;
  className?: string;
}) {
  return (
    <span
      data-refund-status={status}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        styles[status],
        className,
      )}
    >
      {status === 'failed' && <span aria-hidden="true">⚠</span>}
      {REFUND_LABELS[status]}
    </span>
  );
}
