/**
 * Reads share catalog-version lookups, yet never see a version older than a write of this
 * process that finished, nor than VERSION_FRESH_MS for another process's; stock writes' bumps
 * are gathered.
 */
import mongoose from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bumpCatalogVersion,
  catalogVersion,
  flushStockVersion,
  settleStockVersion,
  VERSION_FRESH_MS,
} from '../lib/catalog-version.js';
import { decrementStock, restoreStock } from '../modules/products/index.js';
import { insertProducts, makeCategory } from '../modules/products/__tests__/fixtures.js';
import { setupTestApp } from '../test/harness.js';

await setupTestApp();
const CatalogMeta = mongoose.model('CatalogMeta');
const [product] = await insertProducts([
  {
    name: 'Gathered Tee',
    price: 400,
    category: await makeCategory('Gathered'),
    sizes: [{ size: 'M', quantity: 5 }],
  },
]);
const line = { productId: product!.id, size: 'M', quantity: 1 };

/** The versions' clock, moved by the test (the settle time stays 0 unless a test sets it). */
let now = 1_000_000;
afterEach(() => {
  vi.restoreAllMocks();
  settleStockVersion(0);
});
const useTestClock = (settleMs = 0) => settleStockVersion(settleMs, () => now);

describe('catalog version', () => {
  it('answers many concurrent reads with at most two lookups', async () => {
    await bumpCatalogVersion();
    const lookups = vi.spyOn(CatalogMeta, 'find');
    const versions = await Promise.all(Array.from({ length: 50 }, () => catalogVersion()));
    expect(new Set(versions.map((v) => v.current)).size).toBe(1);
    expect(lookups.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('gives a read that arrives after a write the new version, even while an older lookup runs', async () => {
    useTestClock();
    await bumpCatalogVersion();
    const before = await catalogVersion();
    now += VERSION_FRESH_MS; // the next read looks up again
    // The first lookup reads before the write, then is held until the test lets it answer.
    let hasRead!: () => void;
    const read = new Promise<void>((resolve) => (hasRead = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const find = CatalogMeta.find.bind(CatalogMeta);
    vi.spyOn(CatalogMeta, 'find').mockImplementationOnce(((...args: Parameters<typeof find>) => ({
      lean: async () => {
        const meta: unknown = await find(...args).lean();
        hasRead();
        await released;
        return meta;
      },
    })) as never);
    const early = catalogVersion();
    await read;
    await bumpCatalogVersion();
    const late = catalogVersion(); // arrives while the early lookup is still held
    release();
    expect(await early).toEqual(before);
    expect((await late).catalog).not.toBe(before.catalog);
  });

  it('recovers after a failed lookup', async () => {
    vi.spyOn(CatalogMeta, 'find').mockImplementationOnce(() => {
      throw new Error('database hiccup');
    });
    await expect(catalogVersion()).rejects.toThrow('database hiccup');
    await expect(catalogVersion()).resolves.toMatchObject({ catalog: expect.stringMatching(/\./) });
  });

  it("answers reads within VERSION_FRESH_MS from the last lookup, and sees another process's write after it", async () => {
    useTestClock();
    await bumpCatalogVersion();
    const first = await catalogVersion();
    const lookups = vi.spyOn(CatalogMeta, 'find');
    // Another API process bumps the version: written straight to the collection, not through
    // this process's bump.
    await CatalogMeta.collection.updateOne({ _id: 'catalog' as never }, { $inc: { version: 1 } });
    now += VERSION_FRESH_MS - 1;
    expect(await catalogVersion()).toEqual(first);
    expect(lookups).not.toHaveBeenCalled();

    now += 1;
    const next = await catalogVersion();
    expect(lookups).toHaveBeenCalledTimes(1);
    expect(next.catalog).not.toBe(first.catalog);
  });

  it("sees this process's own write at once, within VERSION_FRESH_MS", async () => {
    useTestClock();
    const first = await catalogVersion();
    await bumpCatalogVersion();
    expect((await catalogVersion()).catalog).not.toBe(first.catalog);
  });
});

describe('stock writes with a settle time (STOCK_SETTLE_MS)', () => {
  it('gather their bumps into one, written by its timer within a tenth of the settle time', async () => {
    useTestClock(1000);
    const stockOf = async () => (await catalogVersion()).current;
    const before = await stockOf();
    now += 5000; // a quiet spell: the next stock version shows once written
    const bumps = vi.spyOn(CatalogMeta, 'updateOne');
    await decrementStock([line]);
    await decrementStock([line]);
    await decrementStock([line]);
    // The writes did not wait for a bump; the gathered one is written by its timer.
    expect(bumps).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(bumps).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    await vi.waitFor(async () => expect(await stockOf()).not.toBe(before), { timeout: 20_000 });
    expect(bumps).toHaveBeenCalledTimes(1);
    await restoreStock([{ ...line, quantity: 3 }]);
    await flushStockVersion();
  });

  it('write a gathered bump at once when flushed (shutdown), and only once', async () => {
    useTestClock(1000);
    const before = (await catalogVersion()).current;
    now += 5000;
    const bumps = vi.spyOn(CatalogMeta, 'updateOne');
    await decrementStock([line]);
    await flushStockVersion();
    expect(bumps).toHaveBeenCalledTimes(1);
    expect((await catalogVersion()).current).not.toBe(before);
    await flushStockVersion(); // nothing left to write
    expect(bumps).toHaveBeenCalledTimes(1);
    await restoreStock([line]);
    await flushStockVersion();
  });
});
