/**
 * A product's rating in a line: stars, the average and the count ("4.3 (12)"), read as "Rated
 * 4.3 out of 5 from 12 reviews"; with `href`, a link there (the product page's reviews).
 * Nothing when no review is published yet.
 */
import type { Rating } from '@repo/shared';
import { Stars } from './stars';

export function RatingLine({
  rating,
  size = 'sm',
  href,
}: {
  rating: Rating | undefined;
  size?: 'sm' | 'md';
  href?: string;
}) {
  if (!rating?.count) return null;
  const label = `Rated ${rating.average.toFixed(1)} out of 5 from ${rating.count === 1 ? '1 review' : `${rating.count} reviews`}`;
  const line = (
    <>
      <Stars
        value={rating.average}
        className={size === 'sm' ? 'h-3.5 w-3.5' : 'h-4 w-4'}
        label={label}
      />
      <span aria-hidden="true" className={size === 'sm' ? 'text-xs' : 'text-sm'}>
        {rating.average.toFixed(1)} ({rating.count})
      </span>
    </>
  );
  const classes = 'inline-flex items-center gap-1.5 text-slate-700 dark:text-slate-300';
  return href ? (
    <a href={href} className={`${classes} self-start rounded hover:underline`}>
      {line}
    </a>
  ) : (
    <span className={classes}>{line}</span>
  );
}
