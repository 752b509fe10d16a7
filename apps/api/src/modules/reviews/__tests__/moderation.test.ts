/** The checks that hold a review for the admin: links, very short text, the admin's words. */
import { describe, expect, it } from 'vitest';
import { heldFor } from '../moderation.js';

const review = (text: string, title = '') => ({ title, text });

describe('heldFor', () => {
  it('publishes ordinary reviews, and stars alone with no words', () => {
    expect(heldFor(review('Soft cotton, the print survived ten washes.'), [])).toEqual([]);
    expect(heldFor(review(''), [])).toEqual([]);
  });

  it('holds links in any form, in the title too', () => {
    for (const text of [
      'Great tee, more at https://example.com/deal',
      'Visit www.cheap-tees for more',
      'Buy from cheaptees.shop instead, much better',
      'Follow bit.ly/tees for discounts on tees',
    ]) {
      expect(heldFor(review(text), [])).toEqual(['a link']);
    }
    expect(heldFor(review('Lovely fabric and a clean print.', 'see tees.in'), [])).toEqual([
      'a link',
    ]);
  });

  it('holds very short text (under 15 characters once trimmed)', () => {
    expect(heldFor(review('   nice   '), [])).toEqual(['very short text']);
    expect(heldFor(review('Fits well, soft'), [])).toEqual([]);
  });

  it('holds the admin’s words as whole words in any case, never inside other words', () => {
    const words = ['scam', 'rubbish'];
    expect(heldFor(review('This shop is a SCAM, avoid it please.'), words)).toEqual([
      'the word "scam"',
    ]);
    expect(heldFor(review('Scampi-coloured tee, lovely shade.'), words)).toEqual([]);
    expect(heldFor(review('Rubbish stitching and a scam.'), words)).toEqual([
      'the word "scam"',
      'the word "rubbish"',
    ]);
  });
});
