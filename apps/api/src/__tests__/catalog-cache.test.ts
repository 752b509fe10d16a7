/**
 * The catalog cache (lib/catalog-cache.ts): answers for one catalog version only, and
 * bounded in entries and in bytes, keys included, whatever is put in.
 */
import { describe, expect, it } from 'vitest';
import { CatalogCache } from '../lib/catalog-cache.js';

describe('the catalog cache', () => {
  it('gives a value back only for the version it was kept for', () => {
    const cache = new CatalogCache();
    cache.set('v1', 'read list:1', 'one', 6);
    expect(cache.get('v1', 'read list:1')).toBe('one');
    expect(cache.get('v2', 'read list:1')).toBeUndefined();
    cache.set('v2', 'read list:1', 'two', 6);
    expect(cache.get('v2', 'read list:1')).toBe('two');
    expect(cache.get('v1', 'read list:1')).toBeUndefined();
  });

  it('keeps at most its number of entries, dropping the least recently used', () => {
    const cache = new CatalogCache({ maxEntries: 3, maxBytes: 1_000_000 });
    for (const key of ['a', 'b', 'c']) cache.set('v', key, key, 2);
    cache.get('v', 'a');
    cache.set('v', 'd', 'd', 2);
    expect(cache.size).toBe(3);
    expect(cache.get('v', 'b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get('v', k))).toEqual(['a', 'c', 'd']);
  });

  it('keeps at most its bytes, counting the keys, and never one entry over a quarter of them', () => {
    const cache = new CatalogCache({ maxEntries: 1_000_000, maxBytes: 10_000 });
    for (let i = 0; i < 1_000; i++) cache.set('v', `search:${'x'.repeat(100)}${i}`, i, 100);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThan(1_000);
    cache.set('v', 'big', 'big', 2_600);
    expect(cache.get('v', 'big')).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
  });
});
