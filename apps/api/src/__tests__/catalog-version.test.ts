/** Reads share catalog-version lookups, yet never see a version older than a finished write. */
import mongoose from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bumpCatalogVersion, catalogVersion } from '../lib/catalog-version.js';
import { setupTestApp } from '../test/harness.js';

await setupTestApp();
const CatalogMeta = mongoose.model('CatalogMeta');

afterEach(() => vi.restoreAllMocks());

describe('catalog version', () => {
  it('answers many concurrent reads with at most two lookups', async () => {
    await bumpCatalogVersion();
    const lookups = vi.spyOn(CatalogMeta, 'find');
    const versions = await Promise.all(Array.from({ length: 50 }, () => catalogVersion()));
    expect(new Set(versions.map((v) => v.current)).size).toBe(1);
    expect(lookups.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('gives a read that arrives after a write the new version, even while an older lookup runs', async () => {
    await bumpCatalogVersion();
    const before = await catalogVersion();
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
});
