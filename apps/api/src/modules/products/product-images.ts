/**
 * A colour's photos, one call each: add several at once, describe one (alt text), move one to
 * another colour, put a colour's photos in order, delete one. Uploads pass the same checks as
 * the product form's photo (type by content, size, dimensions; WebP at each width). Every change
 * is written over the product's revision (changeRevision), so two admins never lose each
 * other's photos; the first colour's first photo is the product's main photo, so the first
 * colour always keeps one.
 */
import mongoose from 'mongoose';
import { findColour, MAX_IMAGES_PER_COLOUR } from '@repo/shared';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import {
  changeRevision,
  defaultAlt,
  imagesLeft,
  type StoredColour,
  type StoredImage,
} from './product-colours.js';
import { assertAcceptedImage, renderPhoto, storePhoto } from '../../lib/photo-upload.js';
import { mustFind, releasePhoto, type ProductWriteDeps } from './products.service.js';
import type { ProductJson } from './products.queries.js';

type Current = { colours: StoredColour[]; name?: unknown };

/** The colour the path names, by its index. */
function colourIndex(current: Current, colour: string): number {
  const found = findColour(current.colours, colour);
  if (!found) throw notFound(`This product does not come in ${colour}`);
  return current.colours.indexOf(found);
}

/** Where a photo of the colour the path names is: the colour's index and the photo's place. */
function imagePlace(
  current: Current,
  colourName: string,
  imageId: string,
): { colour: number; at: number } {
  const colour = colourIndex(current, colourName);
  const at = current.colours[colour]!.images.findIndex((i) => String(i._id) === imageId);
  if (at < 0) throw notFound(`${current.colours[colour]!.name} has no such photo`);
  return { colour, at };
}

/** The first colour's last photo is the product's main photo: it cannot leave. */
function assertMainPhotoStays(current: Current, colour: number): void {
  if (colour === 0 && current.colours[0]!.images.length === 1)
    throw badRequest(
      `This is the only photo of ${current.colours[0]!.name}, the first colour: it is the product's main photo. Add another photo of ${current.colours[0]!.name} first.`,
    );
}

/** A colour holds at most MAX_IMAGES_PER_COLOUR photos. */
function assertRoom(colour: { name: string; images: unknown[] }, adding: number): void {
  const room = MAX_IMAGES_PER_COLOUR - colour.images.length;
  if (adding > room)
    throw badRequest(
      `${colour.name} has ${colour.images.length} photos: a colour has at most ${MAX_IMAGES_PER_COLOUR}, so ${room} more can be added`,
    );
}

/** The update that sets these colours' photos (by index), nothing else. */
const setImages = (colours: StoredColour[], indexes: number[]) =>
  Object.fromEntries(indexes.map((i) => [`colours.${i}.images`, colours[i]!.images]));

/** Adds photos to a colour, in the order sent; answers the product. */
export async function addImages(
  deps: ProductWriteDeps,
  id: string,
  colour: string,
  files: Buffer[],
  alts: string[] = [],
): Promise<ProductJson> {
  if (!files.length)
    throw badRequest(`Send 1 to ${MAX_IMAGES_PER_COLOUR} photos, in the "images" field`);
  if (alts.length > files.length)
    throw badRequest(`alts: ${alts.length} alt texts were sent for ${files.length} photos`);
  const product = await mustFind(id);
  const target = findColour(product.colours, colour);
  if (!target) throw notFound(`This product does not come in ${colour}`);
  assertRoom(target, files.length);
  // Every file is checked and converted before any is stored: a bad one stores none.
  for (const data of files) assertAcceptedImage(data);
  const rendered = [];
  for (const data of files)
    rendered.push(await renderPhoto(data, `${product.name} ${target.name}`));
  const stored: StoredImage[] = [];
  try {
    for (const [i, photo] of rendered.entries()) {
      stored.push({
        ...(await storePhoto(deps, photo, 'a product photo')),
        alt: alts[i] ?? defaultAlt(product.name, target.name),
      });
    }
    await changeRevision(id, { name: 1 }, (current) => {
      const index = colourIndex(current, colour);
      const colours = current.colours;
      assertRoom(colours[index]!, stored.length);
      colours[index]!.images = [
        ...colours[index]!.images,
        ...stored.map((image) => ({ _id: new mongoose.Types.ObjectId(), ...image })),
      ];
      return { set: setImages(colours, [index]), result: undefined };
    });
  } catch (err) {
    for (const image of stored) await releasePhoto(deps, image);
    throw err;
  }
  return mustFind(id);
}

/** Changes a photo's alt text, or moves it to the end of another colour's photos. */
export async function changeImage(
  id: string,
  colour: string,
  imageId: string,
  change: { alt?: string | undefined; colour?: string | undefined },
): Promise<ProductJson> {
  await changeRevision(id, {}, (current) => {
    const colours = current.colours;
    const from = imagePlace(current, colour, imageId);
    const image = colours[from.colour]!.images[from.at]!;
    if (change.alt !== undefined) image.alt = change.alt;
    const to = change.colour === undefined ? from.colour : colourIndex(current, change.colour);
    if (to === from.colour) return { set: setImages(colours, [from.colour]), result: undefined };
    assertMainPhotoStays(current, from.colour);
    assertRoom(colours[to]!, 1);
    colours[from.colour]!.images.splice(from.at, 1);
    colours[to]!.images.push(image);
    return { set: setImages(colours, [from.colour, to]), result: undefined };
  });
  return mustFind(id);
}

/** Puts a colour's photos in the order given: every photo of the colour, each once. */
export async function orderImages(
  id: string,
  colour: string,
  order: string[],
): Promise<ProductJson> {
  await changeRevision(id, {}, (current) => {
    const index = colourIndex(current, colour);
    const target = current.colours[index]!;
    const byId = new Map(target.images.map((i) => [String(i._id), i]));
    if (
      order.length !== byId.size ||
      new Set(order).size !== order.length ||
      order.some((o) => !byId.has(o))
    )
      throw conflict(
        `The photos of ${target.name} have changed meanwhile: reload the product and put them in order again`,
      );
    target.images = order.map((o) => byId.get(o)!);
    return { set: setImages(current.colours, [index]), result: undefined };
  });
  return mustFind(id);
}

/** Deletes a photo; its files go once nothing else shows them. */
export async function deleteImage(
  deps: ProductWriteDeps,
  id: string,
  colourName: string,
  imageId: string,
): Promise<ProductJson> {
  const removed = await changeRevision(id, {}, (current) => {
    const before = current.colours.map((c) => ({ ...c, images: [...c.images] }));
    const { colour, at } = imagePlace(current, colourName, imageId);
    assertMainPhotoStays(current, colour);
    current.colours[colour]!.images.splice(at, 1);
    return {
      set: setImages(current.colours, [colour]),
      result: imagesLeft(before, current.colours),
    };
  });
  for (const image of removed) await releasePhoto(deps, image);
  return mustFind(id);
}
