/**
 * Search (GET /api/product/search/{keyword}): every word must match, in any order, in the
 * name, the description or the category's name (search-terms.ts says what a word is). Best
 * matches first: products whose name or category holds every word, then those where some word
 * is only in the description; newest first within each. Each step is one query on a multikey
 * index (its rarest word's entries), never a scan of the texts. When nothing matches, the
 * answer suggests categories to browse instead, those whose names are closest to the words
 * first.
 */
import { SEARCH_LIMIT } from '@repo/shared';
import { catalogVersion } from '../../lib/catalog-version.js';
import { listCategories, type CategoryJson } from '../categories/index.js';
import { Product } from './product.model.js';
import {
  FIELDS,
  NEWEST,
  withCategories,
  type ProductJson,
  type ProductRow,
} from './products.queries.js';
import {
  categoryTerm,
  nameWords,
  SEARCH_TERMS_VERSION,
  searchFieldsOf,
  type SearchQuery,
} from './search-terms.js';

export interface SearchAnswer {
  data: ProductJson[];
  /** Only when nothing matched: categories to browse instead. */
  suggestions?: CategoryJson[];
}

/** At most this many categories are suggested. */
const SUGGESTIONS = 6;

type Field = 'titleTerms' | 'searchTerms';

/**
 * The categories as of the catalog version, read once per version in this process (a
 * search needs them all, and they change only with the catalog version).
 */
let categoriesAt: { version: string; list: Promise<CategoryJson[]> } | undefined;
async function currentCategories(): Promise<CategoryJson[]> {
  const { catalog } = await catalogVersion();
  if (categoriesAt?.version !== catalog) {
    const list = listCategories();
    categoriesAt = { version: catalog, list };
    list.catch(() => {
      if (categoriesAt?.list === list) categoriesAt = undefined;
    });
  }
  return categoriesAt.list;
}

function rows(filter: object, limit: number): Promise<ProductRow[]> {
  return Product.find(filter, FIELDS).sort(NEWEST).limit(limit).lean<ProductRow[]>();
}

export async function searchProducts(query: SearchQuery): Promise<SearchAnswer> {
  if (query.kind === 'blank') return { data: [] };
  const categories = await currentCategories();
  const names = new Map(categories.map((c) => [c._id, c.name]));
  if (query.kind === 'everything')
    return { data: await withCategories(await rows({}, SEARCH_LIMIT), { names }) };

  // A word also matches the products of each category whose name holds it.
  const inCategories = new Map<string, string[]>();
  for (const c of categories)
    for (const word of nameWords(c.name))
      inCategories.set(word, [...(inCategories.get(word) ?? []), categoryTerm(c._id)]);
  const everyWordIn = (field: Field) => ({
    $and: query.words.map((word) => {
      const terms = [word, ...(inCategories.get(word) ?? [])];
      return { [field]: terms.length === 1 ? word : { $in: terms } };
    }),
  });

  const best = await rows(everyWordIn('titleTerms'), SEARCH_LIMIT);
  const rest =
    best.length < SEARCH_LIMIT
      ? await rows(
          { ...everyWordIn('searchTerms'), _id: { $nin: best.map((r) => r._id) } },
          SEARCH_LIMIT - best.length,
        )
      : [];
  const data = await withCategories([...best, ...rest], { names });
  if (data.length) return { data };
  return { data, suggestions: await suggestCategories(query.words, categories) };
}

/** The categories that hold products, closest to the searched words first, then by name. */
async function suggestCategories(
  words: string[],
  categories: CategoryJson[],
): Promise<CategoryJson[]> {
  const used = new Set((await Product.distinct('category')).map(String));
  const distance = (c: CategoryJson) =>
    Math.min(
      ...nameWords(c.name).flatMap((name) => words.map((word) => similarity(word, name))),
      Infinity,
    );
  return categories
    .filter((c) => used.has(c._id))
    .map((c) => ({ c, d: distance(c) }))
    .sort((a, b) => a.d - b.d || a.c.name.localeCompare(b.c.name))
    .slice(0, SUGGESTIONS)
    .map(({ c }) => c);
}

/**
 * How far apart two words are, 0 (the same) to 1: the edit distance over the longer length,
 * so a typo ("anmie") sits close to its word ("anime") and a short word is not close to all.
 */
function similarity(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1)
      row[j] = Math.min(
        prev[j]! + 1,
        row[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = row;
  }
  return prev[b.length]! / Math.max(a.length, b.length, 1);
}

/**
 * Gives products written before search terms existed, under older rules (a new
 * SEARCH_TERMS_VERSION) or behind the API's back their terms; answers how many. Safe to run
 * in several processes at once: each write sets the same terms.
 */
export async function refreshSearchTerms(): Promise<number> {
  const stale = { searchTermsVersion: { $ne: SEARCH_TERMS_VERSION } };
  let refreshed = 0;
  for (;;) {
    const found = await Product.find(stale, { name: 1, description: 1, category: 1 })
      .limit(500)
      .lean();
    if (!found.length) return refreshed;
    const res = await Product.bulkWrite(
      found.map((p) => ({
        updateOne: { filter: { _id: p._id }, update: { $set: searchFieldsOf(p) } },
      })),
    );
    refreshed += res.modifiedCount;
  }
}
