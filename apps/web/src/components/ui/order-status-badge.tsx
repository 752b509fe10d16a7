/** An order status in SPEC §4's colours: pending yellow, shipped blue, delivered green, else grey. */
import { orderStatusColor } from '@repo/shared/constants/orders';
import { cn } from '@/lib/cn';

const colours = {
  yellow:
    'bg-yellow-100 text-yellow-900 ring-yellow-300 dark:bg-yellow-400/15 dark:text-yellow-200 dark:ring-yellow-400/40',
  blue: 'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-400/15 dark:text-blue-200 dark:ring-blue-400/40',
  green:
    'bg-green-100 text-green-900 ring-green-300 dark:bg-green-400/15 dark:text-green-200 dark:ring-green-400/40',
  grey: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-400/15 dark:text-slate-200 dark:ring-slate-400/40',
} as const;

export function OrderStatusBadge({ status, className }: { status: string; className?: string }) {
  const colour = orderStatusColor(status);
  return (
    <span
      data-status-color={colour}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset',
        colours[colour],
        className,
      )}
    >
      {status}
    </span>
  );
}
