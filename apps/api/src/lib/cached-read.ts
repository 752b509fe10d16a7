/**
 * Catalog reads with HTTP revalidation and the in-process catalog cache (lib/catalog-cache.ts),
 * both keyed on the catalog version (lib/catalog-version.ts):
 * - GET answers carry `Cache-Control: public, max-age=0, must-revalidate` and an ETag made of
 *   the catalog version and the read's key, so a revalidation whose ETag still matches is a
 *   304 after one lookup by _id, without running the query or serialising anything.
 * - The JSON text of each answer is kept for the current version; any catalog write (in any
 *   process) moves the version on and so retires every answer.
 * - The finished answer is handed to the fast lane (lib/fast-lane.ts), when there is one,
 *   which answers the same request again in front of Express while the version holds.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { CatalogCache } from './catalog-cache.js';
import { catalogVersion } from './catalog-version.js';
import type { FastLane } from './fast-lane.js';

export const CATALOG_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const shortHash = (s: string) => createHash('sha1').update(s).digest('base64url').slice(0, 12);

/** A catalog read: the cache key of its answer and how to compute it (may throw an AppError). */
export interface CatalogRead {
  key: string;
  compute: () => Promise<unknown>;
}

/** Answers catalog reads from the one catalog cache; the routers and the web pages share it. */
export class CatalogReader {
  constructor(
    readonly cache: CatalogCache,
    private readonly lane?: FastLane,
  ) {}

  /** The JSON text of `read` at `version`: from the cache, else computed and kept. */
  async text(version: string, read: CatalogRead): Promise<string> {
    const key = `read ${read.key}`;
    let text = this.cache.get<string>(version, key);
    if (text === undefined) {
      text = JSON.stringify(await read.compute());
      this.cache.set(version, key, text, text.length * 2);
    }
    return text;
  }

  /**
   * Answers a catalog read: 304 when the client's ETag is current, else the cached JSON, else
   * the computed one (errors are neither cached nor tagged).
   * POST reads (the filter) use the cache only: browsers never revalidate a POST.
   */
  async send(req: Request, res: Response, read: CatalogRead): Promise<void> {
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
      text = await this.text(version, read);
    } catch (err) {
      res.removeHeader('ETag');
      res.removeHeader('Cache-Control');
      throw err;
    }
    res.type('application/json').send(text);
    this.lane?.remember(req, res, version, text);
  }
}
