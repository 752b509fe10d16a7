import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import type { Mailer } from './mailer/index.js';
import type { PhotoStore } from './storage/index.js';
import type { PaymentGateway } from './payment-gateway/index.js';
import type { RateLimits } from './rate-limit.js';

/** Everything the app needs from the outside world, chosen by configuration at start-up. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  mailer: Mailer;
  photos: PhotoStore;
  payments: PaymentGateway;
  /** Whether rate limits apply, and their clock (lib/rate-limit.ts). */
  limits: RateLimits;
  /** The time now: the real clock, or a test's (delivery dates and the dispatch cut-off read it). */
  now: () => Date;
  /** Which database the app talks to, for /api/health. */
  db: { kind: 'mongodb' | 'embedded' | 'memory-server' };
}
