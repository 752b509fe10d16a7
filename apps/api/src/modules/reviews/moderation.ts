/**
 * The checks that hold a new or edited review for the admin instead of publishing it at once:
 * a link, very short text, or a word the admin lists (the reviews settings).
 */
import { REVIEW_TEXT_MIN } from '@repo/shared';

/** http(s)://…, www.…, or a bare domain such as "cheap-tees.shop" or "bit.ly/x". */
const LINK =
  /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|in|net|org|io|co|shop|store|xyz|ly|me|info|biz|app|link|site|online)\b/i;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The reasons a review is held, in words the admin reads; empty: publish it. */
export function heldFor(review: { title: string; text: string }, heldWords: string[]): string[] {
  const words = `${review.title}\n${review.text}`;
  const reasons: string[] = [];
  if (LINK.test(words)) reasons.push('a link');
  const text = review.text.trim();
  if (text && text.length < REVIEW_TEXT_MIN) reasons.push('very short text');
  for (const word of heldWords) {
    const w = word.trim();
    if (!w) continue;
    // Whole words, whatever the case: "ass" holds "ass", never "glass".
    if (new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(w)}(?![\\p{L}\\p{N}])`, 'iu').test(words)) {
      reasons.push(`the word "${w}"`);
    }
  }
  return reasons;
}
