/**
 * The write side of the catalog: create, update and delete products with their photos.
 * Photo files are written before the database row and removed only after it no longer
 * points at them, so a product never shows a missing picture; files left behind by a
 * failed write are removed at once.
 */
import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  colourKey,
  DEFAULT_COLOUR,
  findColour,
  ONE_SIZE,
  sumOverColours,
  totalOfSizes,
  type ColourInput,
  type productBody,
} from '@repo/shared';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { storeUpload } from '../../lib/photo-upload.js';
import { slugify, writeWithUniqueSlug } from '../../lib/slug.js';
import type { PhotoStore, StoredPhoto } from '../../lib/storage/index.js';
import { categoryExists } from '../categories/index.js';
import { Product } from './product.model.js';
import { productById, type ProductJson } from './products.queries.js';
import { searchFieldsOf } from './search-terms.js';

export type ProductInput = z.output<typeof productBody>;

type SizeList = Array<{ size: string; quantity: number }>;

/** A photo of a colour as stored: its files, and what it shows (alt text). */
export interface StoredImage extends StoredPhoto {
  _id?: unknown;
  alt: string;
}
/** A colour as stored, as far as writes read and set it. */
export interface StoredColour {
  _id?: unknown;
  name: string;
  key?: string;
  hex: string;
  images: StoredImage[];
  sizes: SizeList;
}

/** What a photo of a colour says when the admin has not described it: the tee and its colour. */
export function defaultAlt(productName: string, colourName: string): string {
  return colourName === DEFAULT_COLOUR.name ? productName : `${productName} in ${colourName}`;
}

/** The colours a create stores: those sent, else one colour holding the sizes (or One size). */
function coloursToCreate(input: ProductInput): StoredColour[] {
  const sent: ColourInput[] = input.colours ?? [
    {
      ...DEFAULT_COLOUR,
      sizes: input.sizes ?? [{ size: ONE_SIZE, quantity: input.quantity ?? 0 }],
    },
  ];
  return sent.map(({ name, hex, sizes }) => ({ name, hex, images: [], sizes }));
}

/**
 * The colours an update stores, from what the product holds now:
 * - `colours` sent: each keeps the photos of the colour it names by `_id`, else by name (so a
 *   renamed colour keeps its photos); colours left out go, with their photos;
 * - `sizes` alone: the stock of a product in one colour;
 * - neither (SPEC's form sends only `quantity`): a product in one colour and One size takes the
 *   new quantity; any other keeps its stock when the quantity is unchanged and is refused
 *   otherwise (a total cannot be split between colours and sizes by guessing).
 */
function coloursToUpdate(input: ProductInput, current: StoredColour[]): StoredColour[] {
  if (input.colours) {
    return input.colours.map(({ _id, name, hex, sizes }) => {
      const before =
        (_id && current.find((c) => String(c._id) === _id)) || findColour(current, name);
      return {
        ...(before?._id ? { _id: before._id } : {}),
        name,
        hex,
        images: before?.images ?? [],
        sizes,
      };
    });
  }
  const only = current.length === 1 ? current[0]! : undefined;
  if (input.sizes) {
    if (!only)
      throw badRequest(
        `This product comes in ${current.length} colours: send the stock of each in "colours"`,
      );
    return [{ ...only, sizes: input.sizes }];
  }
  const sizes = sumOverColours(current);
  if (only && sizes.length === 1 && sizes[0]!.size === ONE_SIZE)
    return [{ ...only, sizes: [{ size: ONE_SIZE, quantity: input.quantity ?? 0 }] }];
  if (input.quantity === totalOfSizes(sizes)) return current;
  throw badRequest(
    only
      ? `This product comes in ${sizes.map((s) => s.size).join(', ')}: send the stock of each size in "sizes"`
      : `This product comes in ${current.length} colours: send the stock of each in "colours"`,
  );
}

/** The first colour's first photo is the product's main photo: there must be one. */
function assertMainPhoto(colours: StoredColour[]): void {
  const first = colours[0]!;
  if (!first.images.length)
    throw badRequest(
      `The first colour (${first.name}) has no photos yet: put a colour with photos first`,
      { colours: null },
    );
}

/** What a write stores from its colours: them, with keys, and the sums they make. */
function stockFields(colours: StoredColour[]) {
  const sizes = sumOverColours(colours);
  return {
    colours: colours.map((c) => ({ ...c, key: colourKey(c.name) })),
    sizes,
    quantity: totalOfSizes(sizes),
  };
}

/** The photos of `before` that `after` no longer shows (their files may go). */
export function imagesLeft(before: StoredColour[], after: StoredColour[]): StoredImage[] {
  const kept = new Set(after.flatMap((c) => c.images.map((i) => i.key)));
  return before.flatMap((c) => c.images.filter((i) => !kept.has(i.key)));
}

/** How often a change of colours or photos is tried against a newer revision before a 409. */
const REVISION_ATTEMPTS = 5;
export const CHANGED_MEANWHILE =
  'This product was changed by someone else meanwhile. Please reload it and try again.';

/**
 * Writes a change of a product's colours or photos over the revision it was read at: `change`
 * gets the product as it is now and answers the update; another write in between (a second
 * admin) makes it read again and redo the change, so nobody's photos are lost.
 */
export async function changeRevision<T>(
  id: string,
  projection: Record<string, 1>,
  change: (
    current: { rev?: number | null; colours: StoredColour[] } & Record<string, unknown>,
  ) =>
    | Promise<{ set: Record<string, unknown>; result: T }>
    | { set: Record<string, unknown>; result: T },
  write: (filter: Record<string, unknown>, update: Record<string, unknown>) => Promise<unknown> = (
    filter,
    update,
  ) =>
    Product.findOneAndUpdate(filter, update, {
      runValidators: true,
      projection: { _id: 1 },
    }).lean(),
): Promise<T> {
  for (let attempt = 0; attempt < REVISION_ATTEMPTS; attempt += 1) {
    const current = await Product.findById(id, { ...projection, rev: 1, colours: 1 }).lean<
      { rev?: number | null; colours: StoredColour[] } & Record<string, unknown>
    >();
    if (!current) throw notFound('Product not found');
    const { set, result } = await change(current);
    const written = await write(
      { _id: id, rev: current.rev ?? null },
      { $set: set, $inc: { rev: 1 } },
    );
    if (written) return result;
  }
  throw conflict(CHANGED_MEANWHILE);
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
    if (await Product.exists({ 'colours.images.key': photo.key })) return;
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
  const colours = coloursToCreate(input);
  // The photo sent is the main photo: the first colour's first.
  colours[0]!.images = [{ ...photo, alt: defaultAlt(input.name, colours[0]!.name) }];
  const { colours: _c, sizes: _s, ...fields } = input;
  try {
    const created = await writeWithUniqueSlug(Product, slugify(input.name, 'tshirt'), (slug) =>
      Product.create({ ...fields, ...stockFields(colours), slug }),
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
  if (!(await Product.exists({ _id: id }))) throw notFound('Product not found');
  await assertCategory(input.category);
  const photo = photoData ? await storeUpload(deps, photoData, input.name, 'a product photo') : undefined;
  const { colours: _c, sizes: _s, quantity: _q, ...fields } = input;
  try {
    const released = await changeRevision(
      id,
      { name: 1, slug: 1 },
      (current) => {
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
            return Product.findOneAndUpdate(
              filter,
              { ...update, $set: { slug, ...set } },
              { runValidators: true, projection: { _id: 1 } },
            ).lean();
          },
          id,
        ),
    );
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
