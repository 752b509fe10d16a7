/**
 * Growing the demo catalog to a given size, straight into the shop's database: copies of the
 * seeded T-shirts with new names, slugs, prices, stock, categories and dates, so lists, filters
 * and search see a catalog that looks real. Deterministic (seeded random), so runs compare.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MongoClient, ObjectId } from 'mongodb';
import { call } from './http.mjs';
import { repoRoot } from './shop.mjs';

const STYLES = [
  'Vintage',
  'Classic',
  'Oversized',
  'Slim-fit',
  'Organic',
  'Heavyweight',
  'Washed',
  'Retro',
  'Essential',
  'Premium',
  'Relaxed',
  'Boxy',
  'Everyday',
  'Limited',
  'Tie-dye',
  'Athletic',
];
const COLOURS = [
  'Black',
  'White',
  'Navy',
  'Olive',
  'Maroon',
  'Sand',
  'Charcoal',
  'Sky Blue',
  'Mustard',
  'Forest Green',
  'Coral',
  'Lavender',
];
/** The word the search figure looks for: one style, so about 1 product in 16 matches. */
export const SEARCH_WORD = 'vintage';
const BATCH = 1000;

const slugify = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function openDatabase(mongoUri) {
  const client = await MongoClient.connect(mongoUri, { serverSelectionTimeoutMS: 5000 });
  return { client, db: client.db() };
}

/** Inserts copies until the products collection holds `target` documents; returns the time taken. */
export async function growCatalog(db, target) {
  const products = db.collection('products');
  const started = Date.now();
  const current = await products.countDocuments();
  if (current >= target) return { inserted: 0, ms: 0 };
  const seeds = await products.find({ slug: { $not: /-x\d+$/ } }).toArray();
  const categories = await db
    .collection('categories')
    .find({}, { projection: { _id: 1 } })
    .toArray();
  if (!seeds.length || !categories.length)
    throw new Error('the shop has no seeded products or categories to copy');
  // The demo seed's own generator (from the built API): one implementation for both.
  const { seededRng } = await import(
    pathToFileURL(join(repoRoot, 'apps/api/dist/seed/tshirt-art.js')).href
  );
  // …and its search terms, as the shop keeps them on every product write…
  const { searchFieldsOf } = await import(
    pathToFileURL(join(repoRoot, 'apps/api/dist/modules/products/search-terms.js')).href
  );
  // …and what a product write stores from its colours (keys, per-size sums, the total).
  const { stockFields } = await import(
    pathToFileURL(join(repoRoot, 'apps/api/dist/modules/products/product-colours.js')).href
  );
  const unmigrated = seeds.find((p) => !p.colours?.length);
  if (unmigrated)
    throw new Error(`${unmigrated.slug} has no colours: start the shop once (it migrates them)`);
  const next = seededRng(`bench-${current}`);
  const oldest = Math.min(...seeds.map((p) => new Date(p.createdAt ?? Date.now()).getTime()));
  let n = current;
  while (n < target) {
    const batch = [];
    for (; n < target && batch.length < BATCH; n += 1) {
      const seed = seeds[n % seeds.length];
      const name = `${STYLES[Math.floor(next() * STYLES.length)]} ${seed.name} – ${COLOURS[Math.floor(next() * COLOURS.length)]}`;
      // Older than the seeded shirts, a minute apart: the first page still shows the real ones.
      const date = new Date(oldest - (n + 1) * 60_000);
      // The seed's colours (their photos too) with new stock in each of their sizes; the
      // product's sizes and quantity are their sums, as the shop stores them.
      const colours = seed.colours.map((c) => ({
        ...c,
        _id: new ObjectId(),
        sizes: c.sizes.map(({ size }) => ({ size, quantity: Math.floor(next() * 40) })),
      }));
      // Drawn in the order they always were, so the catalog stays the same run after run.
      const price = 99 + Math.floor(next() * 29) * 50;
      const shipping = next() < 0.7;
      const category = categories[Math.floor(next() * categories.length)]._id;
      batch.push({
        ...seed,
        ...searchFieldsOf({ name, description: seed.description, category }),
        _id: new ObjectId(),
        name,
        slug: `${slugify(name)}-x${n}`,
        price,
        ...stockFields(colours),
        shipping,
        category,
        createdAt: date,
        updatedAt: date,
      });
    }
    await products.insertMany(batch, { ordered: false });
  }
  await bumpCatalogVersion(db);
  return { inserted: target - current, ms: Date.now() - started };
}

/**
 * Moves the shop's catalog version on (apps/api/src/lib/catalog-version.ts), as every catalog
 * write through the API does: no cached answer or ETag outlives a write made behind its back.
 */
export function bumpCatalogVersion(db) {
  return db.collection('catalog_meta').updateOne({ _id: 'catalog' }, { $inc: { version: 1 } });
}

/** The fields of a product stockSizes sends back (the product form is sent whole). */
export const FORM_FIELDS = {
  name: 1,
  description: 1,
  price: 1,
  category: 1,
  shipping: 1,
  colours: 1,
};

/** Logs in as the shop's admin: in development the documented local one (config's DEV_ADMIN). */
export async function adminAuth(url) {
  const res = await call(url, 'POST', '/api/auth/login', {
    body: { email: 'admin@tshirt.shop', password: 'admin12345' },
  });
  if (res.status !== 200)
    throw new Error(
      `admin login answered ${res.status}: ${res.raw.toString('utf8').slice(0, 300)}`,
    );
  return `Bearer ${res.json.token}`;
}

/**
 * Sets every size of every colour of each product (documents with FORM_FIELDS) to `perSize`, as
 * an admin does in the product form: `PUT /api/product/update-product/:id` with the colours
 * (each by its `_id`, so it keeps its photos). The shop stores the sizes and quantity as their
 * sums and moves the catalog version itself. Answers the products as the shop answers them.
 */
export async function stockSizes(url, auth, products, perSize) {
  const stocked = [];
  for (const p of products) {
    const form = new FormData();
    form.set('name', p.name);
    form.set('description', p.description);
    form.set('price', String(p.price));
    form.set('category', String(p.category));
    form.set('shipping', String(Boolean(p.shipping)));
    form.set(
      'colours',
      JSON.stringify(
        p.colours.map((c) => ({
          _id: String(c._id),
          name: c.name,
          hex: c.hex,
          sizes: c.sizes.map(({ size }) => ({ size, quantity: perSize })),
        })),
      ),
    );
    const res = await fetch(new URL(`/api/product/update-product/${p._id}`, url), {
      method: 'PUT',
      headers: { authorization: auth },
      body: form,
    });
    const body = await res.json().catch(() => undefined);
    if (res.status !== 200)
      throw new Error(
        `update-product answered ${res.status}: ${JSON.stringify(body)?.slice(0, 300)}`,
      );
    stocked.push(body.product);
  }
  return stocked;
}

/**
 * The colour-and-size pairs a product (with `colours`) has in stock, in its order: what a
 * shopper can put in a cart (`{ colour, size }`, the colour by its name).
 */
export function pairsInStock(product) {
  return product.colours.flatMap((c) =>
    c.sizes.filter((s) => s.quantity > 0).map((s) => ({ colour: c.name, size: s.size })),
  );
}

/** The parameters of the measured reads, taken from the seeded catalog. */
export async function workload(db) {
  const categories = await db.collection('categories').find().sort({ name: 1 }).limit(2).toArray();
  const product = await db
    .collection('products')
    .findOne({ slug: { $not: /-x\d+$/ } }, { sort: { createdAt: 1 } });
  if (categories.length < 2 || !product)
    throw new Error('the seeded catalog needs at least two categories and one product');
  return { categoryIds: categories.map((c) => String(c._id)), slug: product.slug };
}
