/**
 * The words search matches on, made once when a product is written (kept in its
 * `searchTerms` and `titleTerms`, each on a multikey index) and the same way from what a
 * shopper types, so a search is an indexed lookup per word instead of a scan of every text.
 *
 * - Lower case, accents dropped ("Café" → "cafe"), "&" read as "and".
 * - Hyphens and spaces alike: "tie-dye" gives "tie" and "dye" (a search for "tie dye" or
 *   "tie-dye" finds it) and also "tiedye" (so does "tiedye").
 * - A plural is its singular ("skulls" → "skull", "dresses" → "dress"), on both sides.
 * - Words every product is ("tee", "t-shirt", "tshirt", "shirt"…) and little words ("a",
 *   "the", "for"…) are left out: they would match the whole shop, or nothing useful.
 * - A product's category is a term of its own, `c:<id>`: a word of a category's name matches
 *   the products in it, and renaming a category changes no product.
 */

/** Bumped when the rules below change: products written under older rules are made again at start-up. */
export const SEARCH_TERMS_VERSION = 1;

/** Words every product in this shop is, and words that say nothing on their own. */
const IGNORED = new Set([
  // what every product is (after the plural rule: "tees" → "tee", "tshirts" → "tshirt")
  't',
  'tee',
  'tshirt',
  'shirt',
  'teeshirt',
  // little words
  'a',
  'an',
  'and',
  'the',
  'for',
  'with',
  'of',
  'in',
  'on',
  'to',
  'by',
  'or',
  'is',
  'it',
  'its',
  'your',
  'my',
]);

/** At most this many terms are kept from one product's texts (descriptions can be long). */
const MAX_TERMS = 300;

/** "skulls" → "skull", "dresses" → "dress", "boxes" → "box"; "dress", "bus", "iris" stay. */
function singular(word: string): string {
  if (word.length <= 3 || !word.endsWith('s')) return word;
  if (/(ss|us|is)$/.test(word)) return word;
  if (/(sses|shes|ches|xes|zes)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '');
}

/**
 * The words of a text as search compares them, in order, each once. With `joined`, a
 * hyphenated word also gives its parts run together ("tie-dye" → "tie", "dye", "tiedye").
 */
function wordsOf(text: string, joined: boolean): string[] {
  const out: string[] = [];
  for (const chunk of normalise(text).split(/[^a-z0-9-]+/)) {
    const parts = chunk.split('-').filter(Boolean);
    if (joined && parts.length > 1) out.push(parts.join(''));
    out.push(...parts);
  }
  const kept = out.map(singular).filter((w) => !IGNORED.has(w));
  return [...new Set(kept)];
}

/** The marker term of a category: the products in it carry it. */
export const categoryTerm = (categoryId: string) => `c:${String(categoryId).toLowerCase()}`;

/** What a product stores for search: every word (`searchTerms`), and its name's and category's (`titleTerms`). */
export function searchFieldsOf(product: { name: string; description: string; category: unknown }): {
  searchTerms: string[];
  titleTerms: string[];
  searchTermsVersion: number;
} {
  const category = categoryTerm(String(product.category));
  const title = [...wordsOf(product.name, true), category];
  const all = [...new Set([...title, ...wordsOf(product.description, true)])].slice(0, MAX_TERMS);
  return { searchTerms: all, titleTerms: title, searchTermsVersion: SEARCH_TERMS_VERSION };
}

/** What a typed search asks for. */
export type SearchQuery =
  /** Nothing to search for (blank, or only punctuation): no products. */
  | { kind: 'blank' }
  /** Only words every product is ("t-shirt", "tees"): the whole catalog, newest first. */
  | { kind: 'everything' }
  /** Every one of these words must match, in any order. */
  | { kind: 'words'; words: string[] };

export function parseSearch(keyword: string): SearchQuery {
  const raw = normalise(keyword)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (!raw.length) return { kind: 'blank' };
  const words = wordsOf(keyword, false);
  return words.length ? { kind: 'words', words: words.sort() } : { kind: 'everything' };
}

/** The words of a category's name, as its products would be searched for by them. */
export const nameWords = (name: string) => wordsOf(name, true);
