import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import { createMailer } from './mailer/index.js';
import { createPaymentGateway } from './payment-gateway/index.js';
import { createPhotoStore } from './storage/index.js';
import type { AppDeps } from './types.js';

/** Builds every adapter from configuration alone (DESIGN.md: embedded defaults, real services when configured). */
export function createDeps(config: Config, logger: Logger, db: AppDeps['db']): AppDeps {
  return {
    config,
    logger,
    db,
    mailer: createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      dataDir: config.dataDir,
      logger,
      secret: config.jwt.secret,
    }),
    photos: createPhotoStore(config),
    payments: createPaymentGateway(config),
  };
}
