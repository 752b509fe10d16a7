/**
 * The browser's check of a photo before it is sent, the server's own checks asked early (type
 * by content, size, pixels): the product form's photos, a return request's photo. Its refusal
 * is shown beside the field; the server checks everything again.
 */
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from '@repo/shared/constants/forms';
import { photoTypeOf } from '@repo/shared/rules/photo';

const MAX_MB = MAX_PHOTO_BYTES / (1024 * 1024);

/** The file when it is a picture the shop takes (type by content, size, pixels), else why not. */
export async function checkPhoto(file: File): Promise<File | string> {
  if (!file.type.startsWith('image/')) return 'Only image files are allowed.';
  if (file.size > MAX_PHOTO_BYTES) return `The image must be ${MAX_MB} MB or smaller.`;
  // The name and the type the browser guessed from it prove nothing: read what is inside.
  const head = await firstBytes(file, 32).catch(() => new Uint8Array());
  if (!photoTypeOf(head))
    return `${file.name} is not a picture: choose a JPEG, PNG, WebP, GIF or AVIF image.`;
  const size = await pictureSize(file);
  if (size === null) return `${file.name} could not be opened as a picture.`;
  if (size && size.width * size.height > MAX_PHOTO_PIXELS)
    return `The picture is too large: at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`;
  return file;
}

/** The file's first `count` bytes (FileReader: Blob.arrayBuffer is missing in some engines). */
function firstBytes(file: File, count: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, count));
  });
}

/**
 * The picture's width and height once decoded, null when it does not decode, undefined where
 * the browser cannot decode off-screen (then the server's check is the only one).
 */
async function pictureSize(
  file: File,
): Promise<{ width: number; height: number } | null | undefined> {
  if (typeof createImageBitmap !== 'function') return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}
