/**
 * GET /api/openapi.json: the API's description; GET /api/docs: a reference page for it
 * (Swagger UI, served from the shop's own files and working under its Content Security Policy:
 * no inline script, no outside host). Neither is part of the storefront's bundle.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Router } from 'express';
import { buildOpenApiDocument } from './document.js';

const swaggerUiDir = dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

/** The package's files the page uses: nothing else of it (its package.json, maps, demo pages) is served. */
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js']);

const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>T-Shirt Shop API reference</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

const START_JS = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

export function openApiRouter(): Router {
  const router = Router();
  let json: string | undefined;

  router.get('/openapi.json', (_req, res) => {
    json ??= JSON.stringify(buildOpenApiDocument());
    res.type('application/json').set('Cache-Control', 'no-cache').send(json);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').set('Cache-Control', 'no-cache').send(DOCS_HTML);
  });
  router.get('/docs/start.js', (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'no-cache').send(START_JS);
  });
  router.get('/docs/assets/:file', (req, res, next) => {
    if (!ASSETS.has(req.params.file)) return next();
    res.sendFile(req.params.file, { root: swaggerUiDir, maxAge: '1d' });
  });
  return router;
}
