/**
 * Creating and resetting the demo catalog: every colour of each T-shirt with its pictures
 * (front, back, the print close up, and on every other colour the T-shirt folded or on a
 * hanger), named at the seed and drawn on their first request (demo-pictures.ts). `products` is
 * the whole demo catalog unless a caller (a test) asks for fewer.
 */
import { markBegun, markFinished, stateOf } from '../lib/migrations.js';
import type { AppDeps } from '../lib/types.js';
import { slugify } from '../lib/slug.js';
import { anyCategory, deleteAllCategories, insertCategories } from '../modules/categories/index.js';
import {
  anyProduct,
  deleteAllProducts,
  insertProducts,
  type KnownColour,
} from '../modules/products/index.js';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoProduct } from './demo-catalog.js';
import { demoFactsOf } from './demo-facts.js';
import { demoDrawing, picturesOf } from './demo-pictures.js';

/**
 * The colour a demo T-shirt saved before colours becomes: its fabric's, the colour its picture
 * was drawn in (the start-up migration asks, by slug).
 */
export const demoColourOf: KnownColour = ({ slug }) => {
  const first = DEMO_PRODUCTS.find((p) => slugify(p.name) === slug)?.colours[0];
  return first && { name: first.name, hex: first.hex };
};

/** Categories take turns, so the newest-first home page shows a mix rather than one category. */
function interleaved(products: readonly DemoProduct[]): DemoProduct[] {
  const queues = DEMO_CATEGORIES.map((c) => products.filter((p) => p.category === c));
  const out: DemoProduct[] = [];
  while (queues.some((q) => q.length)) for (const q of queues) if (q.length) out.push(q.shift()!);
  return out;
}

export async function seedDemoCatalog(
  deps: AppDeps,
  demoProducts: readonly DemoProduct[] = DEMO_PRODUCTS,
): Promise<{ categories: number; products: number }> {
  const started = Date.now();
  const categories = await insertCategories(DEMO_CATEGORIES);
  const categoryId = new Map(categories.map((c) => [c.name, c._id]));

  const products = interleaved(demoProducts);
  // Named, not drawn: each picture is drawn on its first request (demo-pictures.ts).
  const pictures = new Map(
    products.map((p) => [
      p,
      picturesOf(
        p,
        DEMO_PRODUCTS.findIndex((d) => d.name === p.name),
      ),
    ]),
  );

  // The first product in the list is the newest, a minute apart each.
  const now = Date.now();
  await insertProducts(
    products.map((p, i) => {
      const at = new Date(now - i * 60_000);
      return {
        name: p.name,
        slug: slugify(p.name),
        description: p.description,
        price: p.price,
        colours: p.colours.map((c, ci) => ({
          name: c.name,
          hex: c.hex,
          images: pictures.get(p)![ci]!.map((d) => d.photo),
          sizes: c.sizes,
        })),
        shipping: p.shipping,
        ...demoFactsOf(p),
        category: categoryId.get(p.category)!,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  deps.logger.info(
    {
      categories: categories.length,
      products: products.length,
      pictures: [...pictures.values()].flat(2).length,
      ms: Date.now() - started,
    },
    'seeded the demo catalog',
  );
  return { categories: categories.length, products: products.length };
}

/**
 * Deletes every product and category (and the products' photo files but the demo pictures'),
 * then seeds the demo catalog.
 */
export async function resetDemoCatalog(
  deps: AppDeps,
  demoProducts: readonly DemoProduct[] = DEMO_PRODUCTS,
): Promise<{ categories: number; products: number }> {
  const old = await deleteAllProducts();
  await deleteAllCategories();
  const keys = new Set<string>();
  for (const photo of old) {
    // The demo pictures come back under the same names: their files are kept for them.
    if (!photo.key || keys.has(photo.key) || demoDrawing(photo.key)) continue;
    keys.add(photo.key);
    await deps.photos
      .remove(photo)
      .catch((err: unknown) =>
        deps.logger.warn({ err, key: photo.key }, 'could not delete photo files'),
      );
  }
  return seedDemoCatalog(deps, demoProducts);
}

/** The marker of the first seed (lib/migrations.ts): begun, then finished. */
export const DEMO_CATALOG_SEED = 'seed the demo catalog';

/**
 * On the first start: the demo catalog when enabled and the catalog is empty. Runs once (a
 * marker in `migrations`), under the release lock (release.ts), so one process seeds it. A seed
 * a killed process left half-done (begun, never finished) is seeded again from the start, its
 * partial catalog replaced; a catalog that was there before the marker existed is left alone.
 */
export async function seedCatalogIfEmpty(
  deps: AppDeps,
  demoProducts: readonly DemoProduct[] = DEMO_PRODUCTS,
): Promise<void> {
  if (!deps.config.seed.demoCatalog) return;
  const state = await stateOf(DEMO_CATALOG_SEED);
  if (state === 'finished') return;
  if (state === 'begun') {
    deps.logger.warn('the demo catalog was left half-seeded: seeding it again');
    await resetDemoCatalog(deps, demoProducts);
  } else if (!(await anyProduct()) && !(await anyCategory())) {
    await markBegun(DEMO_CATALOG_SEED);
    await seedDemoCatalog(deps, demoProducts);
  }
  await markFinished(DEMO_CATALOG_SEED);
}
