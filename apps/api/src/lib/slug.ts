/**
 * URL slugs: lower-case ASCII words joined by hyphens ("Café Räksmörgås!" → "cafe-raksmorgas"),
 * made unique with a -2, -3… suffix; the unique index settles races (see insertWithUniqueSlug).
 */
import type { Model } from 'mongoose';
import { isDuplicateKey } from './errors.js';
import { escapeRegExp } from './literal-pattern.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any model with a unique `slug`
type SluggedModel = Model<any>;

const MAX_SLUG_LENGTH = 80;

export function slugify(text: string, fallback = 'item'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** The first free slug among base, base-2, base-3… (one query on the slug index). */
export async function nextFreeSlug(
  model: SluggedModel,
  base: string,
  exceptId?: unknown,
): Promise<string> {
  const filter: Record<string, unknown> = { slug: { $regex: `^${escapeRegExp(base)}(-\\d+)?$` } };
  if (exceptId) filter._id = { $ne: exceptId };
  const taken = await model.find(filter, { slug: 1, _id: 0 }).lean<Array<{ slug: string }>>();
  if (!taken.some((d) => d.slug === base)) return base;
  const suffixes = new Set(taken.map((d) => Number(d.slug.slice(base.length + 1))));
  let n = 2;
  while (suffixes.has(n)) n += 1;
  return `${base}-${n}`;
}

/**
 * Runs `write(slug)` with the first free slug; when another writer takes the same slug in
 * between (duplicate key on slug), picks the next one and tries again.
 */
export async function writeWithUniqueSlug<T>(
  model: SluggedModel,
  base: string,
  write: (slug: string) => Promise<T>,
  exceptId?: unknown,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const slug = await nextFreeSlug(model, base, exceptId);
    try {
      return await write(slug);
    } catch (err) {
      if (!isDuplicateKey(err, 'slug') || attempt >= 5) throw err;
    }
  }
}
