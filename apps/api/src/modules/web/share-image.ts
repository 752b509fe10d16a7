/**
 * The 1200 × 630 pictures a chat or a social site shows for a shared link: a product's photo
 * beside its name and price (/share/product/<slug>.png), and the shop's own card
 * (/share/site.png). PNG, because not every chat app reads WebP. Made once per catalog version,
 * kept in the app's catalog cache (lib/catalog-cache.ts).
 */
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { formatRupees } from '@repo/shared/rules';
import type { CatalogCache } from '../../lib/catalog-cache.js';
import { catalogVersion } from '../../lib/catalog-version.js';
import { productReads } from '../products/index.js';

const WIDTH = 1200;
const HEIGHT = 630;

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A name broken into at most three lines of about `width` characters. */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width && line) {
      out.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) out.push(line);
  return out.length > 3 ? [...out.slice(0, 2), `${out[2]}…`] : out;
}

function card(shopName: string, title: string, subtitle: string, textLeft: number): Buffer {
  // About 16 characters of 48 px bold fit the 514 px beside the photo.
  const titleLines = lines(title, textLeft > 0 ? 16 : 30);
  const tspans = titleLines
    .map((l, i) => `<tspan x="${textLeft + 56}" dy="${i === 0 ? 0 : 58}">${escapeXml(l)}</tspan>`)
    .join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <rect width="100%" height="100%" fill="#eef2ff"/>
  <rect x="${textLeft}" y="0" width="${WIDTH - textLeft}" height="${HEIGHT}" fill="#312e81"/>
  <text x="${textLeft + 56}" y="96" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="30" font-weight="700" fill="#c7d2fe">${escapeXml(shopName)}</text>
  <text x="${textLeft + 56}" y="220" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="48" font-weight="700" fill="#ffffff">${tspans}</text>
  <text x="${textLeft + 56}" y="${HEIGHT - 72}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="60" font-weight="800" fill="#fde68a">${escapeXml(subtitle)}</text>
</svg>`);
}

export function createShareImages(opts: {
  cache: CatalogCache;
  shopName: string;
  uploadsDir: string;
  readUpload?: (fileName: string) => Promise<Buffer>;
}) {
  const { cache } = opts;

  /** The photo's bytes: a local upload from disk, a Cloudinary photo over HTTPS. */
  async function photoBytes(url: string): Promise<Buffer> {
    if (url.startsWith('/uploads/'))
      return (opts.readUpload ?? ((name) => readFile(join(opts.uploadsDir, name))))(basename(url));
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`photo answered ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async function product(slug: string): Promise<Buffer | undefined> {
    const answer = (await productReads
      .bySlug(slug)
      .compute()
      .catch(() => undefined)) as
      | {
          Aproduct: {
            name: string;
            price: number;
            photo: string;
            photos?: Array<{ width: number; url: string }>;
          };
        }
      | undefined;
    if (!answer) return undefined;
    const p = answer.Aproduct;
    const photoUrl = p.photos?.length
      ? p.photos.reduce((a, b) => (b.width > a.width ? b : a)).url
      : p.photo;
    const { default: sharp } = await import('sharp'); // on first use, as in lib/photo-upload.ts
    const photo = await sharp(await photoBytes(photoUrl))
      .resize(HEIGHT, HEIGHT, { fit: 'contain', background: '#eef2ff' })
      .toBuffer();
    return sharp(card(opts.shopName, p.name, formatRupees(p.price), HEIGHT))
      .composite([{ input: photo, left: 0, top: 0 }])
      .png()
      .toBuffer();
  }

  return {
    /** `site` for the shop's card, else a product's slug; undefined: no such product. */
    async png(which: { site: true } | { slug: string }): Promise<Buffer | undefined> {
      const version = await catalogVersion();
      const key = `share ${'site' in which ? ' site' : which.slug}`;
      // Names, prices and photos only: current for the catalog, whatever the stock.
      const cached = cache.get<Buffer>(version.catalog, key);
      if (cached) return cached;
      const { default: sharp } = await import('sharp');
      const png =
        'site' in which
          ? await sharp(card(opts.shopName, 'Printed T-shirts for every mood', 'Across India', 0))
              .png()
              .toBuffer()
          : await product(which.slug);
      if (png) cache.set(version.catalog, key, png, png.length);
      return png;
    },
  };
}
