/**
 * Release steps (release.ts): indexes, migrations and the first seed run under a lock in the
 * database, so copies started together on an empty database end with one admin and one demo
 * catalog; a copy that died holding the lock leaves it to the next once it has run out; a seed
 * a killed copy left half-done is seeded again whole; a catalog from before the seed's marker
 * is left alone.
 */
import mongoose from 'mongoose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '@repo/shared';
import { Lease } from '../lib/lease.js';
import { Category } from '../modules/categories/category.model.js';
import { Product } from '../modules/products/product.model.js';
import { User } from '../modules/users/user.model.js';
import { RELEASE_LEASE_MS, runReleaseSteps } from '../release.js';
import { DEMO_CATALOG_SEED } from '../seed/catalog-seed.js';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from '../seed/demo-catalog.js';
import { setupTestApp } from '../test/harness.js';

const t = await setupTestApp();
// One picture per category (rendering is the slow part).
const FEW = DEMO_CATEGORIES.map((c) => DEMO_PRODUCTS.find((p) => p.category === c)!);
const migrations = () => mongoose.connection.collection('migrations');
const steps = (options: { now?: () => number } = {}) =>
  runReleaseSteps(t.deps, { demoProducts: FEW, pollMs: 20, ...options });

beforeEach(async () => {
  await Promise.all([
    Product.deleteMany({}),
    Category.deleteMany({}),
    User.deleteMany({}),
    Lease.deleteMany({}),
    migrations().deleteMany({}),
  ]);
});

/** The shop's catalog and admins as a shopper and an operator would count them. */
async function counts() {
  return {
    admins: await User.countDocuments({ role: ROLES.admin }),
    categories: (await Category.find({}, { name: 1 }).lean()).map((c) => c.name).sort(),
    products: await Product.countDocuments(),
  };
}
const wholeCatalog = {
  admins: 1,
  categories: [...DEMO_CATEGORIES].sort(),
  products: FEW.length,
};

describe('release steps', () => {
  it('run once when copies start together on an empty database: one admin, one demo catalog', async () => {
    await Promise.all([steps(), steps(), steps()]);
    expect(await counts()).toEqual(wholeCatalog);
    expect(await migrations().findOne({ _id: DEMO_CATALOG_SEED as never })).toMatchObject({
      at: expect.any(Date),
    });
  });

  it('wait while a live copy holds the lock, and run once it has run out (the copy died)', async () => {
    let clock = Date.now();
    // A copy took the lock and died: nothing renews it.
    await Lease.create({ _id: 'release', owner: 'dead-copy', until: new Date(clock + 1000) });
    let done = false;
    const waiting = steps({ now: () => clock }).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 200)); // several polls
    expect(done).toBe(false);
    expect(await Product.countDocuments()).toBe(0);
    clock += RELEASE_LEASE_MS;
    await waiting;
    expect(await counts()).toEqual(wholeCatalog);
  });

  it('seed again whole a demo catalog a killed copy left half-done', async () => {
    // As a seeder killed mid-seed leaves it: begun, its categories written, no products.
    await migrations().insertOne({ _id: DEMO_CATALOG_SEED as never, startedAt: new Date() });
    await Category.insertMany(
      DEMO_CATEGORIES.map((name) => ({
        name,
        nameKey: name.toLowerCase(),
        slug: name.toLowerCase().replace(/\W+/g, '-'),
      })),
    );
    await steps();
    expect(await counts()).toEqual(wholeCatalog);
    await steps(); // and never again
    expect(await counts()).toEqual(wholeCatalog);
  });

  it('leave alone a catalog that was there before the seed kept its marker', async () => {
    await Category.create({ name: 'Shop Made', nameKey: 'shop made', slug: 'shop-made' });
    await steps();
    expect(await counts()).toEqual({ admins: 1, categories: ['Shop Made'], products: 0 });
  });

  it('say in the log that another copy runs them while waiting', async () => {
    const said = vi.spyOn(t.deps.logger, 'info');
    await Promise.all([steps(), steps()]);
    expect(said.mock.calls.map((c) => c[0])).toContain(
      'another copy is running the release steps: waiting for it',
    );
    said.mockRestore();
  });
});
