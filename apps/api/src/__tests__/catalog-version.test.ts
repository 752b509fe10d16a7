/**
 * Reads share catalog-version lookups, yet never see a version older than a write of this
 * process that finished, nor than VERSION_FRESH_MS for another process's; a stock write's bump
 * is written before the write is acknowledged; the stock version reads show is decided in the
 * database, the same for every process.
 */
import mongoose from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bumpCatalogVersion,
  bumpStockVersion,
  catalogVersion,
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
// Later than the real clock that earlier reads wrote into the stock document (`shownAt`).
let now = Date.now() + 3_600_000;
afterEach(() => {
  vi.restoreAllMocks();
  settleStockVersion(0);
});
const useTestClock = (settleMs = 0) => settleStockVersion(settleMs, { now: () => now });

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

type StockMeta = { version: number; shown?: number; shownAt?: Date };
const stockMeta = async () =>
  (await CatalogMeta.collection.findOne({ _id: 'stock' as never })) as StockMeta | null;
/** The stock part of a `current` version: "<epoch>.<n>" after the catalog's. */
const shownNumber = (v: { current: string }) => Number(v.current.split('.').at(-1));

describe('stock writes with a settle time (STOCK_SETTLE_MS)', () => {
  it('are acknowledged only once their bump is written: nothing waits in memory', async () => {
    useTestClock(1000);
    const before = (await stockMeta())?.version ?? 0;
    await decrementStock([line]);
    expect((await stockMeta())!.version).toBe(before + 1);
    await restoreStock([line]);
    expect((await stockMeta())!.version).toBe(before + 2);
  });

  it('show a change after a quiet spell at once, and the next once the settle time has passed', async () => {
    useTestClock(1000);
    await bumpStockVersion();
    now += 5000; // a quiet spell
    const first = await catalogVersion();
    expect(shownNumber(first)).toBe((await stockMeta())!.version);
    await bumpStockVersion();
    now += 999;
    expect(await catalogVersion()).toEqual(first);
    now += 1;
    expect(shownNumber(await catalogVersion())).toBe((await stockMeta())!.version);
  });

  it('show the version another process moved to, until the settle time has passed, and move it in the database', async () => {
    useTestClock(1000);
    await bumpStockVersion();
    await bumpStockVersion();
    const latest = (await stockMeta())!.version;
    // Another replica moved what reads show to the version before, 400 ms ago. This process
    // has shown nothing yet: it shows that one too, not the latest.
    await CatalogMeta.collection.updateOne(
      { _id: 'stock' as never },
      { $set: { shown: latest - 1, shownAt: new Date(now - 400) } },
    );
    settleStockVersion(1000, { now: () => now }); // forgets this process's last lookup
    expect(shownNumber(await catalogVersion())).toBe(latest - 1);
    now += 599;
    expect(shownNumber(await catalogVersion())).toBe(latest - 1);
    now += 1;
    expect(shownNumber(await catalogVersion())).toBe(latest);
    expect(await stockMeta()).toMatchObject({ shown: latest, shownAt: new Date(now) });
  });

  it('move what reads show once when two readers find it due together: the other reads what won', async () => {
    useTestClock(1000);
    await bumpStockVersion();
    now += 5000;
    await catalogVersion();
    await bumpStockVersion();
    const latest = (await stockMeta())!.version;
    now += 5000;
    // Another replica's reader moves it first, between this reader's lookup and its write.
    const move = CatalogMeta.findOneAndUpdate.bind(CatalogMeta);
    vi.spyOn(CatalogMeta, 'findOneAndUpdate').mockImplementationOnce(((
      ...args: Parameters<typeof move>
    ) => ({
      lean: async () => {
        await CatalogMeta.collection.updateOne(
          { _id: 'stock' as never },
          { $set: { shown: latest, shownAt: new Date(now - 10) } },
        );
        return move(...args).lean();
      },
    })) as never);
    expect(shownNumber(await catalogVersion())).toBe(latest);
    expect(await stockMeta()).toMatchObject({ shown: latest, shownAt: new Date(now - 10) });
  });
});
