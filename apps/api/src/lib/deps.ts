import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import { createMailer } from './mailer/index.js';
import { createPaymentGateway } from './payment-gateway/index.js';
import { createRateLimits } from './rate-limit.js';
import { createPhotoStore } from './storage/index.js';
import type { AppDeps } from './types.js';

/** Builds every adapter from configuration alone (embedded defaults, real services when configured). */
export function createDeps(config: Config, logger: Logger, db: AppDeps['db']): AppDeps {
  return {
    config,
    logger,
    db,
    now: () => new Date(),
    mailer: createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      dataDir: config.dataDir,
      logger,
      secret: config.jwt.secret,
    }),
    photos: createPhotoStore(config),
    payments: createPaymentGateway(config),
    limits: createRateLimits(config.rateLimit),
  };
}

/**
 * The last writes of a process that stops, once its requests are answered: the mail queue's
 * attempt in progress ends (queued mail waits for whichever copy polls next).
 */
export async function finishWrites(deps: Pick<AppDeps, 'mailer'>): Promise<void> {
  await deps.mailer.close();
}
