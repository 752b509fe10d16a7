/**
 * The in-process cache of catalog answers. Each app has one (createApp: one per process),
 * shared by its catalog routers (lib/cached-read.ts), its fast lane
 * (lib/fast-lane.ts) and its prepared web pages, sitemap and share pictures (modules/web). Each
 * entry belongs to the catalog version it was made for (lib/catalog-version.ts) and is never
 * returned for another; entries of older versions are simply the least recently used and go
 * first. (Kept apart, and smaller: the stock laid over answers, for the current stock version
 * only, in cached-read.ts, and the version lookup's answer for 10 ms, in catalog-version.ts.)
 *
 * Bounded in entries and in bytes (the key counts too: keys are made of what clients send);
 * an entry larger than a quarter of the bytes is not kept at all.
 */
import { LRUCache } from 'lru-cache';

export interface CatalogCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
}

interface Entry {
  version: string;
  value: unknown;
  bytes: number;
}

export const CATALOG_CACHE_LIMITS = { maxEntries: 5_000, maxBytes: 48 * 1024 * 1024 };

export class CatalogCache {
  private readonly entries: LRUCache<string, Entry>;
  readonly maxBytes: number;

  constructor({
    maxEntries = CATALOG_CACHE_LIMITS.maxEntries,
    maxBytes = CATALOG_CACHE_LIMITS.maxBytes,
  }: CatalogCacheOptions = {}) {
    this.maxBytes = maxBytes;
    this.entries = new LRUCache<string, Entry>({
      max: maxEntries,
      maxSize: maxBytes,
      maxEntrySize: maxBytes / 4,
      // UTF-16 keys: two bytes a character.
      sizeCalculation: (entry, key) => entry.bytes + key.length * 2,
    });
  }

  /** The value kept under `key` for `version`, if any. */
  get<T>(version: string, key: string): T | undefined {
    const entry = this.entries.get(key);
    return entry?.version === version ? (entry.value as T) : undefined;
  }

  /** Whether anything is kept under `key`, whatever its version (no recency touch). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keeps `value` (about `bytes` large) under `key` for `version`. */
  set(version: string, key: string, value: unknown, bytes: number): void {
    this.entries.set(key, { version, value, bytes });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes counted for every entry and key kept. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}
