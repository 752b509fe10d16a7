/**
 * The photo pipeline of every upload (a product's photo, a review's photos): receive the files
 * (multer, in memory, each at most MAX_PHOTO_BYTES), judge each by its content (magic bytes,
 * never the name or declared type), re-encode it with sharp as WebP at each of PHOTO_WIDTHS
 * (rotated upright by its EXIF orientation; the re-encode drops EXIF, GPS and other metadata)
 * under a content-hashed name, and hand it to the photo store (lib/storage).
 */
import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import multer from 'multer';
import type { OutputInfo } from 'sharp';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, PHOTO_WIDTHS, photoTypeOf } from '@repo/shared';
import type { Logger } from 'pino';
import { AppError, badRequest } from './errors.js';
import { slugify } from './slug.js';
import type { PhotoStore, ProcessedPhoto, StoredPhoto } from './storage/index.js';

export const NOT_AN_IMAGE = 'The photo must be a JPEG, PNG, WebP, GIF or AVIF image';
export const PHOTO_TOO_LARGE = `The photo must be at most ${MAX_PHOTO_BYTES / (1024 * 1024)} MB`;
/** Very tall pictures are cut down to this height-to-width ratio. */
const MAX_ASPECT = 2;

/**
 * Parses a multipart body with at most `max` photos in the field `field`: req.file is the photo
 * when `max` is 1, req.files the list otherwise. Errors get our wording.
 */
export function receivePhotos(field: string, max: number): RequestHandler {
  const multipart = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_PHOTO_BYTES, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  });
  const upload = max === 1 ? multipart.single(field) : multipart.array(field, max);
  const tooMany =
    max === 1
      ? `Send one photo, in the "${field}" field`
      : `Send at most ${max} photos, in the "${field}" field`;
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError(413, PHOTO_TOO_LARGE));
        if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') {
          return next(badRequest(tooMany));
        }
        return next(badRequest(`The form could not be read: ${err.message}`));
      }
      next(err);
    });
  };
}

/** A 415 unless the bytes are one of the accepted image types. */
export function assertAcceptedImage(data: Buffer): void {
  if (!photoTypeOf(data)) throw new AppError(415, NOT_AN_IMAGE);
}

/** The widths to produce for a picture `width` pixels wide: never enlarged, never duplicated. */
export function targetWidths(width: number): number[] {
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w < width);
  const widest = Math.min(width, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!);
  if (!widths.includes(widest)) widths.push(widest);
  return widths;
}

/**
 * Decodes once (upright, at most the widest size), then encodes each width as WebP.
 * `nameHint` (e.g. the product name) starts the file name; a hash of the input ends it.
 * Any sharp-readable input works; the seed passes SVG, uploads are checked beforehand.
 * `effort` trades encoding time for size (libwebp 0–6; the seed uses less to start fast).
 */
export async function renderPhoto(
  input: Buffer,
  nameHint: string,
  opts: { effort?: number } = {},
): Promise<ProcessedPhoto> {
  const widest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  // Loaded on the first photo, not at start: libvips costs a worker ~0.4 s of CPU and ~30 MiB.
  const { default: sharp } = await import('sharp');
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS })
      .rotate()
      .resize({
        width: widest,
        height: widest * MAX_ASPECT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw badRequest('The photo could not be read as an image');
  }
  const raw = {
    raw: { width: base.info.width, height: base.info.height, channels: base.info.channels },
  } as const;
  const variants = await Promise.all(
    targetWidths(base.info.width).map(async (width) => ({
      width,
      data: await sharp(base.data, raw)
        .resize({ width })
        .webp({ quality: 80, effort: opts.effort ?? 4 })
        .toBuffer(),
    })),
  );
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 12);
  return {
    name: `${slugify(nameHint, 'photo').slice(0, 40).replace(/-+$/, '')}-${hash}`,
    variants,
  };
}

/**
 * Checks an upload by its content, renders it and stores it; the store failing is a 502 the
 * sender may try again (logged with `what`, e.g. "a product photo").
 */
export async function storeUpload(
  deps: { photos: PhotoStore; logger: Logger },
  data: Buffer,
  nameHint: string,
  what: string,
): Promise<StoredPhoto> {
  assertAcceptedImage(data);
  return storePhoto(deps, await renderPhoto(data, nameHint), what);
}

/**
 * Stores a rendered photo (for a caller that checks and renders several before storing any);
 * the store failing is a 502 as in storeUpload.
 */
export async function storePhoto(
  deps: { photos: PhotoStore; logger: Logger },
  processed: ProcessedPhoto,
  what: string,
): Promise<StoredPhoto> {
  try {
    return await deps.photos.save(processed);
  } catch (err) {
    deps.logger.error({ err, store: deps.photos.kind }, `could not store ${what}`);
    throw new AppError(502, 'The photo could not be stored right now. Please try again.');
  }
}
