/** An order status in its SPEC §4 colour: pending yellow, shipped blue, delivered green, else grey. */
import { orderStatusColor } from '@repo/shared/constants';

const colourClasses = {
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-300 dark:bg-yellow-400/15 dark:text-yellow-200 dark:ring-yellow-400/40',
  blue: 'bg-blue-100 text-blue-800 ring-blue-300 dark:bg-blue-400/15 dark:text-blue-200 dark:ring-blue-400/40',
  green: 'bg-green-100 text-green-800 ring-green-300 dark:bg-green-400/15 dark:text-green-200 dark:ring-green-400/40',
  grey: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-400/15 dark:text-slate-300 dark:ring-slate-400/40',
} as const;

export const statusLabel = (status: string) => (status ? status[0]!.toUpperCase() + status.slice(1) : 'Unknown');

export function statusClasses(status: string): string {
  return colourClasses[orderStatusColor(status)];
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusClasses(status)}`}>
      {statusLabel(status)}
    </span>
  );
}
