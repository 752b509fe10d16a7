/**
 * The one configuration object, parsed from the environment with zod at start-up.
 * A bad or missing variable stops the process with a message naming it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SHOP_NAME } from '@repo/shared/constants';
import { z } from 'zod';
import { ensurePrivateDirSync } from '../lib/private-files.js';
import {
  parseDuration,
  parseTrustProxy,
  weakPasswordReason,
  weakSecretReason,
} from './strength.js';

/** The repository root: the nearest folder above this file holding pnpm-workspace.yaml. */
export function findRepoRoot(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  while (!existsSync(join(dir, 'pnpm-workspace.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The interface to listen on: this machine only unless told otherwise (docker-compose: 0.0.0.0). */
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  MONGODB_URI: optionalString.pipe(
    z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
      .optional(),
  ),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  JWT_EXPIRES_IN: z.string().default('7d'),
  SEED_ADMIN_EMAIL: optionalString,
  SEED_ADMIN_PASSWORD: optionalString,
  SEED_DEMO_CATALOG: bool.default(true),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('T-Shirt Shop <no-reply@tshirt-shop.local>'),
  CLOUDINARY_URL: optionalString.pipe(
    z
      .string()
      .regex(/^cloudinary:\/\//, 'must start with cloudinary://')
      .optional(),
  ),
  /** Where the Cloudinary SDK sends uploads (default: Cloudinary's own API); tests point it at a loopback stand-in. */
  CLOUDINARY_UPLOAD_PREFIX: optionalString.pipe(z.url().optional()),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  /** Where the Razorpay SDK sends its calls; tests point it at a loopback stand-in. */
  RAZORPAY_API_URL: optionalString.pipe(z.url().optional()),
  /** The sandbox provider's signing secrets (default: derived from the JWT secret). */
  SANDBOX_KEY_SECRET: optionalString,
  SANDBOX_WEBHOOK_SECRET: optionalString,
  /** Identical worker processes `npm start` runs (cluster.ts): default the number of cores (1 with NODE_ENV=test); 1 = one process, no cluster. */
  WEB_CONCURRENCY: optionalString
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(1).max(256).optional()),
  /** How long a worker may leave its primary's heartbeat unanswered before it is replaced (ms). */
  WORKER_TIMEOUT_MS: z.coerce.number().int().min(300).max(600_000).default(30_000),
  /** A serving process with no request for this long collects its garbage once (lib/idle-gc.ts), in ms; 0 = never (default 5000; 0 in tests). */
  IDLE_GC_MS: optionalString
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(0).max(3_600_000).optional()),
  /** A folder every replica mounts (NFS, EFS, a shared volume): photos are stored there instead of DATA_DIR/uploads. */
  SHARED_UPLOADS_DIR: optionalString,
  /** How often reconciliation looks for checkouts due a check (refunds: every 10th time); 0 = never (default 30 s, off in tests). */
  RECONCILE_INTERVAL_MS: optionalString
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(0).optional()),
  /** How often the stock catalog reads show may move on, in ms (default 1000; 0 in tests: every change at once). */
  STOCK_SETTLE_MS: optionalString
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(0).max(60_000).optional()),
  CORS_ORIGINS: optionalString,
  TRUST_PROXY: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_ENABLED: bool.default(true),
  WEB_DIST: optionalString,
  SHOP_NAME: z.string().default(DEFAULT_SHOP_NAME),
  /** The shop's public origin for canonical URLs, the sitemap and share links (default: the request's host). */
  PUBLIC_URL: optionalString.pipe(
    z
      .url()
      .regex(/^https?:\/\/[^/]+\/?$/, 'must be an origin such as https://shop.example.com')
      .optional(),
  ),
  /** bcrypt's cost factor: 12 (about a quarter of a second a hash); tests use 4; never below 12 in production. */
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  /** bcrypt hashes running at once, each on a worker thread (default: half the cores, at least 1). */
  PASSWORD_HASH_THREADS: optionalString
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(1).max(64).optional()),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  shopName: string;
  /** e.g. https://shop.example.com (no trailing slash); undefined (never in production): see modules/web. */
  publicUrl: string | undefined;
  dataDir: string;
  mongoUri: string | undefined;
  jwt: { secret: string; expiresIn: string };
  seed:
    | { adminEmail: string; adminPassword: string; demoCatalog: boolean }
    | { adminEmail?: string; adminPassword?: string; demoCatalog: boolean };
  mail: { smtpUrl: string | undefined; from: string };
  cloudinaryUrl: string | undefined;
  cloudinaryUploadPrefix: string | undefined;
  razorpay: { keyId: string; keySecret: string; webhookSecret: string | undefined } | undefined;
  payments: {
    razorpayApiUrl: string;
    sandbox: { keySecret: string; webhookSecret: string };
    reconcileIntervalMs: number;
  };
  /** Where photos are stored as files (without Cloudinary): SHARED_UPLOADS_DIR, else DATA_DIR/uploads. */
  uploadsDir: string;
  /** Worker processes of one `npm start` (cluster.ts); 1: no cluster. */
  webConcurrency: number;
  workerTimeoutMs: number;
  /** A serving process idle this long gives memory back (lib/idle-gc.ts); 0: never. */
  idleGcMs: number;
  /** Catalog reads show stock at most this old (lib/catalog-version.ts). */
  stockSettleMs: number;
  corsOrigins: string[];
  /** Off, a hop count, or the proxies' addresses and subnets (never `true`). */
  trustProxy: false | number | string[];
  logLevel: Env['LOG_LEVEL'];
  rateLimit: boolean;
  webDist: string;
}

export class ConfigError extends Error {}

/** Local-only defaults for the demo admin; refused in production. */
export const DEV_ADMIN = { email: 'admin@tshirt.shop', password: 'admin12345' } as const;

/**
 * A random secret kept in DATA_DIR, so tokens survive restarts in local use and every process
 * of the machine signs with the same one. Made once even when several start together: each
 * writes its candidate to a file of its own, then links it into place, which only the first
 * link does; everyone then reads the one in place (never a half-written file).
 */
export function localJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    ensurePrivateDirSync(dataDir);
    const candidate = join(dataDir, `.jwt-secret.${process.pid}.${randomBytes(4).toString('hex')}`);
    writeFileSync(candidate, randomBytes(48).toString('hex'), { mode: 0o600 });
    try {
      linkSync(candidate, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(candidate, { force: true });
    }
  }
  return readFileSync(file, 'utf8').trim();
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const root = findRepoRoot();
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(root, e.DATA_DIR);
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];

  // Production runs on several machines: nothing may live on one machine's disk alone.
  if (isProduction && !e.JWT_SECRET)
    problems.push(
      'JWT_SECRET: required when NODE_ENV=production (every replica must sign and check tokens with the same secret)',
    );
  if (isProduction && !e.PUBLIC_URL)
    problems.push(
      'PUBLIC_URL: required when NODE_ENV=production (the origin of canonical URLs, share links and the sitemap)',
    );
  if (isProduction && !e.SMTP_URL)
    problems.push(
      "SMTP_URL: required when NODE_ENV=production (without it mail is written to one machine's DATA_DIR/outbox, where nobody receives it)",
    );
  if (isProduction && !e.CLOUDINARY_URL && !e.SHARED_UPLOADS_DIR)
    problems.push(
      'CLOUDINARY_URL or SHARED_UPLOADS_DIR: one is required when NODE_ENV=production (photos must reach every replica: Cloudinary, or a folder every replica mounts)',
    );
  const razorpayKeys = [e.RAZORPAY_KEY_ID, e.RAZORPAY_KEY_SECRET];
  if (razorpayKeys.some(Boolean) && !razorpayKeys.every(Boolean)) {
    problems.push('RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET: set both or neither');
  }
  if (isProduction && !e.RAZORPAY_KEY_ID) {
    problems.push(
      'RAZORPAY_KEY_ID: required when NODE_ENV=production (the sandbox provider is for local use only)',
    );
  }
  if (
    isProduction &&
    (e.SEED_ADMIN_EMAIL || e.SEED_ADMIN_PASSWORD) &&
    e.SEED_ADMIN_PASSWORD === DEV_ADMIN.password
  ) {
    problems.push(
      'SEED_ADMIN_PASSWORD: the documented local default is refused when NODE_ENV=production',
    );
  }
  if (isProduction && e.BCRYPT_COST < 12) {
    problems.push('BCRYPT_COST: must be at least 12 when NODE_ENV=production');
  }
  if (isProduction && e.JWT_SECRET) {
    const weak = weakSecretReason(e.JWT_SECRET);
    if (weak) problems.push(`JWT_SECRET: ${weak}`);
  }
  if (isProduction && e.SEED_ADMIN_PASSWORD && e.SEED_ADMIN_PASSWORD !== DEV_ADMIN.password) {
    const weak = weakPasswordReason(e.SEED_ADMIN_PASSWORD);
    if (weak) problems.push(`SEED_ADMIN_PASSWORD: ${weak} when NODE_ENV=production`);
  }
  if (isProduction && e.SEED_ADMIN_PASSWORD && !e.SEED_ADMIN_EMAIL) {
    problems.push('SEED_ADMIN_EMAIL: required with SEED_ADMIN_PASSWORD');
  }
  const expiresIn = parseDuration(e.JWT_EXPIRES_IN);
  if ('error' in expiresIn) problems.push(`JWT_EXPIRES_IN: ${expiresIn.error}`);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if ('error' in trustProxy) problems.push(`TRUST_PROXY: ${trustProxy.error}`);
  if (problems.length || 'error' in trustProxy)
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);

  // In production no admin is seeded without SEED_ADMIN_EMAIL; without SEED_ADMIN_PASSWORD the
  // first start generates one and prints it once (seed/index.ts).
  const seedAdmin = isProduction
    ? { adminEmail: e.SEED_ADMIN_EMAIL, adminPassword: e.SEED_ADMIN_PASSWORD }
    : {
        adminEmail: e.SEED_ADMIN_EMAIL ?? DEV_ADMIN.email,
        adminPassword: e.SEED_ADMIN_PASSWORD ?? DEV_ADMIN.password,
      };

  const jwtSecret = e.JWT_SECRET ?? localJwtSecret(dataDir);
  // Stable across restarts (a payment signed before a restart still verifies), never a published constant.
  const derived = (label: string) => createHmac('sha256', jwtSecret).update(label).digest('hex');

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    shopName: e.SHOP_NAME,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir,
    mongoUri: e.MONGODB_URI,
    jwt: { secret: jwtSecret, expiresIn: e.JWT_EXPIRES_IN.trim() },
    seed: { ...seedAdmin, demoCatalog: e.SEED_DEMO_CATALOG },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    cloudinaryUrl: e.CLOUDINARY_URL,
    cloudinaryUploadPrefix: e.CLOUDINARY_UPLOAD_PREFIX,
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
          }
        : undefined,
    payments: {
      razorpayApiUrl: e.RAZORPAY_API_URL ?? 'https://api.razorpay.com',
      sandbox: {
        keySecret: e.SANDBOX_KEY_SECRET ?? derived('sandbox-key-secret'),
        webhookSecret: e.SANDBOX_WEBHOOK_SECRET ?? derived('sandbox-webhook-secret'),
      },
      reconcileIntervalMs: e.RECONCILE_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 30_000),
    },
    uploadsDir: e.SHARED_UPLOADS_DIR
      ? resolve(root, e.SHARED_UPLOADS_DIR)
      : join(dataDir, 'uploads'),
    // Tests start many shops, each a single process unless a test asks for workers (a cluster's
    // primary and a second worker would cost each of them two more processes' start-up).
    webConcurrency: e.WEB_CONCURRENCY ?? (e.NODE_ENV === 'test' ? 1 : availableParallelism()),
    workerTimeoutMs: e.WORKER_TIMEOUT_MS,
    // Off in tests: their shops run inside the test runner's own process.
    idleGcMs: e.IDLE_GC_MS ?? (e.NODE_ENV === 'test' ? 0 : 5000),
    stockSettleMs: e.STOCK_SETTLE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: trustProxy.value,
    logLevel: e.LOG_LEVEL,
    rateLimit: e.RATE_LIMIT_ENABLED,
    webDist: e.WEB_DIST ? resolve(root, e.WEB_DIST) : join(root, 'apps/web/dist'),
  };
}
