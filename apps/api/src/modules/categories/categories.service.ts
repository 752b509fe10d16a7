/**
 * Category rules: names are unique without regard to case, a category still used by
 * products is not deleted, and every answer is plain data ({ _id, name, slug }).
 */
import type { CatalogRead } from '../../lib/cached-read.js';
import { conflict, isDuplicateKey, notFound } from '../../lib/errors.js';
import { slugify, writeWithUniqueSlug } from '../../lib/slug.js';
import { Category, categoryKey } from './category.model.js';

export interface CategoryJson {
  _id: string;
  name: string;
  slug: string;
}

const FIELDS = { name: 1, slug: 1 } as const;
const toJson = (c: { _id: unknown; name: string; slug: string }): CategoryJson => ({
  _id: String(c._id),
  name: c.name,
  slug: c.slug,
});

const duplicate = (name: string) => conflict(`A category named ${name} already exists`);

/** A duplicate-key error on nameKey, from a race the first check could not see. */
const isNameClash = (err: unknown) => isDuplicateKey(err, 'nameKey');

async function assertNameFree(name: string, exceptId?: string) {
  const filter: Record<string, unknown> = { nameKey: categoryKey(name) };
  if (exceptId) filter._id = { $ne: exceptId };
  const existing = await Category.findOne(filter, { name: 1 }).lean();
  if (existing) throw duplicate(existing.name);
}

export async function listCategories(): Promise<CategoryJson[]> {
  const rows = await Category.find({}, FIELDS).sort({ nameKey: 1 }).lean();
  return rows.map(toJson);
}

/** The public category list as a catalog read (lib/cached-read.ts): the route and the web page share it. */
export const allCategoriesRead: CatalogRead = {
  key: 'all-category',
  compute: async () => ({ success: true, category: await listCategories() }),
};

/** The names of these categories by id, in one query (a page of products shows them). */
export async function categoryNames(ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await Category.find({ _id: { $in: unique } }, { name: 1 }).lean();
  return new Map(rows.map((c) => [String(c._id), c.name]));
}

export async function categoryExists(id: string): Promise<boolean> {
  return (await Category.exists({ _id: id })) !== null;
}

export async function createCategory(name: string): Promise<CategoryJson> {
  await assertNameFree(name);
  try {
    const created = await writeWithUniqueSlug(Category, slugify(name, 'category'), (slug) =>
      Category.create({ name, nameKey: categoryKey(name), slug }),
    );
    return toJson(created);
  } catch (err) {
    if (isNameClash(err)) throw duplicate(name);
    throw err;
  }
}

export async function updateCategory(id: string, name: string): Promise<CategoryJson> {
  const current = await Category.findById(id, FIELDS).lean();
  if (!current) throw notFound('Category not found');
  await assertNameFree(name, id);
  // A new name gets a new slug; a change of case only keeps the old one.
  const sameSlug = slugify(name, 'category') === slugify(current.name, 'category');
  try {
    const updated = await writeWithUniqueSlug(
      Category,
      slugify(name, 'category'),
      (slug) =>
        Category.findByIdAndUpdate(
          id,
          { $set: { name, nameKey: categoryKey(name), slug: sameSlug ? current.slug : slug } },
          { returnDocument: 'after', projection: FIELDS },
        ).lean(),
      id,
    );
    if (!updated) throw notFound('Category not found');
    return toJson(updated);
  } catch (err) {
    if (isNameClash(err)) throw duplicate(name);
    throw err;
  }
}

/**
 * How many products a category holds: the products module's answer, passed in (products sit
 * above categories and name their category).
 */
export type ProductsInCategory = (categoryId: string) => Promise<number>;

export async function deleteCategory(id: string, productsIn: ProductsInCategory): Promise<void> {
  const products = await productsIn(id);
  if (products > 0) {
    const what = products === 1 ? '1 product' : `${products} products`;
    throw conflict(`This category still has ${what}. Move or delete them first.`, { products });
  }
  const deleted = await Category.findByIdAndDelete(id, { projection: { _id: 1 } }).lean();
  if (!deleted) throw notFound('Category not found');
}

/** Creates these categories at once (the demo catalog); a name already taken fails the call (duplicate key). */
export async function insertCategories(names: readonly string[]): Promise<CategoryJson[]> {
  const rows = await Category.insertMany(
    names.map((name) => ({ name, nameKey: categoryKey(name), slug: slugify(name, 'category') })),
  );
  return rows.map(toJson);
}

export async function deleteAllCategories(): Promise<void> {
  await Category.deleteMany({});
}

export async function anyCategory(): Promise<boolean> {
  return (await Category.exists({})) !== null;
}
