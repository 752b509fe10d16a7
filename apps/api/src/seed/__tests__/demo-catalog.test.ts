/** The demo catalog: created on first start with an empty catalog, and reset by `pnpm seed`. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { describe, expect, inject, it, vi } from 'vitest';
import {
  allProductsResponse,
  LOW_STOCK,
  PHOTO_WIDTHS,
  PRICE_RANGES,
  SIZES,
  totalOfSizes,
} from '@repo/shared';
import { slugify } from '../../lib/slug.js';
import { setupTestApp } from '../../test/harness.js';
import { Category } from '../../modules/categories/category.model.js';
import { Product } from '../../modules/products/product.model.js';
import { User } from '../../modules/users/user.model.js';
import { resetDemoCatalog } from '../catalog-seed.js';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from '../demo-catalog.js';
import { demoDrawing, picturesOf } from '../demo-pictures.js';
import { seedIfEmpty } from '../index.js';

const t = await setupTestApp();
/** How far apart two colours are (the sum of their channels' differences). */
const distance = (a: string, b: string) =>
  [1, 3, 5].reduce(
    (sum, i) => sum + Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)),
    0,
  );
const uploads = join(t.config.dataDir, 'uploads');
const fileOf = (url: string) => join(uploads, url.replace(/^\/uploads\//, ''));

// The seeds here make one T-shirt per category (7, not 41: the tests draw their pictures, the
// slow part), each its category's first; the command test at the end makes the whole catalog.
// How fast a first start seeds is bench's concern.
const FEW = DEMO_CATEGORIES.map((c) => DEMO_PRODUCTS.find((p) => p.category === c)!);

describe('the demo catalog', () => {
  it('covers every price filter of the shop, with realistic stock', () => {
    const products = DEMO_PRODUCTS;
    expect(products.length).toBeGreaterThanOrEqual(36);
    for (const { id, range } of PRICE_RANGES) {
      const inRange = products.filter((p) => p.price >= range[0] && p.price <= range[1]);
      expect(inRange.length, id).toBeGreaterThanOrEqual(4);
    }
    expect(products.filter((p) => p.quantity <= 3).length).toBeGreaterThanOrEqual(3);
    expect(products.some((p) => p.quantity === 0)).toBe(true);
    expect(products.every((p) => p.price > 0 && Number.isInteger(p.quantity))).toBe(true);
  });

  it("makes every T-shirt in XS–XXL or S–3XL, in the shop's size order, its quantity their total", () => {
    const regular = SIZES.slice(0, 6);
    const relaxed = SIZES.slice(1);
    for (const p of DEMO_PRODUCTS) {
      expect([regular, relaxed], p.name).toContainEqual(p.sizes.map((s) => s.size));
      expect(p.quantity, p.name).toBe(totalOfSizes(p.sizes));
      for (const s of p.sizes) expect(Number.isInteger(s.quantity) && s.quantity >= 0).toBe(true);
    }
    expect(DEMO_PRODUCTS.filter((p) => p.sizes[0]!.size === 'XS').length).toBeGreaterThan(10);
    expect(DEMO_PRODUCTS.filter((p) => p.sizes.at(-1)!.size === '3XL').length).toBeGreaterThan(10);

    // On T-shirts still for sale: some sizes sold out, some low; one T-shirt sold out in all.
    const forSale = DEMO_PRODUCTS.filter((p) => p.quantity > 0);
    const withSoldOutSize = forSale.filter((p) => p.sizes.some((s) => s.quantity === 0));
    expect(withSoldOutSize.length).toBeGreaterThanOrEqual(3);
    // Not only the nearly sold out ones: a popular size gone on a well-stocked T-shirt too.
    expect(withSoldOutSize.some((p) => p.quantity >= 20)).toBe(true);
    const withLowSize = forSale.filter((p) =>
      p.sizes.some((s) => s.quantity > 0 && s.quantity <= LOW_STOCK),
    );
    expect(withLowSize.length).toBeGreaterThanOrEqual(3);
    const soldOut = DEMO_PRODUCTS.filter((p) => p.quantity === 0);
    expect(soldOut.length).toBeGreaterThanOrEqual(1);
    for (const p of soldOut) expect(p.sizes.every((s) => s.quantity === 0)).toBe(true);
  });

  it('makes every T-shirt in two to four colours, each with its own stock per size', () => {
    const several = DEMO_PRODUCTS;
    for (const p of DEMO_PRODUCTS) {
      expect(p.colours.length, p.name).toBeGreaterThanOrEqual(2);
      expect(p.colours.length, p.name).toBeLessThanOrEqual(4);
      expect(new Set(p.colours.map((c) => c.name)).size, p.name).toBe(p.colours.length);
      for (const c of p.colours) {
        expect(c.hex, `${p.name} ${c.name}`).toMatch(/^#[0-9A-F]{6}$/);
        expect(c.art.fabric.toUpperCase()).toBe(c.hex);
        // Every colour in the same sizes; the product's sizes add its colours up.
        expect(c.sizes.map((s) => s.size)).toEqual(p.sizes.map((s) => s.size));
      }
      for (const { size, quantity } of p.sizes)
        expect(quantity, `${p.name} ${size}`).toBe(
          p.colours.reduce((sum, c) => sum + c.sizes.find((s) => s.size === size)!.quantity, 0),
        );
    }
    const names = new Set(DEMO_PRODUCTS.flatMap((p) => p.colours.map((c) => c.name)));
    for (const name of ['Black', 'White', 'Navy', 'Bottle Green', 'Maroon', 'Mustard'])
      expect(names, name).toContain(name);
    // A size sold out in one colour and left in another, so a shopper can buy it in that one.
    expect(
      several.some((p) =>
        p.sizes.some(
          ({ size }) =>
            p.colours.some((c) => c.sizes.find((s) => s.size === size)!.quantity === 0) &&
            p.colours.some((c) => c.sizes.find((s) => s.size === size)!.quantity > 0),
        ),
      ),
    ).toBe(true);
    // A whole colour sold out beside one in stock, and "Only N left" in some colour and size.
    const pairs = several.flatMap((p) => p.colours.flatMap((c) => c.sizes));
    expect(pairs.some((s) => s.quantity > 0 && s.quantity <= LOW_STOCK)).toBe(true);
    // Colour-size pairs sold out on T-shirts still for sale, on many of them.
    const withSoldOutPair = several.filter(
      (p) => p.quantity > 0 && p.colours.some((c) => c.sizes.some((s) => s.quantity === 0)),
    );
    expect(withSoldOutPair.length).toBeGreaterThanOrEqual(10);
    expect(
      several.some(
        (p) => p.quantity > 0 && p.colours.some((c) => c.sizes.every((s) => s.quantity === 0)),
      ),
    ).toBe(true);
  });

  it('describes each T-shirt without naming a fabric colour: the swatches say which it comes in', () => {
    // Every word of every colour the catalog sells, and the other spelling of grey.
    const words = new Set(
      [...DEMO_PRODUCTS.flatMap((p) => p.colours.map((c) => c.name)), 'Gray'].flatMap((n) =>
        n.toLowerCase().split(' '),
      ),
    );
    expect(words).toContain('white');
    for (const p of DEMO_PRODUCTS) {
      const named = p.description
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((w) => words.has(w));
      expect(named, `${p.name}: ${p.description}`).toEqual([]);
    }
  });

  it('prints each colour in inks that show on it', () => {
    const vinyl = DEMO_PRODUCTS.find((p) => p.name === 'Stay Curious Tee')!;
    // Off-white type on black as designed; on white the same words in near-black.
    expect(vinyl.colours.map((c) => [c.name, c.art.ink[0]])).toEqual([
      ['Black', '#f5f5f2'],
      ['White', '#1e1e21'],
      ['Navy', '#f5f5f2'],
      ['Maroon', '#f5f5f2'],
    ]);
  });

  it('is the same catalog every time it is loaded (no randomness)', async () => {
    vi.resetModules();
    const again = await import('../demo-catalog.js');
    expect(again.DEMO_PRODUCTS).not.toBe(DEMO_PRODUCTS);
    expect(again.DEMO_PRODUCTS).toEqual(DEMO_PRODUCTS);
  });
});

describe('seedIfEmpty', () => {
  it('creates the demo catalog on an empty database', async () => {
    await seedIfEmpty(t.deps, FEW);
    expect((await Category.find({}, { name: 1 }).lean()).map((c) => c.name).sort()).toEqual(
      [...DEMO_CATEGORIES].sort(),
    );
    expect(await Product.countDocuments()).toBe(FEW.length);
    // Stored and answered with their sizes, as the demo catalog has them.
    const res = await t.request().get('/api/product/get-product').expect(200);
    const { AllProducts } = allProductsResponse.parse(res.body);
    for (const demo of FEW) {
      const p = AllProducts.find((a) => a.name === demo.name)!;
      expect(p.sizes, demo.name).toEqual(demo.sizes);
      expect(p.quantity, demo.name).toBe(demo.quantity);
    }
  });

  it('gives every product its own picture, served at every width', async () => {
    const res = await t.request().get('/api/product/get-product').expect(200);
    const { AllProducts } = allProductsResponse.parse(res.body);
    expect(AllProducts).toHaveLength(FEW.length);
    expect(new Set(AllProducts.map((p) => p.photo)).size).toBe(AllProducts.length);
    expect(new Set(AllProducts.map((p) => p.category.name)).size).toBeGreaterThanOrEqual(6);
    for (const p of AllProducts) expect(p.photos!.map((w) => w.width)).toEqual([...PHOTO_WIDTHS]);
    for (const w of AllProducts[0]!.photos!) {
      const photo = await t.request().get(w.url).buffer(true).expect(200);
      expect(await sharp(photo.body as Buffer).metadata(), w.url).toMatchObject({
        format: 'webp',
        width: w.width,
        height: w.width,
      });
    }
    // The newest-first list opens with a mix of categories.
    expect(new Set(AllProducts.slice(0, 7).map((p) => p.category.name)).size).toBe(7);
  });

  it('gives every colour three or four pictures: front, back, the print close up, folded or on a hanger', async () => {
    const fronts = new Set<string>();
    const backs = new Map<string, string>();
    const views = new Set<string>();
    const lengths = new Set<number>();
    for (const demo of FEW) {
      const res = await t.request().get(`/api/product/get-product/${slugify(demo.name)}`);
      expect(res.status).toBe(200);
      const { Aproduct: product } = res.body as {
        Aproduct: {
          colours: Array<{
            name: string;
            hex: string;
            sizes: unknown;
            images: Array<{
              url: string;
              alt: string;
              widths: Array<{ width: number; url: string }>;
            }>;
          }>;
        };
      };
      // The colours in the demo's order, each with its own stock per size.
      expect(product.colours.map((c) => [c.name, c.hex, c.sizes])).toEqual(
        demo.colours.map((c) => [c.name, c.hex, c.sizes]),
      );
      const alts = product.colours.flatMap((c) => c.images.map((i) => i.alt));
      expect(new Set(alts).size, demo.name).toBe(alts.length);
      for (const c of product.colours) {
        const prefix = `${demo.name} in ${c.name}, `;
        const kinds = c.images.map((i) => i.alt.slice(prefix.length));
        for (const i of c.images) expect(i.alt.startsWith(prefix), i.alt).toBe(true);
        expect(kinds.slice(0, 3)).toEqual(['front', 'back (plain)', 'close-up of the print']);
        expect(
          kinds.slice(3).every((k) => k === 'folded' || k === 'on a hanger'),
          kinds.join(),
        ).toBe(true);
        expect([3, 4]).toContain(c.images.length);
        lengths.add(c.images.length);
        for (const k of kinds) views.add(k);
        const [front, back] = c.images as [(typeof c.images)[0], (typeof c.images)[0]];
        expect(fronts.has(front.url), front.url).toBe(false);
        fronts.add(front.url);
        // One back per fabric, shared by every T-shirt in it.
        expect(backs.get(c.hex) ?? back.url).toBe(back.url);
        backs.set(c.hex, back.url);
        for (const image of c.images)
          expect(image.widths.map((w) => w.width)).toEqual([...PHOTO_WIDTHS]);
        // Every picture is served.
        for (const image of c.images)
          await t
            .request()
            .get(image.widths[0]!.url)
            .expect(200)
            .expect('content-type', 'image/webp');
      }
    }
    expect([...lengths].sort()).toEqual([3, 4]);
    expect([...views].sort()).toEqual(
      ['back (plain)', 'close-up of the print', 'folded', 'front', 'on a hanger'].sort(),
    );
    expect(new Set(backs.values()).size).toBe(backs.size);
    // Each view is drawn in its colour: below the print, the front is the fabric of that colour's
    // back, and the colours' fabrics differ.
    const sakura = FEW.find((p) => p.name === 'Sakura Drift Tee')!;
    const res = await t.request().get(`/api/product/get-product/${slugify(sakura.name)}`);
    const { colours } = (
      res.body as {
        Aproduct: {
          colours: Array<{
            hex: string;
            images: Array<{ url: string; widths: Array<{ url: string }> }>;
          }>;
        };
      }
    ).Aproduct;
    expect(colours).toHaveLength(3);
    const fabricOf = async (url: string) => {
      const photo = await t.request().get(url).buffer(true).expect(200);
      const { data } = await sharp(photo.body as Buffer)
        .extract({ left: 480, top: 700, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return `#${[...data.subarray(0, 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    };
    const fabrics: string[] = [];
    for (const c of colours) {
      const [front, back] = [await fabricOf(c.images[0]!.url), await fabricOf(c.images[1]!.url)];
      expect(distance(front, back), `${front} and ${back} for ${c.hex}`).toBeLessThan(12);
      for (const other of fabrics) expect(distance(front, other)).toBeGreaterThan(30);
      fabrics.push(front);
    }
  });

  it('does nothing when the catalog is not empty, or when the demo catalog is turned off', async () => {
    await seedIfEmpty(t.deps, FEW);
    expect(await Product.countDocuments()).toBe(FEW.length);

    await Product.deleteMany({});
    await seedIfEmpty(t.deps, FEW); // categories remain: the shop is in use, leave it alone
    expect(await Product.countDocuments()).toBe(0);

    await Category.deleteMany({});
    const off = {
      ...t.deps,
      config: { ...t.config, seed: { ...t.config.seed, demoCatalog: false } },
    };
    await seedIfEmpty(off, FEW);
    expect(await Category.countDocuments()).toBe(0);
  });
});

describe('resetDemoCatalog (pnpm seed)', () => {
  it('replaces every product and category with the demo ones, deletes old photos, keeps users and orders', async () => {
    await seedIfEmpty(t.deps, FEW);
    const drawn = picturesOf(FEW[0]!, 0)[0]![0]!.photo.url;
    await t.request().get(drawn).expect(200);
    const admin = await t.createAdmin();
    const mine = await Category.create({
      name: 'Admin Made',
      nameKey: 'admin made',
      slug: 'admin-made',
    });
    const photo = await t.deps.photos.save({
      name: 'admin-tee-0123456789ab',
      variants: [
        {
          width: 320,
          data: await sharp({
            create: { width: 320, height: 320, channels: 3, background: '#000' },
          })
            .webp()
            .toBuffer(),
        },
      ],
    });
    await Product.create({
      name: 'Admin Tee',
      slug: 'admin-tee',
      description: 'x',
      price: 10,
      quantity: 1,
      category: mine._id,
      colours: [
        {
          name: 'Black',
          hex: '#111111',
          images: [{ ...photo, alt: 'Admin Tee' }],
          sizes: [{ size: 'One size', quantity: 1 }],
        },
      ],
    });
    await Product.updateMany({}, { $set: { quantity: 999 } });
    await mongoose.connection.collection('orders').insertOne({ marker: 'kept' });
    const users = await User.countDocuments();

    await resetDemoCatalog(t.deps, FEW);

    expect(await Product.countDocuments()).toBe(FEW.length);
    expect(await Product.exists({ name: 'Admin Tee' })).toBeNull();
    expect(await Category.exists({ name: 'Admin Made' })).toBeNull();
    expect(await Product.countDocuments({ quantity: 999 })).toBe(0);
    // The same stock per size as the first seed, every time.
    for (const demo of FEW) {
      const p = await Product.findOne({ name: demo.name }, { sizes: 1, quantity: 1 }).lean();
      expect(p?.sizes, demo.name).toEqual(demo.sizes);
      expect(p?.quantity, demo.name).toBe(demo.quantity);
    }
    expect(existsSync(fileOf(photo.url))).toBe(false);
    // A demo picture drawn before the reset is kept for the same picture after it.
    expect(existsSync(fileOf(drawn))).toBe(true);
    for (const p of await Product.find({}, { colours: 1 }).lean()) {
      const first = p.colours![0]!.images[0]!;
      for (const w of first.widths) await t.request().get(w.url).expect(200);
    }
    expect(await User.countDocuments()).toBe(users);
    expect(await User.exists({ _id: admin.id })).not.toBeNull();
    expect(await mongoose.connection.collection('orders').countDocuments({ marker: 'kept' })).toBe(
      1,
    );
  });

  // 41 pictures in a process of its own: minutes on a machine busy with other work.
  it(
    'runs as a command (the `pnpm seed` entry point) against the configured database',
    { timeout: 300_000 },
    async () => {
      const dbName = `seedcli_${Date.now()}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'seed-cli-'));
      const { stdout } = await promisify(execFile)('node', ['--import', 'tsx', 'src/seed/cli.ts'], {
        cwd: join(import.meta.dirname, '../../..'),
        env: {
          ...process.env,
          NODE_ENV: 'test',
          MONGODB_URI: new URL(dbName, inject('mongoUri')).toString(),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          JWT_SECRET: 'x'.repeat(40),
        },
        timeout: 290_000,
      });
      expect(stdout).toContain(
        `Demo catalog reset: 7 categories, ${DEMO_PRODUCTS.length} products`,
      );
      const other = mongoose.connection.useDb(dbName);
      // The whole catalog, each product with its pictures named at every width, none drawn
      // yet (they are drawn on their first request).
      const products = await other
        .collection('products')
        .find({}, { projection: { colours: 1 } })
        .toArray();
      expect(products).toHaveLength(DEMO_PRODUCTS.length);
      type Image = { key: string; widths: Array<{ width: number; url: string }> };
      for (const p of products) {
        for (const image of (p.colours as Array<{ images: Image[] }>).flatMap((c) => c.images)) {
          expect(image.widths.map((w) => w.width)).toEqual([...PHOTO_WIDTHS]);
          expect(demoDrawing(image.key), image.key).toBeDefined();
        }
      }
      expect(
        existsSync(join(dataDir, 'uploads')) ? readdirSync(join(dataDir, 'uploads')) : [],
      ).toEqual([]);
      expect(await other.collection('users').countDocuments({ role: 1 })).toBe(1);
      await other.dropDatabase();
    },
  );
});
