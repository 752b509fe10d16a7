/**
 * The demo catalog's pictures, drawn on their first request rather than at the seed
 * (docs/decisions/0019-demo-pictures-drawn-on-first-request.md).
 *
 * The seed only names each picture: its name ends in a hash of its SVG, so the name is known
 * without drawing, and its URLs are those the local photo store gives an upload
 * (`/uploads/<name>-<width>.webp`, every width of PHOTO_WIDTHS). The first request for one width
 * misses the uploads folder; `demoPictureHandler` finds the name among the demo catalog's
 * pictures (from the code, the same in every process), rasterises the SVG straight at that
 * width and stores the file through the local photo store, which writes and renames: a reader
 * never sees half a file. Drawing is deterministic, so processes or replicas that draw the same
 * picture at once write the same bytes, and a shared uploads folder (SHARED_UPLOADS_DIR) keeps
 * one copy for all; with Cloudinary each replica keeps its own copy in DATA_DIR/uploads.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { RequestHandler } from 'express';
import { PHOTO_WIDTHS } from '@repo/shared';
import { slugify } from '../lib/slug.js';
import { createLocalPhotoStore, localFileName } from '../lib/storage/local.js';
import type { StoredPhoto } from '../lib/storage/index.js';
import type { DemoColour, DemoProduct } from './demo-catalog.js';
import { DEMO_PRODUCTS } from './demo-catalog.js';
import {
  tshirtBackSvg,
  tshirtCloseUpSvg,
  tshirtFoldedSvg,
  tshirtOnHangerSvg,
  tshirtSvg,
} from './tshirt-art.js';

/** What a demo picture shows. */
export type DemoView = 'front' | 'back' | 'close-up' | 'folded' | 'hanger';

/** What the alt text says after "<tee> in <colour>, ". */
const VIEW_ALT: Record<DemoView, string> = {
  front: 'front',
  back: 'back (plain)',
  'close-up': 'close-up of the print',
  folded: 'folded',
  hanger: 'on a hanger',
};

/** A picture of a demo T-shirt in one colour: its stored photo and alt text, and its drawing. */
export interface DemoPicture {
  view: DemoView;
  photo: StoredPhoto & { alt: string };
  svg: string;
}

/**
 * The views of a colour, in gallery order: front, back, the print close up, and on every other
 * colour the T-shirt folded (T-shirts at even places in the list) or on a hanger (odd).
 */
export function viewsOf(productIndex: number, colourIndex: number): DemoView[] {
  const views: DemoView[] = ['front', 'back', 'close-up'];
  if (colourIndex % 2 === 0) views.push(productIndex % 2 === 0 ? 'folded' : 'hanger');
  return views;
}

function svgOf(p: DemoProduct, c: DemoColour, view: DemoView): string {
  const seed = slugify(p.name);
  switch (view) {
    case 'front':
      return tshirtSvg(c.art, seed);
    case 'back':
      // Plain on every demo T-shirt: one picture per fabric serves them all.
      return tshirtBackSvg(c.hex);
    case 'close-up':
      return tshirtCloseUpSvg(c.art, seed);
    case 'folded':
      return tshirtFoldedSvg(c.art, seed);
    case 'hanger':
      return tshirtOnHangerSvg(c.art, seed);
  }
}

/** The URLs the local photo store gives a photo named `name`, at every width. */
function storedAs(name: string): StoredPhoto {
  const widths = PHOTO_WIDTHS.map((width) => ({
    width,
    url: `/uploads/${localFileName(name, width)}`,
  }));
  return { key: name, url: widths[widths.length - 1]!.url, widths };
}

/** A name as the upload pipeline makes one: a readable start, then a hash of the drawing. */
function nameOf(label: string, svg: string): string {
  const hash = createHash('sha256').update(svg).digest('hex').slice(0, 12);
  return `${slugify(label, 'photo').slice(0, 40).replace(/-+$/, '')}-${hash}`;
}

/** The pictures of every colour of `p` (at `index` in the demo catalog), colour by colour. */
export function picturesOf(p: DemoProduct, index: number): DemoPicture[][] {
  return p.colours.map((c, ci) =>
    viewsOf(index, ci).map((view) => {
      const svg = svgOf(p, c, view);
      const label = view === 'back' ? `tee back ${c.name}` : `${p.name} ${c.name} ${view}`;
      return {
        view,
        svg,
        photo: {
          ...storedAs(nameOf(label, svg)),
          alt: `${p.name} in ${c.name}, ${VIEW_ALT[view]}`,
        },
      };
    }),
  );
}

let drawings: Map<string, string> | undefined;

/** The drawing of the demo picture named `name` (undefined: not a demo picture of this version). */
export function demoDrawing(name: string): string | undefined {
  drawings ??= new Map(
    DEMO_PRODUCTS.flatMap((p, i) => picturesOf(p, i).flat()).map((d) => [d.photo.key, d.svg]),
  );
  return drawings.get(name);
}

/** `svg` (960×960) rasterised straight at `width` and encoded as uploads are (WebP, quality 80). */
export async function drawAt(svg: string, width: number): Promise<Buffer> {
  // Loaded on the first picture, not at start, as in lib/photo-upload.ts.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg), { density: (72 * width) / 960 })
    .webp({ quality: 80, effort: 4 })
    .toBuffer();
}

const FILE = /^([a-z0-9-]+)-(\d+)\.webp$/;

/**
 * Draws and stores the demo picture file `fileName` (`<name>-<width>.webp`) in `dir`; undefined
 * when it names no demo picture. Draws of one file under way in this process are shared.
 */
export function demoPictures(dir: string) {
  const store = createLocalPhotoStore({ dir, publicPath: '/uploads' });
  const drawing = new Map<string, Promise<Buffer>>();

  function draw(fileName: string): Promise<Buffer> | undefined {
    const [, name, w] = FILE.exec(fileName) ?? [];
    const width = Number(w);
    const svg = name && (PHOTO_WIDTHS as readonly number[]).includes(width) && demoDrawing(name);
    if (!svg) return undefined;
    let pending = drawing.get(fileName);
    if (!pending) {
      pending = drawAt(svg, width).then(async (data) => {
        await store.save({ name: name!, variants: [{ width, data }] });
        return data;
      });
      drawing.set(fileName, pending);
      void pending.finally(() => drawing.delete(fileName)).catch(() => {});
    }
    return pending;
  }

  return {
    draw,
    /** The file's bytes: from the folder, or drawn now if it is a demo picture not drawn yet. */
    async read(fileName: string): Promise<Buffer> {
      try {
        return await readFile(`${dir}/${fileName}`);
      } catch (err) {
        const drawn = (err as NodeJS.ErrnoException).code === 'ENOENT' && draw(fileName);
        if (drawn) return drawn;
        throw err;
      }
    },
    /**
     * After the uploads folder's static files: a demo picture not drawn yet is drawn, stored
     * and sent with the headers the static files have; anything else goes on (a 404).
     */
    handler: ((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const drawn = draw(req.path.slice(1));
      if (!drawn) return next();
      drawn.then(
        (data) =>
          res
            .type('image/webp')
            .set('Cache-Control', 'public, max-age=31536000, immutable')
            .send(data),
        next,
      );
    }) as RequestHandler,
  };
}
