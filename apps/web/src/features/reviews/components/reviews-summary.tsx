/** A product's review summary: the average and count, stars per count, and what most buyers say of the fit. */
import type { ReviewSummary } from '@repo/shared';
import { REVIEW_FIT_LABELS } from '@repo/shared/constants/reviews';
import { fitVerdict } from '@repo/shared/rules/reviews';
import { Stars } from '@/components/ui/stars';

const reviewsWord = (n: number) => (n === 1 ? '1 review' : `${n} reviews`);

export function ReviewsSummary({ summary }: { summary: ReviewSummary }) {
  const verdict = fitVerdict(summary.fit);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:gap-10">
      <div className="flex flex-col gap-1">
        <p className="text-4xl font-bold text-slate-900 dark:text-white">
          {summary.average.toFixed(1)}
          <span className="sr-only"> out of 5</span>
        </p>
        <Stars value={summary.average} className="h-5 w-5" />
        <p className="text-sm text-slate-600 dark:text-slate-400">{reviewsWord(summary.count)}</p>
      </div>
      <table className="w-full max-w-xs text-sm">
        <caption className="sr-only">Reviews per star</caption>
        <tbody>
          {(['5', '4', '3', '2', '1'] as const).map((stars) => {
            const n = summary.histogram[stars];
            const share = summary.count ? Math.round((n / summary.count) * 100) : 0;
            return (
              <tr key={stars}>
                <th
                  scope="row"
                  className="w-14 py-0.5 pr-2 text-left font-normal whitespace-nowrap text-slate-700 dark:text-slate-300"
                >
                  {stars} {stars === '1' ? 'star' : 'stars'}
                </th>
                <td className="w-full py-0.5">
                  <span
                    aria-hidden="true"
                    className="block h-2 rounded-full bg-slate-200 dark:bg-slate-700"
                  >
                    <span
                      className="block h-2 rounded-full bg-amber-500 dark:bg-amber-400"
                      style={{ width: `${share}%` }}
                    />
                  </span>
                </td>
                <td className="py-0.5 pl-2 text-right text-slate-600 tabular-nums dark:text-slate-400">
                  {n}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {verdict && (
        <p className="self-start rounded-xl bg-brand-50 px-4 py-3 text-sm text-slate-900 dark:bg-brand-500/20 dark:text-slate-100">
          Most buyers say: <strong>{REVIEW_FIT_LABELS[verdict].toLowerCase()}</strong>
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            Runs small {summary.fit.small} · True to size {summary.fit.true} · Runs large{' '}
            {summary.fit.large}
          </span>
        </p>
      )}
    </div>
  );
}
