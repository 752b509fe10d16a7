/**
 * Creating and resetting the demo catalog. Pictures are rendered in parallel (one sharp
 * pipeline per core) and stored through the configured photo adapter, like uploads: per colour
 * of each T-shirt its front (the print on that fabric), and per fabric one back (plain on every
 * demo T-shirt, so one picture serves them all). `products` is the whole demo catalog unless a
 * caller (a test) asks for fewer pictures.
 */
import { availableParallelism } from 'node:os';
import { markBegun, markFinished, stateOf } from '../lib/migrations.js';
import type { AppDeps } from '../lib/types.js';
import { slugify } from '../lib/slug.js';
import { anyCategory, deleteAllCategories, insertCategories } from '../modules/categories/index.js';
import { renderPhoto } from '../lib/photo-upload.js';
import {
  anyProduct,
  deleteAllProducts,
  insertProducts,
  type KnownColour,
} from '../modules/products/index.js';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoProduct } from './demo-catalog.js';
import { demoFactsOf } from './demo-facts.js';
import { tshirtBackSvg, tshirtSvg } from './tshirt-art.js';

/**
 * The colour a demo T-shirt saved before colours becomes: its fabric's, the colour its picture
 * was drawn in (the start-up migration asks, by slug).
 */
export const demoColourOf: KnownColour = ({ slug }) => {
  const first = DEMO_PRODUCTS.find((p) => slugify(p.name) === slug)?.colours[0];
  return first && { name: first.name, hex: first.hex };
};

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

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
  const render = (svg: string, name: string) =>
    renderPhoto(Buffer.from(svg), name, { effort: 0 }).then((processed) =>
      deps.photos.save(processed),
    );
  const fronts = products.flatMap((p) => p.colours.map((c) => ({ p, c })));
  const fabrics = [...new Set(fronts.map(({ c }) => c.hex))];
  const jobs = [
    ...fronts.map(
      ({ p, c }) =>
        () =>
          render(tshirtSvg(c.art, slugify(p.name)), `${p.name} ${c.name}`),
    ),
    ...fabrics.map((hex) => () => render(tshirtBackSvg(hex), `tee back ${hex}`)),
  ];
  const photos = await mapLimit(jobs, Math.max(2, availableParallelism()), (job) => job());
  const front = new Map(fronts.map(({ c }, i) => [c, photos[i]!]));
  const back = new Map(fabrics.map((hex, i) => [hex, photos[fronts.length + i]!]));

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
        colours: p.colours.map((c) => ({
          name: c.name,
          hex: c.hex,
          images: [
            { ...front.get(c)!, alt: `${p.name} in ${c.name}, front` },
            { ...back.get(c.hex)!, alt: `${p.name} in ${c.name}, back (plain)` },
          ],
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
      pictures: photos.length,
      ms: Date.now() - started,
    },
    'seeded the demo catalog',
  );
  return { categories: categories.length, products: products.length };
}

/** Deletes every product and category (and the products' photo files), then seeds the demo catalog. */
export async function resetDemoCatalog(
  deps: AppDeps,
  demoProducts: readonly DemoProduct[] = DEMO_PRODUCTS,
): Promise<{ categories: number; products: number }> {
  const old = await deleteAllProducts();
  await deleteAllCategories();
  const keys = new Set<string>();
  for (const photo of old) {
    if (!photo.key || keys.has(photo.key)) continue;
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
