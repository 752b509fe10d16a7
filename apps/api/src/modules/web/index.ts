/**
 * The built web app: hashed assets cached for a year, other files for an hour, robots.txt, the
 * sitemap and share pictures, and every other GET answered with the app's page (client-side
 * routes), prepared per URL with its own head and status (web-page.ts, seo.ts), the storefront's
 * public pages rendered on the server (server-render.ts).
 */
import { join } from 'node:path';
import express, { Router, type Request } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../../config/index.js';
import type { CatalogReader } from '../../lib/cached-read.js';
import { robotsTxt } from './seo.js';
import { createShareImages } from './share-image.js';
import { createSitemaps } from './sitemap.js';
import { createServerRenderer } from './server-render.js';
import { createWebPage } from './web-page.js';

export function webAppRouter(
  config: Pick<Config, 'webDist' | 'shopName' | 'publicUrl' | 'dataDir'>,
  catalog: CatalogReader,
  logger: Pick<Logger, 'error' | 'info'>,
): Router {
  const router = Router();
  const renderer = createServerRenderer(config.webDist, logger);
  const page = createWebPage(config.webDist, config.shopName, catalog, renderer);
  const sitemaps = createSitemaps(catalog.cache);
  const shareImages = createShareImages({
    cache: catalog.cache,
    shopName: config.shopName,
    uploadsDir: join(config.dataDir, 'uploads'),
  });
  /** PUBLIC_URL, else the origin the request came to (behind a proxy: see TRUST_PROXY). */
  const originOf = (req: Request) => config.publicUrl ?? `${req.protocol}://${req.get('host')}`;

  router.use(
    '/assets',
    express.static(join(config.webDist, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.get('/robots.txt', (req, res) => {
    res
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(originOf(req)));
  });
  router.get(/^\/sitemap(?:-(\d+))?\.xml$/, async (req, res) => {
    const n = (req.params as Record<string, string | undefined>)[0];
    const xml = await sitemaps.xml(originOf(req), n === undefined ? 'index' : Number(n));
    if (xml === undefined) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(xml);
  });
  router.get(/^\/share\/(?:site|product\/([^/]+))\.png$/, async (req, res) => {
    const slug = (req.params as Record<string, string | undefined>)[0];
    let png: Buffer | undefined;
    try {
      png = await shareImages.png(
        slug === undefined ? { site: true } : { slug: decodeURIComponent(slug) },
      );
    } catch {
      png = undefined;
    }
    if (!png) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.type('image/png').set('Cache-Control', 'public, max-age=3600').send(png);
  });
  const files = express.static(config.webDist, { index: false, maxAge: '1h' });
  // The server renderer (server/) is the API's to load, not a file to serve.
  router.use((req, res, next) =>
    req.path.startsWith('/server/') ? next() : files(req, res, next),
  );
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = new URL(req.originalUrl, 'http://page');
    res.setHeader('Cache-Control', 'no-cache');
    const { status, html } = await page.page(originOf(req), url.pathname, url.search);
    // res.send tags the page with an ETag and answers a matching revalidation with 304.
    res.status(status).type('html').send(html);
  });
  return router;
}
