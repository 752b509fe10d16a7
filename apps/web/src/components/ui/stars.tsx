/**
 * A star rating as five stars filled to the average (halves shown by a partly filled star),
 * read by screen readers as "4.5 out of 5 stars".
 */
import { cn } from '@/lib/cn';

const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

export function Stars({
  value,
  className = 'h-4 w-4',
  label,
}: {
  /** 0 to 5; fractions fill part of a star. */
  value: number;
  className?: string;
  /** What a screen reader hears; "{value} out of 5 stars" by default. */
  label?: string;
}) {
  return (
    <span
      role="img"
      aria-label={label ?? `${value} out of 5 stars`}
      className="inline-flex shrink-0 items-center gap-0.5"
    >
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, value - i));
        return (
          <span key={i} aria-hidden="true" className={cn('relative inline-block', className)}>
            <svg
              viewBox="0 0 20 20"
              className="absolute inset-0 h-full w-full text-slate-300 dark:text-slate-600"
            >
              <path d={STAR} fill="currentColor" />
            </svg>
            {fill > 0 && (
              <span
                className="absolute inset-0 overflow-hidden"
                style={{ width: `${fill * 100}%` }}
              >
                <svg
                  viewBox="0 0 20 20"
                  className={cn('h-full text-amber-500 dark:text-amber-400', className)}
                >
                  <path d={STAR} fill="currentColor" />
                </svg>
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
