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

/**
 * The shop's origin in canonical URLs, Open Graph tags, JSON-LD, robots.txt and the sitemap (the
 * last two publicly cached): PUBLIC_URL, required in production. Without it (local use) the
 * request's Host is taken only when it names this machine as the shop answers to it (localhost,
 * a loopback address, or HOST), never a name a client made up; else http://localhost:PORT.
 */
export function originOf(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
): (req: Request) => string {
  const { publicUrl } = config;
  if (publicUrl) return () => publicUrl;
  const listening = ['0.0.0.0', '::'].includes(config.host) ? [] : [config.host];
  const answered = new Set(
    ['localhost', '127.0.0.1', '::1', ...listening].map((h) => (h.includes(':') ? `[${h}]` : h)),
  );
  const fallback = `http://localhost:${config.port}`;
  return (req) => {
    const host = (req.get('host') ?? '').toLowerCase();
    const [, name, port] = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/.exec(host) ?? [];
    return name && answered.has(name) ? `${req.protocol}://${name}${port ?? ''}` : fallback;
  };
}

export function webAppRouter(
  config: Pick<Config, 'webDist' | 'shopName' | 'publicUrl' | 'uploadsDir' | 'host' | 'port'>,
  catalog: CatalogReader,
  logger: Pick<Logger, 'error' | 'info'>,
  /** A photo file's bytes by its name under /uploads (a demo picture not drawn yet is drawn). */
  readUpload?: (fileName: string) => Promise<Buffer>,
): Router {
  const router = Router();
  const renderer = createServerRenderer(config.webDist, logger);
  const page = createWebPage(config.webDist, config.shopName, catalog, renderer);
  const sitemaps = createSitemaps(catalog.cache);
  const shareImages = createShareImages({
    cache: catalog.cache,
    shopName: config.shopName,
    uploadsDir: config.uploadsDir,
    ...(readUpload ? { readUpload } : {}),
  });
  const shopOrigin = originOf(config);

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
      .send(robotsTxt(shopOrigin(req)));
  });
  router.get(/^\/sitemap(?:-(\d+))?\.xml$/, async (req, res) => {
    const n = (req.params as Record<string, string | undefined>)[0];
    const xml = await sitemaps.xml(shopOrigin(req), n === undefined ? 'index' : Number(n));
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
    const { status, html, location } = await page.page(shopOrigin(req), url.pathname, url.search);
    if (location) {
      // A renamed product's old address. Kept by browsers for an hour, not for ever: a new
      // product may take the old address later.
      res.set('Cache-Control', 'public, max-age=3600').redirect(301, location);
      return;
    }
    // res.send tags the page with an ETag and answers a matching revalidation with 304.
    res.status(status).type('html').send(html);
  });
  return router;
}
