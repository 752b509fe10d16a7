/** Test data for the catalog: small generated images, and products inserted straight into the database. */
import sharp from 'sharp';
import { Category } from '../../categories/category.model.js';
import { Product } from '../product.model.js';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** A real image of the given format: a coloured rectangle with a stripe, so it is not blank. */
export async function makeImage(
  format: ImageFormat,
  opts: { width?: number; height?: number; color?: string } = {},
): Promise<Buffer> {
  const width = opts.width ?? 1200;
  const height = opts.height ?? 900;
  const stripe = Buffer.from(
    `<svg width="${width}" height="${Math.round(height / 4)}"><rect width="100%" height="100%" fill="#fff"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: opts.color ?? '#c0392b' } })
    .composite([{ input: stripe, top: 0, left: 0 }])
    .toFormat(format)
    .toBuffer();
}

/** A JPEG stored sideways with EXIF orientation 6 ("rotate 90° to view"): 1200 wide as stored, 600 wide upright. */
export function sidewaysJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 600, channels: 3, background: '#2980b9' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export async function makeCategory(name: string) {
  const c = await Category.create({
    name,
    nameKey: name.toLowerCase(),
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  });
  return String(c._id);
}

let serial = 0;

/** A photo as stored, without files (reads only show its URLs). */
const photo = (name: string) => {
  const base = name.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  return {
    key: `k-${base}`,
    url: `/uploads/${base}-960.webp`,
    widths: [{ width: 960, url: `/uploads/${base}-960.webp` }],
    alt: name,
  };
};

/** Inserts products directly (no photo processing); createdAt follows the array order unless given. */
export async function insertProducts(
  items: Array<{
    name: string;
    price: number;
    category: string;
    description?: string;
    quantity?: number;
    /** Without sizes a product is One size holding `quantity` (the model's rule). */
    sizes?: Array<{ size: string; quantity: number }>;
    /** Without colours a product is one colour ("Default") holding its sizes, with one photo. */
    colours?: Array<{
      name: string;
      hex?: string;
      sizes: Array<{ size: string; quantity: number }>;
      /** How many photos it has (default 1). */
      images?: number;
    }>;
    createdAt?: Date;
  }>,
) {
  const base = Date.UTC(2025, 0, 1);
  const docs = items.map((p) => {
    serial += 1;
    const slug = `${p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${serial}`;
    return {
      name: p.name,
      slug,
      description: p.description ?? `A soft cotton tee called ${p.name}.`,
      price: p.price,
      quantity: p.quantity ?? 10,
      ...(p.sizes ? { sizes: p.sizes } : {}),
      colours: p.colours?.map((c) => ({
        name: c.name,
        hex: c.hex ?? '#111111',
        sizes: c.sizes,
        images: Array.from({ length: c.images ?? 1 }, (_, i) => photo(`${slug}-${c.name}-${i}`)),
      })) ?? [
        {
          name: 'Default',
          hex: '#9CA3AF',
          sizes: p.sizes ?? [{ size: 'One size', quantity: p.quantity ?? 10 }],
          images: [photo(slug)],
        },
      ],
      shipping: serial % 2 === 0,
      category: p.category,
      createdAt: p.createdAt ?? new Date(base + serial * 1000),
      updatedAt: p.createdAt ?? new Date(base + serial * 1000),
    };
  });
  const created = await Product.insertMany(docs);
  return created.map((d) => ({
    id: String(d._id),
    slug: d.slug,
    name: d.name,
    price: d.price,
    category: String(d.category),
  }));
}
