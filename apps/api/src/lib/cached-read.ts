/**
 * Catalog reads with HTTP revalidation and an in-process cache, both keyed on the catalog
 * version (lib/catalog-version.ts):
 * - GET answers carry `Cache-Control: public, max-age=0, must-revalidate` and an ETag made of
 *   the catalog version and the request's key, so a revalidation whose ETag still matches is a
 *   304 after one lookup by _id, without running the query or serialising anything.
 * - The JSON text of each answer is kept in a small LRU map for the current version; any
 *   catalog write (in any process) moves the version on and so retires every entry.
 * - The finished answer is handed to the fast lane (lib/fast-lane.ts), which answers the same
 *   request again in front of Express while the version holds.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { catalogVersion } from './catalog-version.js';
import type { FastLane } from './fast-lane.js';

export const CATALOG_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const MAX_ENTRIES = 500;
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * A least-recently-used map whose entries all belong to one catalog version: storing an entry
 * for a newer version drops every older one. Sizes are counted by `sizeOf` (default: a string's
 * length).
 */
export class VersionedCache<T = string> {
  private version = '';
  private bytes = 0;
  private readonly entries = new Map<string, T>();

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxBytes = MAX_BYTES,
    private readonly sizeOf: (value: T) => number = (value) => String(value).length,
  ) {}

  get(version: string, key: string): T | undefined {
    if (version !== this.version) return undefined;
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Whether an entry for `key` is kept, whatever its version (no LRU touch). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  set(version: string, key: string, value: T): void {
    if (version !== this.version) {
      this.entries.clear();
      this.bytes = 0;
      this.version = version;
    }
    const size = this.sizeOf(value);
    if (size > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old !== undefined) this.bytes -= this.sizeOf(old);
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += size;
    for (const [oldest, kept] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= this.sizeOf(kept);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

const shortHash = (s: string) => createHash('sha1').update(s).digest('base64url').slice(0, 12);

/** A catalog read: the cache key of its answer and how to compute it (may throw an AppError). */
export interface CatalogRead {
  key: string;
  compute: () => Promise<unknown>;
}

/** The JSON text of `read` at `version`: from the cache, else computed and kept. */
export async function cachedText(
  cache: VersionedCache,
  version: string,
  read: CatalogRead,
): Promise<string> {
  let text = cache.get(version, read.key);
  if (text === undefined) {
    text = JSON.stringify(await read.compute());
    cache.set(version, read.key, text);
  }
  return text;
}

/**
 * Answers a catalog read: 304 when the client's ETag is current, else the cached JSON, else
 * the computed one (errors are neither cached nor tagged).
 * POST reads (the filter) use the cache only: browsers never revalidate a POST.
 */
export async function sendCatalogRead(
  req: Request,
  res: Response,
  cache: VersionedCache,
  read: CatalogRead,
): Promise<void> {
  const version = await catalogVersion();
  const http = req.method === 'GET' || req.method === 'HEAD';
  if (http) {
    res.set('Cache-Control', CATALOG_CACHE_CONTROL);
    res.set('ETag', `"${version}.${shortHash(read.key)}"`);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
  }
  let text: string;
  try {
    text = await cachedText(cache, version, read);
  } catch (err) {
    res.removeHeader('ETag');
    res.removeHeader('Cache-Control');
    throw err;
  }
  res.type('application/json').send(text);
  (req.app.locals.fastLane as FastLane | undefined)?.remember(req, res, version, text);
}
