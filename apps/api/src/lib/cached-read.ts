/**
 * Catalog reads with HTTP revalidation and the in-process catalog cache (lib/catalog-cache.ts),
 * keyed on the catalog versions (lib/catalog-version.ts):
 * - GET answers carry `Cache-Control: public, max-age=0, must-revalidate` and an ETag made of
 *   the version and the read's key, so a revalidation whose ETag still matches is a 304 after
 *   one version lookup, without running the query or serialising anything.
 * - Each answer is computed once per catalog version: a change of names, prices, photos or
 *   categories (in any process) retires it. A change of stock alone does not: the answer's
 *   products get their current stock fields laid over them (read together, as one unit per
 *   product, once per stock version for every answer that shows them), and the JSON text is
 *   made again from the kept answer. So stock is as current as the version check, and a busy
 *   checkout costs reads a small indexed lookup instead of every query. A read whose choice of
 *   products depends on stock (the size filter: "in stock in M") is computed afresh at every
 *   stock version instead: an overlay could not add or drop products.
 * - The finished answer is handed to the fast lane (lib/fast-lane.ts), when there is one,
 *   which answers the same request again in front of Express while the versions hold.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { CatalogCache } from './catalog-cache.js';
import { catalogVersion, type CatalogVersion } from './catalog-version.js';
import type { FastLane } from './fast-lane.js';

export const CATALOG_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const shortHash = (s: string) => createHash('sha1').update(s).digest('base64url').slice(0, 12);

/** A product inside an answer: its stock fields are kept current. */
export interface StockHolder {
  _id: string;
}

/** A catalog read: the cache key of its answer and how to compute it (may throw an AppError). */
export interface CatalogRead<T = unknown> {
  key: string;
  compute: () => Promise<T>;
  /** The products the answer shows, when it shows any: their stock is laid over it. */
  products?(answer: T): StockHolder[];
  /** Which products the answer holds depends on stock: computed afresh when stock moves. */
  stockDecides?: boolean;
  /** An answer from the shop's settings, not the catalog: current for the settings version. */
  settings?: true;
}

/**
 * The products module's stock overlay: each product's current stock fields by id (read in one
 * query), and how to lay them over a product in a kept answer.
 */
export interface StockOverlay<S> {
  read(ids: string[]): Promise<Map<string, S>>;
  lay(product: StockHolder, stock: S): void;
}

/** A kept answer: the object itself, whose products' stock fields are overwritten in place. */
interface KeptAnswer {
  answer: unknown;
  products: StockHolder[];
}

/** The stock read for one version: per product, shared by every answer that shows it. */
const MAX_OVERLAY_PRODUCTS = 20_000;

/**
 * Answers catalog reads from the app's catalog cache, which the routers, the fast lane and the
 * web pages share; the stock it lays over answers is kept here, for the current stock version.
 */
export class CatalogReader<S = unknown> {
  private overlay = { version: '', stock: new Map<string, Promise<S | undefined>>() };

  constructor(
    readonly cache: CatalogCache,
    private readonly stock: StockOverlay<S>,
    private readonly lane?: FastLane,
  ) {}

  /** The version `read`'s answer is current for: with its stock when it shows products. */
  versionOf(version: CatalogVersion, read: CatalogRead): string {
    if (read.settings) return version.settings;
    return read.products || read.stockDecides ? version.current : version.catalog;
  }

  /** The JSON text of `read` at `version`: from the cache, else made and kept. */
  async text(version: CatalogVersion, read: CatalogRead): Promise<string> {
    const key = `read ${read.key}`;
    const at = this.versionOf(version, read);
    let text = this.cache.get<string>(at, key);
    if (text === undefined) {
      text =
        read.products && !read.stockDecides
          ? await this.withStock(version, await this.answer(version.catalog, read))
          : JSON.stringify(await read.compute());
      this.cache.set(at, key, text, text.length * 2);
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
      res.set('ETag', `"${this.versionOf(version, read)}.${shortHash(read.key)}"`);
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
    this.lane?.remember(req, res, version.current, text, read.key);
  }

  /** The answer object of a read that shows products, computed once per catalog version. */
  private async answer(catalog: string, read: CatalogRead): Promise<KeptAnswer> {
    const key = `answer ${read.key}`;
    let kept = this.cache.get<KeptAnswer>(catalog, key);
    if (kept === undefined) {
      const answer = await read.compute();
      kept = { answer, products: read.products!(answer).filter(Boolean) };
      // Parsed objects take several times their JSON text.
      this.cache.set(catalog, key, kept, JSON.stringify(answer).length * 6);
    }
    return kept;
  }

  /** The answer's JSON with its products' stock as of `version`. */
  private async withStock(version: CatalogVersion, kept: KeptAnswer): Promise<string> {
    const stock = await Promise.all(kept.products.map((p) => this.stockOf(version.current, p)));
    // From here to the text nothing else runs: the objects hold this version's stock.
    kept.products.forEach((product, i) => {
      const current = stock[i];
      if (current !== undefined) this.stock.lay(product, current);
    });
    return JSON.stringify(kept.answer);
  }

  /** One product's stock fields for `version`: read once, in one query with its neighbours. */
  private stockOf(version: string, product: StockHolder): Promise<S | undefined> {
    if (this.overlay.version !== version || this.overlay.stock.size >= MAX_OVERLAY_PRODUCTS)
      this.overlay = { version, stock: new Map() };
    const { stock } = this.overlay;
    let found = stock.get(product._id);
    if (found === undefined) {
      // Every product asked for in this turn of the event loop shares one query.
      found = this.batch(product._id);
      stock.set(product._id, found);
      found.catch(() => stock.delete(product._id));
    }
    return found;
  }

  private pending: { ids: string[]; result: Promise<Map<string, S>> } | undefined;

  private async batch(id: string): Promise<S | undefined> {
    if (!this.pending) {
      const ids: string[] = [];
      const result = Promise.resolve().then(() => {
        this.pending = undefined;
        return this.stock.read(ids);
      });
      this.pending = { ids, result };
    }
    this.pending.ids.push(id);
    return (await this.pending.result).get(id);
  }
}
