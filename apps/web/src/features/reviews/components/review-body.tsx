/**
 * What a review says, as the product page and the admin show it: stars, title, the buyer's size
 * and fit, text, photos and the shop's reply.
 */
import type { Review } from '@repo/shared';
import { REVIEW_FIT_LABELS } from '@repo/shared/constants/reviews';
import { ONE_SIZE } from '@repo/shared/constants';
import { srcSetOf } from '@repo/shared/rules';
import { env } from '@/config/env';
import { Stars } from '@/components/ui/stars';
// Its formatter is made on the first date shown: made when this chunk loaded, India's time zone
// data cost a slow phone's product page about 200 ms of main thread (4× CPU), reviews or none.
import { formatDate } from '@/lib/format';

/** The size beside a review: "Bought size M" (or "One size"). */
export const boughtSize = (size: string) => (size === ONE_SIZE ? ONE_SIZE : `Bought size ${size}`);

export function ReviewBody({ review }: { review: Review }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={review.stars} />
        {review.title && (
          <h3 className="font-semibold text-slate-900 dark:text-white">{review.title}</h3>
        )}
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <span className="font-medium text-slate-800 dark:text-slate-200">{review.author}</span>
        <span>Verified buyer</span>
        <span>{boughtSize(review.size)}</span>
        <span>{REVIEW_FIT_LABELS[review.fit]}</span>
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
      </p>
      {review.text && (
        <p className="text-sm leading-relaxed whitespace-pre-line text-slate-800 dark:text-slate-200">
          {review.text}
        </p>
      )}
      {review.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos from the buyer">
          {review.photos.map((photo, i) => (
            <li key={photo.url}>
              <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                <img
                  src={photo.widths[0]?.url ?? photo.url}
                  srcSet={srcSetOf(photo.widths)}
                  sizes="96px"
                  width={96}
                  height={96}
                  loading="lazy"
                  decoding="async"
                  alt={`Photo ${i + 1} from ${review.author}`}
                  className="h-24 w-24 rounded-lg border border-slate-200 object-cover dark:border-slate-700"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="rounded-lg border-l-4 border-brand-500 bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800/60">
          <p className="font-semibold text-slate-900 dark:text-white">Reply from {env.shopName}</p>
          <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">
            {review.reply.text}
          </p>
        </div>
      )}
    </div>
  );
}
