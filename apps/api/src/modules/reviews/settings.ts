/** The reviews' settings: the admin's `reviews` section of the shop's settings. */
import type { ReviewsSettings } from '@repo/shared';
import { getSettings } from '../settings/index.js';

export function reviewSettings(): Promise<ReviewsSettings> {
  return getSettings('reviews');
}
