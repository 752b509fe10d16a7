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
/** The gathered stock bump's timer: the test fires it (`fire()`), nothing waits for real time. */
let due: { fn: () => void; ms: number } | undefined;
const fire = () => {
  const timer = due!;
  due = undefined;
  timer.fn();
};
afterEach(() => {
  vi.restoreAllMocks();
  settleStockVersion(0);
  due = undefined;
});
/** What the app's log would hear of refused gathered bumps. */
const refusals: unknown[] = [];
const useTestClock = (settleMs = 0) =>
  settleStockVersion(settleMs, {
    now: () => now,
    schedule: (fn, ms) => {
      due = { fn, ms };
      return () => (due = undefined);
    },
    onRefused: (err) => refusals.push(err),
  });

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

/** A settle time of 1 s on the test's clock: the versions shown now, then a quiet spell. */
async function shownBeforeAQuietSpell(): Promise<string> {
  useTestClock(1000);
  const shown = (await catalogVersion()).current;
  now += 5000; // the next stock version shows once written
  return shown;
}

describe('stock writes with a settle time (STOCK_SETTLE_MS)', () => {
  it('gather their bumps into one, written a tenth of the settle time later', async () => {
    const stockOf = async () => (await catalogVersion()).current;
    const before = await shownBeforeAQuietSpell();
    const bumps = vi.spyOn(CatalogMeta, 'updateOne');
    await decrementStock([line]);
    await decrementStock([line]);
    await decrementStock([line]);
    // The writes did not wait for a bump: one is gathered, due 100 ms on.
    expect(bumps).not.toHaveBeenCalled();
    expect(due?.ms).toBe(100);
    fire();
    await flushStockVersion(); // waits for the bump being written
    expect(bumps).toHaveBeenCalledTimes(1);
    expect(await stockOf()).not.toBe(before);
    await restoreStock([{ ...line, quantity: 3 }]);
    fire();
    await flushStockVersion();
  });

  it('write a gathered bump at once when flushed (shutdown), and only once', async () => {
    const before = await shownBeforeAQuietSpell();
    const bumps = vi.spyOn(CatalogMeta, 'updateOne');
    await decrementStock([line]);
    await flushStockVersion();
    expect(due).toBeUndefined(); // its timer is cancelled
    expect(bumps).toHaveBeenCalledTimes(1);
    expect((await catalogVersion()).current).not.toBe(before);
    await flushStockVersion(); // nothing left to write
    expect(bumps).toHaveBeenCalledTimes(1);
    await restoreStock([line]);
    await flushStockVersion();
  });

  it('flush after the bump its timer started, so a read right after sees it', async () => {
    const before = await shownBeforeAQuietSpell();
    await decrementStock([line]);
    fire(); // the bump is being written…
    await flushStockVersion(); // …and the flush waits for it
    expect((await catalogVersion()).current).not.toBe(before);
    await restoreStock([line]);
    await flushStockVersion();
  });

  it('flush after every bump being written, one its timer started meanwhile included', async () => {
    useTestClock(1000);
    const stockVersion = async () =>
      (
        (await CatalogMeta.collection.findOne({ _id: 'stock' as never })) as {
          version?: number;
        } | null
      )?.version ?? 0;
    const start = await stockVersion();
    // Each bump's write is held until the test lets it through.
    const write = CatalogMeta.updateOne.bind(CatalogMeta);
    const held: Array<{ release: () => void; done: Promise<unknown> }> = [];
    vi.spyOn(CatalogMeta, 'updateOne').mockImplementation(((...args: Parameters<typeof write>) => {
      let release!: () => void;
      const done = new Promise((resolve) => (release = () => resolve(write(...args))));
      held.push({ release, done });
      return done;
    }) as never);
    await decrementStock([line]);
    fire(); // the first bump is being written
    await decrementStock([line]); // a second one is gathered
    let flushed = false;
    const flushing = flushStockVersion().then(() => (flushed = true));
    fire(); // its timer starts it while the flush waits for the first
    expect(held).toHaveLength(2);
    held[0]!.release();
    await held[0]!.done;
    await new Promise((resolve) => setImmediate(resolve)); // the flush has seen the first end
    expect(flushed).toBe(false); // the second is still being written
    held[1]!.release();
    await flushing;
    expect(await stockVersion()).toBe(start + 2);
    vi.restoreAllMocks();
    await restoreStock([{ ...line, quantity: 2 }]);
    await flushStockVersion();
  });

  it('try a gathered bump the database refused again, a settle time later', async () => {
    const before = await shownBeforeAQuietSpell();
    await decrementStock([line]);
    const refused = vi
      .spyOn(CatalogMeta, 'updateOne')
      .mockImplementationOnce(() => Promise.reject(new Error('database hiccup')) as never);
    refusals.length = 0;
    fire();
    await vi.waitFor(() => expect(due?.ms).toBe(1000), { timeout: 20_000 }); // tried again…
    expect(refused).toHaveBeenCalledTimes(1);
    expect(refusals).toEqual([new Error('database hiccup')]); // …and said so in the log
    expect((await catalogVersion()).current).toBe(before);
    fire(); // …and written this time
    await flushStockVersion();
    expect((await catalogVersion()).current).not.toBe(before);
    await restoreStock([line]);
    await flushStockVersion();
  });
});
