/**
 * A price in rupees and, only when the product has an MRP above it, the MRP struck through with
 * the share off ("₹999 20% off"); nothing struck otherwise (issue 33: no made-up "was" price).
 */
import { formatRupees, mrpDiscount } from '@repo/shared/rules';
import { cn } from '@/lib/cn';

export function Price({
  value,
  mrp,
  size = 'md',
  className,
}: {
  value: number;
  /** The maximum retail price (incl. of all taxes), when the product has one. */
  mrp?: number | undefined;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const discount = mrpDiscount(value, mrp);
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
      {discount && (
        <>
          {/* Spaces for reading and copying; the flex gap lays them out. */}{' '}
          <span
            className={cn(
              'text-slate-500 dark:text-slate-400',
              size === 'lg' ? 'text-base' : 'text-xs sm:text-sm',
            )}
          >
            {size === 'lg' ? 'MRP ' : <span className="sr-only">MRP </span>}
            <s>{formatRupees(discount.mrp)}</s>
          </span>{' '}
          <span
            className={cn(
              'font-semibold text-green-700 dark:text-green-400',
              size === 'lg' ? 'text-base' : 'text-xs sm:text-sm',
            )}
          >
            {discount.percentOff}% off
          </span>
        </>
      )}
    </p>
  );
}
