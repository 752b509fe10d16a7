import { DEFAULT_COLOUR } from '../constants/index.js';

/** The photo types the shop takes (the server converts each to WebP). */
export type PhotoType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/**
 * A photo's type by its first bytes (16 are enough), or undefined when it is none of the
 * accepted ones: a text file named "fake.png" is no PNG. The admin form checks a picked file
 * with it before showing a preview; the server checks every upload with it.
 */
export function photoTypeOf(b: Uint8Array): PhotoType | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...b.subarray(start, end));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= 8 && png.every((byte, i) => b[i] === byte)) return 'png';
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: a 'ftyp' box whose major or compatible brands include avif/avis.
  if (b.length >= 16 && ascii(4, 8) === 'ftyp') {
    const size = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
    const boxEnd = Math.min(size, b.length);
    for (let at = 8; at + 4 <= boxEnd; at += 4) {
      if (at === 12) continue; // minor version, not a brand
      const brand = ascii(at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return undefined;
}

/** What a colour's photos show, in the order a T-shirt is usually photographed. */
export const PHOTO_VIEWS = ['front', 'back', 'close-up of the print', 'folded'] as const;

/**
 * What a photo of a colour says when the admin has not described it: the tee and its colour
 * ("Sakura Drift Tee in Black"; the tee alone in the Default colour), and, given the photo's
 * place among the colour's photos, what it likely shows ("…, front", "…, photo 5").
 */
export function defaultAlt(productName: string, colourName: string, at?: number): string {
  const tee = colourName === DEFAULT_COLOUR.name ? productName : `${productName} in ${colourName}`;
  if (at === undefined) return tee;
  return `${tee}, ${PHOTO_VIEWS[at] ?? `photo ${at + 1}`}`;
}
