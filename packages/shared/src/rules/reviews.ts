/** Pure rules of reviews: the summary's arithmetic and the fit verdict (API and web app). */
import { REVIEW_FITS, type ReviewFit } from '../constants/reviews.js';

/** Reviews per star, "1" to "5". */
export type StarHistogram = Record<'1' | '2' | '3' | '4' | '5', number>;
/** Reviews per fit answer. */
export type FitCounts = Record<ReviewFit, number>;

export const emptyHistogram = (): StarHistogram => ({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 });
export const emptyFit = (): FitCounts => ({ small: 0, true: 0, large: 0 });

/** The count and the average of a histogram, the average rounded to one decimal (0 when none). */
export function ratingOf(histogram: StarHistogram): { average: number; count: number } {
  let count = 0;
  let sum = 0;
  for (const [stars, n] of Object.entries(histogram)) {
    count += n;
    sum += Number(stars) * n;
  }
  return { average: count ? Math.round((sum / count) * 10) / 10 : 0, count };
}

/**
 * What most buyers say about the fit: the answer given most, or undefined when nobody answered
 * or the two leading answers are tied (no majority to report).
 */
export function fitVerdict(fit: FitCounts): ReviewFit | undefined {
  const ranked = [...REVIEW_FITS].sort((a, b) => fit[b] - fit[a]);
  const [first, second] = ranked as [ReviewFit, ReviewFit];
  if (fit[first] === 0 || fit[first] === fit[second]) return undefined;
  return first;
}

/** "Asha Kumar" → "Asha K.": how a review names its author. */
export function reviewAuthorName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return 'A buyer';
  const [first, ...rest] = words;
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first!;
}
