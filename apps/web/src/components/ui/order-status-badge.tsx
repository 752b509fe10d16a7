/**
 * An order status in its colour (shipped blue, delivered green, else grey), read as
 * people say it: a paid order waiting to ship is "Confirmed" (orderStatusLabel), in violet
 * rather than a warning's yellow.
 */
import { orderStatusColor } from '@repo/shared/constants/orders';
import { orderStatusLabel } from '@repo/shared/rules/orders';
import { cn } from '@/lib/cn';

const colours = {
  violet:
    'bg-violet-100 text-violet-900 ring-violet-300 dark:bg-violet-400/15 dark:text-violet-200 dark:ring-violet-400/40',
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
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        colours[colour],
        className,
      )}
    >
      {orderStatusLabel(status)}
    </span>
  );
}
