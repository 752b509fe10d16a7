/**
 * createApp(deps): the whole HTTP application, never listening itself, so tests drive it
 * with supertest. Order: the fast lane (repeated catalog reads, lib/fast-lane.ts), then
 * Express: security and parsing, /api routers, API 404, photos, the web app with its prepared pages
 * (modules/web), then the one error handler.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import cors from 'cors';
import express, { type Express, type Request } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { createAuth, createTokenSigner } from './lib/auth.js';
import { databaseAnswers, requireDatabase } from './lib/db-status.js';
import { refuseControlCharacters } from './lib/control-characters.js';
import { apiNotFound, DB_UNAVAILABLE, errorHandler, notFound } from './lib/errors.js';
import { CatalogCache } from './lib/catalog-cache.js';
import { CatalogReader } from './lib/cached-read.js';
import { settleStockVersion } from './lib/catalog-version.js';
import { FastLane, jsonBody } from './lib/fast-lane.js';
import { laneLogger, requestId, requestLogger, requestLogSerializers } from './lib/logger.js';
import { noStore } from './lib/no-store.js';
import { warnUntrustedProxy } from './lib/proxy-headers.js';
import type { AppDeps } from './lib/types.js';
import { authRouter } from './modules/auth/index.js';
import { usersRouter, adminUsersRouter, findSessionUser } from './modules/users/index.js';
import { categoriesRouter } from './modules/categories/index.js';
import {
  countProductsInCategory,
  currentStock,
  layStock,
  productsRouter,
} from './modules/products/index.js';
import {
  codStanding,
  discountTotals,
  isFirstOrder,
  ordersRouter,
  ordersShowPhoto,
} from './modules/orders/index.js';
import { adminCouponsRouter, couponsRouter } from './modules/coupons/index.js';
import { codRouter, paymentsRouter } from './modules/payments/index.js';
import { adminSettingsRouter, settingsRouter } from './modules/settings/index.js';
import { adminReviewsRouter, reviewsRouter } from './modules/reviews/index.js';
import { backInStockRouter } from './modules/back-in-stock/index.js';
import { deliveryRouter } from './modules/delivery/index.js';
import { gstAdminRouter } from './modules/gst/index.js';
import { webAppRouter } from './modules/web/index.js';
import { openApiRouter } from './openapi/openapi.router.js';
import { demoPictures } from './seed/demo-pictures.js';

/** CSP source expressions for each inline <script> of a page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1] ?? '')
    .filter((code) => code.trim() !== '')
    .map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
}

/**
 * The shop's request listener: the fast lane, then Express. `.express`, `.lane` and
 * `.catalogCache` are there for tests.
 */
export type App = RequestListener & {
  express: Express;
  lane: FastLane;
  catalogCache: CatalogCache;
};

/**
 * `stopping`: whether this process is shutting down (server.ts): /api/ready then answers 503, so
 * a load balancer sends the requests to another copy while this one finishes its own.
 */
export function createApp(deps: AppDeps, options: { stopping?: () => boolean } = {}): App {
  settleStockVersion(deps.config.stockSettleMs);
  // This app's catalog cache: the routers' answers, the fast lane's, the prepared pages, the
  // sitemap and the share pictures.
  const cache = new CatalogCache();
  const requestLog = requestLogger(deps.logger);
  const lane = new FastLane({
    logger: laneLogger(deps.logger),
    cache,
    cors: deps.config.corsOrigins.length > 0,
    clientAddress: (req) => clientAddressOf(app, req),
  });
  const app: Express = createExpressApp(
    deps,
    new CatalogReader(cache, { read: currentStock, lay: layStock }, lane),
    requestLog,
    options.stopping ?? (() => false),
  );
  return Object.assign(
    (req: Parameters<RequestListener>[0], res: Parameters<RequestListener>[1]) =>
      lane.handle(req, res, () => app(req, res)),
    { express: app, lane, catalogCache: cache },
  );
}

/** Express's `req.ip` (its TRUST_PROXY rule) for a request Express does not handle. */
function clientAddressOf(app: Express, req: IncomingMessage): string | undefined {
  const view = Object.assign(Object.create(app.request) as Request, {
    app,
    headers: req.headers,
    socket: req.socket,
    connection: req.socket,
  });
  return view.ip;
}

function createExpressApp(
  deps: AppDeps,
  catalog: CatalogReader,
  requestLog: Logger,
  stopping: () => boolean,
): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  if (config.trustProxy === false) app.use(warnUntrustedProxy(logger));
  app.set('etag', 'strong');

  app.use(
    pinoHttp({
      logger: requestLog,
      genReqId: (req, res) => {
        const id = requestId(req);
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/api/health' },
      serializers: requestLogSerializers,
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    }),
  );
  const indexHtml = join(config.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The payment provider's checkout script and frame must keep working; the web
          // app's own inline scripts (the theme set before first paint) are allowed by hash.
          'script-src': [
            "'self'",
            'https://checkout.razorpay.com',
            ...(hasWeb ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : []),
          ],
          'frame-src': ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
          'connect-src': ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
          'img-src': ["'self'", 'data:', 'blob:', 'https://res.cloudinary.com'],
          'style-src': ["'self'", "'unsafe-inline'"],
          // Local HTTP use must not be upgraded to https.
          'upgrade-insecure-requests': config.isProduction ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compression());
  if (config.corsOrigins.length) {
    app.use('/api', cors({ origin: config.corsOrigins, credentials: false }));
  }

  const auth = createAuth(
    createTokenSigner(config.jwt.secret, config.jwt.expiresIn),
    findSessionUser,
  );
  const api = express.Router();
  api.use(refuseControlCharacters);
  api.get('/health', (_req, res) => {
    res.json({ status: 'ok', db: deps.db.kind });
  });
  // Ready: not while this process stops, nor while the database does not answer it (a process
  // whose event loop is stuck answers nothing: its primary ends it, see cluster.ts).
  api.get('/ready', async (_req, res) => {
    const ok = !stopping() && (await databaseAnswers());
    res
      .status(ok ? 200 : 503)
      .json(ok ? { status: 'ready' } : { success: false, message: DB_UNAVAILABLE });
  });
  api.use(openApiRouter());
  api.use(requireDatabase);
  // The webhook needs the raw body for its signature: the payments router parses its own.
  api.use('/payment', paymentsRouter(deps, auth));
  api.use(jsonBody({ limit: '100kb' }));
  // Sessions, accounts and orders are one person's: never kept by a cache.
  api.use('/auth', noStore, authRouter(deps, auth));
  api.use('/user', noStore, usersRouter(deps, auth));
  api.use('/all-user', noStore, adminUsersRouter(deps, auth));
  // The checks that look up the module above (a category's products, a photo's orders) are
  // passed down here, so modules only ever import the ones below them (docs/architecture.md).
  api.use('/category', categoriesRouter(deps, auth, catalog, countProductsInCategory));
  api.use('/product', reviewsRouter(deps, auth));
  api.use('/product', backInStockRouter(deps, auth));
  api.use('/product', productsRouter(deps, auth, catalog, ordersShowPhoto));
  api.use('/admin/reviews', adminReviewsRouter(auth));
  api.use('/orders/cod', noStore, codRouter(deps, auth));
  api.use('/orders', noStore, ordersRouter(deps, auth));
  api.use('/coupons', couponsRouter(deps, auth, isFirstOrder));
  api.use('/admin', noStore, adminCouponsRouter(auth, discountTotals));
  api.use('/settings', settingsRouter());
  api.use('/delivery', deliveryRouter(deps, auth, codStanding));
  api.use('/admin/settings', noStore, adminSettingsRouter(auth));
  api.use('/admin', noStore, gstAdminRouter(auth));
  api.use(apiNotFound);
  app.use('/api', api);

  // Photo files are content-addressed: cache them for a year. A demo picture not drawn yet is
  // drawn now (seed/demo-pictures.ts). A missing photo is a 404, never the web app's page.
  const pictures = demoPictures(config.uploadsDir);
  app.use(
    '/uploads',
    express.static(config.uploadsDir, { immutable: true, maxAge: '365d', index: false }),
    pictures.handler,
    (_req, _res, next) => next(notFound()),
  );

  if (hasWeb) app.use(webAppRouter(config, catalog, logger, pictures.read));
  app.use(errorHandler);
  return app;
}
