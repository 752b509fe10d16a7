/**
 * The write side of the catalog: create, update and delete products with their photos.
 * Photo files are written before the database row and removed only after it no longer
 * points at them, so a product never shows a missing picture; files left behind by a
 * failed write are removed at once.
 */
import type { Logger } from 'pino';
import { mrpBelowPrice, toPaise } from '@repo/shared';
import { badRequest, notFound } from '../../lib/errors.js';
import { storeUpload } from '../../lib/photo-upload.js';
import { slugify, writeWithUniqueSlug } from '../../lib/slug.js';
import type { PhotoStore, StoredPhoto } from '../../lib/storage/index.js';
import { categoryExists } from '../categories/index.js';
import {
  assertMainPhoto,
  changeRevision,
  coloursToCreate,
  coloursToUpdate,
  defaultAlt,
  imagesLeft,
  stockFields,
  type ProductInput,
  type SizeList,
  type StoredColour,
} from './product-colours.js';
import { Product } from './product.model.js';
import { productById, type ProductJson } from './products.queries.js';
import { searchFieldsOf } from './search-terms.js';

export type { ProductInput };

/**
 * What the write side needs: where photos are stored, the log, and whether an order still
 * shows a photo (the orders module answers it; passed in, since orders sit above products).
 */
export interface ProductWriteDeps {
  photos: PhotoStore;
  logger: Logger;
  photoShownByOrders: (urls: string[]) => Promise<boolean>;
}

async function assertCategory(id: string) {
  if (!(await categoryExists(id))) throw badRequest('The chosen category does not exist');
}

/**
 * Deletes a photo's files unless something still shows them: a product (the same picture
 * uploaded again gives the same content-hashed key) or an order, whose items keep the photo
 * URL they were bought with. Keys and file names are content-hashed, so a kept file never
 * shows another picture and checking is one indexed query; copying each photo into orders
 * would store it again per order. Failures are logged, never thrown: the database change
 * they follow has already succeeded.
 */
export async function releasePhoto(
  deps: ProductWriteDeps,
  photo: StoredPhoto | null | undefined,
): Promise<void> {
  if (!photo?.key) return;
  try {
    if (await Product.exists({ 'colours.images.key': photo.key })) return;
    if (await deps.photoShownByOrders([photo.url, ...(photo.widths ?? []).map((w) => w.url)]))
      return;
    await deps.photos.remove(photo);
  } catch (err) {
    deps.logger.warn({ err, key: photo.key }, 'could not delete photo files');
  }
}

/** How many old addresses a product keeps (the oldest go first). */
export const FORMER_SLUGS_KEPT = 20;

/** The slugs a product had once it moves from `old` to `next`: the old one added, the new one out. */
export function formerSlugsAfter(former: string[], old: string, next: string): string[] {
  if (old === next) return former;
  return [...former.filter((s) => s !== old && s !== next), old].slice(-FORMER_SLUGS_KEPT);
}

/**
 * A product has taken `slug`: another product's old address by that slug no longer redirects
 * (the new product wins).
 */
async function forgetFormerSlug(slug: string, takenBy: unknown): Promise<void> {
  await Product.updateMany(
    { formerSlugs: slug, _id: { $ne: takenBy } },
    { $pull: { formerSlugs: slug } },
  );
}

export async function mustFind(id: string): Promise<ProductJson> {
  const product = await productById(id);
  if (!product) throw notFound('Product not found');
  return product;
}

export async function createProduct(
  deps: ProductWriteDeps,
  input: ProductInput,
  photoData: Buffer | undefined,
): Promise<ProductJson> {
  await assertCategory(input.category);
  if (!photoData) throw badRequest('Photo is required');
  const photo = await storeUpload(deps, photoData, input.name, 'a product photo');
  const colours = coloursToCreate(input);
  // The photo sent is the main photo: the first colour's first.
  colours[0]!.images = [{ ...photo, alt: defaultAlt(input.name, colours[0]!.name) }];
  const { colours: _c, sizes: _s, ...fields } = input;
  try {
    const created = await writeWithUniqueSlug(Product, slugify(input.name, 'tshirt'), (slug) =>
      Product.create({ ...fields, ...stockFields(colours), slug }),
    );
    await forgetFormerSlug(created.slug, created._id);
    return await mustFind(String(created._id));
  } catch (err) {
    await releasePhoto(deps, photo);
    throw err;
  }
}

export async function updateProduct(
  deps: ProductWriteDeps,
  id: string,
  input: ProductInput,
  photoData: Buffer | undefined,
): Promise<ProductJson> {
  if (!(await Product.exists({ _id: id }))) throw notFound('Product not found');
  await assertCategory(input.category);
  const photo = photoData
    ? await storeUpload(deps, photoData, input.name, 'a product photo')
    : undefined;
  const { colours: _c, sizes: _s, quantity: _q, ...fields } = input;
  let before: { slug: string; formerSlugs: string[] } | undefined;
  let slugNow: string | undefined;
  try {
    const released = await changeRevision(
      id,
      { name: 1, slug: 1, formerSlugs: 1, mrp: 1 },
      (current) => {
        // SPEC's form leaves the MRP out: a new price must still not pass the one stored.
        const mrp = input.mrp === undefined ? (current.mrp as number | null | undefined) : null;
        if (typeof mrp === 'number' && toPaise(mrp) < toPaise(input.price))
          throw badRequest(mrpBelowPrice(mrp), {
            issues: [{ path: 'price', message: mrpBelowPrice(mrp) }],
          });
        before = {
          slug: String(current.slug),
          formerSlugs: (current.formerSlugs as string[] | undefined) ?? [],
        };
        const colours = coloursToUpdate(input, current.colours);
        // A new photo replaces the main photo (the first colour's first).
        if (photo) {
          const first = colours[0]!;
          const alt = first.images[0]?.alt || defaultAlt(input.name, first.name);
          first.images = [{ ...photo, alt }, ...first.images.slice(1)];
        }
        assertMainPhoto(colours);
        const renamed = slugify(input.name, 'tshirt') !== slugify(String(current.name), 'tshirt');
        return {
          set: {
            ...fields,
            ...searchFieldsOf(input),
            ...stockFields(colours),
            ...(renamed ? {} : { slug: current.slug }),
          },
          result: imagesLeft(current.colours, colours),
        };
      },
      // A new name takes the first free slug (a clash with a product created meanwhile is
      // tried again with the next one).
      (filter, update) =>
        writeWithUniqueSlug(
          Product,
          slugify(input.name, 'tshirt'),
          (slug) => {
            const set = (update as { $set: Record<string, unknown> }).$set;
            // Not renamed: `set` keeps the slug it has. Renamed: the old address redirects to
            // the new one (product reads, web module).
            slugNow = (set.slug as string | undefined) ?? slug;
            const formerSlugs = formerSlugsAfter(before!.formerSlugs, before!.slug, slugNow);
            return Product.findOneAndUpdate(
              filter,
              { ...update, $set: { slug, formerSlugs, ...set } },
              { runValidators: true, projection: { _id: 1 } },
            ).lean();
          },
          id,
        ),
    );
    if (slugNow !== undefined && slugNow !== before?.slug) await forgetFormerSlug(slugNow, id);
    for (const image of released) await releasePhoto(deps, image);
  } catch (err) {
    if (photo) await releasePhoto(deps, photo);
    throw err;
  }
  return mustFind(id);
}

export async function deleteProduct(deps: ProductWriteDeps, id: string): Promise<void> {
  const deleted = await Product.findByIdAndDelete(id, { projection: { colours: 1 } }).lean<{
    colours?: StoredColour[];
  }>();
  if (!deleted) throw notFound('Product not found');
  for (const image of imagesLeft(deleted.colours ?? [], [])) await releasePhoto(deps, image);
}

/** A product as the demo catalog creates it: its colours' photos are stored already. */
export interface NewProduct {
  name: string;
  slug: string;
  description: string;
  price: number;
  colours: Array<{
    name: string;
    hex: string;
    images: Array<StoredPhoto & { alt: string }>;
    sizes: SizeList;
  }>;
  shipping: boolean;
  mrp?: number;
  countryOfOrigin?: string;
  fabric?: string;
  gsm?: number;
  fit?: string;
  washCare?: string;
  category: string;
  createdAt?: Date;
  updatedAt?: Date;
}

/** Creates these products at once (the demo catalog); sizes and quantity are their colours' sums. */
export async function insertProducts(rows: NewProduct[]): Promise<void> {
  await Product.insertMany(rows.map((r) => ({ ...r, ...stockFields(r.colours) })));
}

/** Deletes every product; answers the photos they showed, so their files can go too. */
export async function deleteAllProducts(): Promise<StoredPhoto[]> {
  const old = await Product.find({}, { colours: 1 }).lean<Array<{ colours?: StoredColour[] }>>();
  await Product.deleteMany({});
  return old.flatMap(({ colours }) => imagesLeft(colours ?? [], []));
}

export async function anyProduct(): Promise<boolean> {
  return (await Product.exists({})) !== null;
}
