/**
 * /sitemap.xml: the home page, the static pages, every category's listing and every product,
 * with the product's last change as `lastmod`. Past 50,000 URLs (the protocol's limit per file)
 * /sitemap.xml becomes a sitemap index of /sitemap-<n>.xml files. Built once per catalog version,
 * kept in the app's catalog cache (lib/catalog-cache.ts).
 */
import type { CatalogCache } from '../../lib/catalog-cache.js';
import { catalogVersion } from '../../lib/catalog-version.js';
import { listCategories } from '../categories/index.js';
import { countProducts, sitemapProducts } from '../products/index.js';

/** URLs per sitemap file (the protocol allows 50,000). */
export const SITEMAP_LIMIT = 50_000;

/** The pages of the shop itself: home, About, the launch pages and the Privacy Policy. */
const STATIC_PATHS = ['/', '/about', '/contact', '/terms', '/shipping', '/returns', '/privacy'];

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const urlset = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;

const url = (loc: string, lastmod?: Date) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;

export function createSitemaps(cache: CatalogCache, limit = SITEMAP_LIMIT) {
  /** File n (from 0) holds URLs n·limit to (n+1)·limit − 1 of pages, categories, products. */
  async function build(origin: string, file: number | 'index'): Promise<string | undefined> {
    const categories = await listCategories();
    const fixed = [
      ...STATIC_PATHS.map((p) => url(origin + p)),
      ...categories.map((c) => url(`${origin}/?category=${c._id}`)),
    ];
    const total = fixed.length + (await countProducts());
    const files = Math.max(1, Math.ceil(total / limit));
    if (file === 'index') {
      if (files === 1) file = 0;
      else
        return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${Array.from(
          { length: files },
          (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
        ).join('\n')}\n</sitemapindex>\n`;
    }
    if (file >= files) return undefined;
    // The URLs in order (pages, categories, products), `limit` to a file.
    const start = file * limit;
    const end = start + limit;
    const head = fixed.slice(start, end);
    const skip = Math.max(0, start - fixed.length);
    const take = end - Math.max(start, fixed.length);
    const products = take > 0 ? await sitemapProducts(skip, take) : [];
    return urlset([
      ...head,
      ...products.map((p) =>
        url(`${origin}/product-detail/${encodeURIComponent(p.slug)}`, p.updatedAt),
      ),
    ]);
  }

  return {
    /** `index` for /sitemap.xml, n ≥ 1 for /sitemap-n.xml; undefined when there is no such file. */
    async xml(origin: string, file: number | 'index'): Promise<string | undefined> {
      const version = await catalogVersion();
      const key = `sitemap ${origin} ${file}`;
      // Current for the stock too: a product's lastmod moves with every sale.
      const cached = cache.get<string>(version.current, key);
      if (cached !== undefined) return cached === '' ? undefined : cached;
      const xml = await build(origin, file === 'index' ? 'index' : file - 1);
      cache.set(version.current, key, xml ?? '', (xml?.length ?? 0) * 2);
      return xml;
    },
  };
}
