import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import type { Mailer } from './mailer/index.js';
import type { PhotoStore } from './storage/index.js';
import type { PaymentGateway } from './payment-gateway/index.js';

/** Everything the app needs from the outside world, chosen by configuration at start-up. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  mailer: Mailer;
  photos: PhotoStore;
  payments: PaymentGateway;
  /**
   * Which database the app talks to: /api/health names it, and rate limits count in the database
   * only on a real MongoDB (lib/rate-limit.ts), where several processes may share it.
   */
  db: { kind: 'mongodb' | 'embedded' | 'memory-server' };
}
