/** The demo catalog: created on first start with an empty catalog, and reset by `pnpm seed`. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { allProductsResponse, PHOTO_WIDTHS, PRICE_RANGES } from '@repo/shared';
import { setupTestApp } from '../../test/harness.js';
import { Category } from '../../modules/categories/index.js';
import { Product } from '../../modules/products/index.js';
import { User } from '../../modules/users/index.js';
import { resetDemoCatalog } from '../catalog-seed.js';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from '../demo-catalog.js';
import { seedIfEmpty } from '../index.js';

const t = await setupTestApp();
const uploads = join(t.config.dataDir, 'uploads');
const fileOf = (url: string) => join(uploads, url.replace(/^\/uploads\//, ''));

// The seeds here render one picture per category (7, not 41: rendering is the slow part); the
// command test at the end makes the whole catalog. How fast a first start seeds is bench's concern.
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
});

describe('seedIfEmpty', () => {
  it('creates the demo catalog on an empty database', async () => {
    await seedIfEmpty(t.deps, FEW);
    expect((await Category.find({}, { name: 1 }).lean()).map((c) => c.name).sort()).toEqual(
      [...DEMO_CATEGORIES].sort(),
    );
    expect(await Product.countDocuments()).toBe(FEW.length);
  });

  it('gives every product its own picture, stored at every width', async () => {
    const res = await t.request().get('/api/product/get-product').expect(200);
    const { AllProducts } = allProductsResponse.parse(res.body);
    expect(AllProducts).toHaveLength(FEW.length);
    expect(new Set(AllProducts.map((p) => p.photo)).size).toBe(AllProducts.length);
    expect(new Set(AllProducts.map((p) => p.category.name)).size).toBeGreaterThanOrEqual(6);
    for (const p of AllProducts) {
      expect(p.photos!.map((w) => w.width)).toEqual([...PHOTO_WIDTHS]);
      for (const w of p.photos!) expect(existsSync(fileOf(w.url)), w.url).toBe(true);
    }
    const meta = await sharp(fileOf(AllProducts[0]!.photo)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 960, height: 960 });
    // The newest-first list opens with a mix of categories.
    expect(new Set(AllProducts.slice(0, 7).map((p) => p.category.name)).size).toBe(7);
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
      photo,
    });
    await Product.updateMany({}, { $set: { quantity: 999 } });
    await mongoose.connection.collection('orders').insertOne({ marker: 'kept' });
    const users = await User.countDocuments();

    await resetDemoCatalog(t.deps, FEW);

    expect(await Product.countDocuments()).toBe(FEW.length);
    expect(await Product.exists({ name: 'Admin Tee' })).toBeNull();
    expect(await Category.exists({ name: 'Admin Made' })).toBeNull();
    expect(await Product.countDocuments({ quantity: 999 })).toBe(0);
    expect(existsSync(fileOf(photo.url))).toBe(false);
    for (const p of await Product.find({}, { photo: 1 }).lean()) {
      for (const w of p.photo!.widths) expect(existsSync(fileOf(w.url))).toBe(true);
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
      // The whole catalog, each product with its picture stored at every width.
      const products = await other
        .collection('products')
        .find({}, { projection: { photo: 1 } })
        .toArray();
      expect(products).toHaveLength(DEMO_PRODUCTS.length);
      for (const p of products) {
        expect(p.photo.widths.map((w: { width: number }) => w.width)).toEqual([...PHOTO_WIDTHS]);
        for (const w of p.photo.widths as { url: string }[])
          expect(
            existsSync(join(dataDir, 'uploads', w.url.replace(/^\/uploads\//, ''))),
            w.url,
          ).toBe(true);
      }
      expect(await other.collection('users').countDocuments({ role: 1 })).toBe(1);
      await other.dropDatabase();
    },
  );
});
