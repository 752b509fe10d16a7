/**
 * The built web app: hashed assets cached for a year, other files for an hour, and every other
 * GET answered with the app's page (client-side routes), prepared per URL (web-page.ts).
 */
import { join } from 'node:path';
import express, { Router } from 'express';
import type { Config } from '../../config/index.js';
import { createWebPage } from './web-page.js';

export function webAppRouter(config: Pick<Config, 'webDist'>): Router {
  const router = Router();
  const page = createWebPage(config.webDist);
  router.use(
    '/assets',
    express.static(join(config.webDist, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(express.static(config.webDist, { index: false, maxAge: '1h' }));
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = new URL(req.originalUrl, 'http://page');
    res.setHeader('Cache-Control', 'no-cache');
    // res.send tags the page with an ETag and answers a matching revalidation with 304.
    res.type('html').send(await page.html(url.pathname, url.search));
  });
  return router;
}
