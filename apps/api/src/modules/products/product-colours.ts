/**
 * A product's colours as writes see them: the stored shape, what a create or an update stores
 * (the photos each colour keeps, the sums), and writing a change of the colours' list or photos
 * over the revision it was made from.
 */
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
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { StoredPhoto } from '../../lib/storage/index.js';
import { Product } from './product.model.js';

/** The product form's fields as parsed. */
export type ProductInput = z.output<typeof productBody>;

export type SizeList = Array<{ size: string; quantity: number }>;

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

/** What a photo of a colour says when the admin has not described it (shared with the form). */
export { defaultAlt } from '@repo/shared';

/** The colours a create stores: those sent, else one colour holding the sizes (or One size). */
export function coloursToCreate(input: ProductInput): StoredColour[] {
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
 * - neither (the original form sends only `quantity`): a product in one colour and One size
 *   takes the new quantity; any other keeps its stock when the quantity is unchanged and is
 *   refused otherwise (a total cannot be split between colours and sizes by guessing).
 */
export function coloursToUpdate(input: ProductInput, current: StoredColour[]): StoredColour[] {
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
export function assertMainPhoto(colours: StoredColour[]): void {
  const first = colours[0]!;
  if (!first.images.length)
    throw badRequest(
      `The first colour (${first.name}) has no photos yet: put a colour with photos first`,
      { colours: null },
    );
}

/** What a write stores from its colours: them, with keys, and the sums they make. */
export function stockFields(colours: StoredColour[]) {
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
