/** A price in rupees, optionally with the struck-through "was" price (price × 1.2, rounded). */
import { formatRupees, struckPrice } from '@repo/shared/rules';
import { cn } from '@/lib/cn';

export function Price({
  value,
  struck = true,
  size = 'md',
  className,
}: {
  value: number;
  struck?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      <span
        className={cn(
          'font-bold text-slate-900 dark:text-white',
          size === 'lg' ? 'text-3xl' : size === 'sm' ? 'text-sm' : 'text-lg',
        )}
      >
        {formatRupees(value)}
      </span>
      {struck && (
        <s
          className={cn(
            'text-slate-500 dark:text-slate-400',
            size === 'lg' ? 'text-lg' : 'text-sm',
          )}
        >
          <span className="sr-only">was </span>
          {formatRupees(struckPrice(value))}
        </s>
      )}
    </p>
  );
}
