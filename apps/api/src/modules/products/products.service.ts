/**
 * The write side of the catalog: create, update and delete products with their photos.
 * Photo files are written before the database row and removed only after it no longer
 * points at them, so a product never shows a missing picture; files left behind by a
 * failed write are removed at once.
 */
import type { Logger } from 'pino';
import type { z } from 'zod';
import { ONE_SIZE, sizesOf, totalOfSizes, type productBody } from '@repo/shared';
import { badRequest, notFound } from '../../lib/errors.js';
import { storeUpload } from '../../lib/photo-upload.js';
import { slugify, writeWithUniqueSlug } from '../../lib/slug.js';
import type { PhotoStore, StoredPhoto } from '../../lib/storage/index.js';
import { categoryExists } from '../categories/index.js';
import { Product } from './product.model.js';
import { productById, type ProductJson } from './products.queries.js';
import { searchFieldsOf } from './search-terms.js';

export type ProductInput = z.output<typeof productBody>;

/** What a create or an update stores: the fields with `sizes`, and `quantity` their total. */
type ProductWrite = Omit<ProductInput, 'quantity' | 'sizes'> & {
  quantity?: number;
  sizes?: Array<{ size: string; quantity: number }>;
};

/** Sent sizes are stored as they are; without them the product is One size with its quantity. */
function withSizes(input: ProductInput): ProductWrite {
  const sizes = input.sizes ?? [{ size: ONE_SIZE, quantity: input.quantity ?? 0 }];
  return { ...input, sizes, quantity: totalOfSizes(sizes) };
}

/**
 * An update without `sizes` (SPEC's form sends only `quantity`): a One size product takes the
 * new quantity; a product with several sizes keeps them when the quantity is unchanged and is
 * refused otherwise (the total cannot be split between sizes by guessing).
 */
function updateWithoutSizes(
  input: ProductInput,
  current: { quantity: number; sizes?: Array<{ size: string; quantity: number }> | null },
): ProductWrite {
  const { sizes: _none, quantity, ...rest } = input;
  const sizes = sizesOf({ quantity: current.quantity, sizes: current.sizes ?? undefined });
  if (sizes.length === 1 && sizes[0]!.size === ONE_SIZE) return withSizes(input);
  if (quantity === current.quantity) return rest;
  throw badRequest(
    `This product comes in ${sizes.map((s) => s.size).join(', ')}: send the stock of each size in "sizes"`,
  );
}

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
    if (await Product.exists({ 'photo.key': photo.key })) return;
    if (await deps.photoShownByOrders([photo.url, ...(photo.widths ?? []).map((w) => w.url)]))
      return;
    await deps.photos.remove(photo);
  } catch (err) {
    deps.logger.warn({ err, key: photo.key }, 'could not delete photo files');
  }
}

async function mustFind(id: string): Promise<ProductJson> {
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
  try {
    const created = await writeWithUniqueSlug(Product, slugify(input.name, 'tshirt'), (slug) =>
      Product.create({ ...withSizes(input), slug, photo }),
    );
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
  const current = await Product.findById(id, { name: 1, slug: 1, quantity: 1, sizes: 1 }).lean();
  if (!current) throw notFound('Product not found');
  await assertCategory(input.category);
  const fields = input.sizes ? withSizes(input) : updateWithoutSizes(input, current);
  const photo = photoData
    ? await storeUpload(deps, photoData, input.name, 'a product photo')
    : undefined;
  const renamed = slugify(input.name, 'tshirt') !== slugify(current.name, 'tshirt');
  try {
    // `before` is the row as it was just before this write: its photo is the one replaced,
    // even if another update ran in between.
    const before = await writeWithUniqueSlug(
      Product,
      slugify(input.name, 'tshirt'),
      (slug) =>
        Product.findByIdAndUpdate(
          id,
          {
            $set: {
              ...fields,
              ...searchFieldsOf(input),
              slug: renamed ? slug : current.slug,
              ...(photo ? { photo } : {}),
            },
          },
          { returnDocument: 'before', projection: { photo: 1 }, runValidators: true },
        ).lean(),
      id,
    );
    if (!before) throw notFound('Product not found');
    if (photo && before.photo?.key !== photo.key)
      await releasePhoto(deps, before.photo as StoredPhoto | undefined);
  } catch (err) {
    if (photo) await releasePhoto(deps, photo);
    throw err;
  }
  return mustFind(id);
}

export async function deleteProduct(deps: ProductWriteDeps, id: string): Promise<void> {
  const deleted = await Product.findByIdAndDelete(id, { projection: { photo: 1 } }).lean();
  if (!deleted) throw notFound('Product not found');
  await releasePhoto(deps, deleted.photo as StoredPhoto | undefined);
}

/** A product as the demo catalog creates it: its photo is stored already. */
export interface NewProduct {
  name: string;
  slug: string;
  description: string;
  price: number;
  quantity: number;
  sizes?: Array<{ size: string; quantity: number }>;
  shipping: boolean;
  category: string;
  photo: StoredPhoto;
  createdAt?: Date;
  updatedAt?: Date;
}

/** Creates these products at once (the demo catalog). */
export async function insertProducts(rows: NewProduct[]): Promise<void> {
  await Product.insertMany(rows);
}

/** Deletes every product; answers the photos they showed, so their files can go too. */
export async function deleteAllProducts(): Promise<StoredPhoto[]> {
  const old = await Product.find({ photo: { $exists: true } }, { photo: 1 }).lean();
  await Product.deleteMany({});
  return old.flatMap(({ photo }) => (photo ? [photo as StoredPhoto] : []));
}

export async function anyProduct(): Promise<boolean> {
  return (await Product.exists({})) !== null;
}
