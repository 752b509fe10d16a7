import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import { flushStockVersion } from './catalog-version.js';
import { createMailer } from './mailer/index.js';
import { createPaymentGateway } from './payment-gateway/index.js';
import { createPhotoStore } from './storage/index.js';
import type { AppDeps } from './types.js';

/** Builds every adapter from configuration alone (embedded defaults, real services when configured). */
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

/**
 * The last writes of a thread that stops, once its requests are answered: the mail queue's
 * attempt in progress ends (queued mail waits for the next start, or the main thread's poll),
 * and a stock write's gathered bump is written before the database closes.
 */
export async function finishWrites(deps: Pick<AppDeps, 'mailer' | 'logger'>): Promise<void> {
  await deps.mailer.close();
  await flushStockVersion().catch((err: unknown) =>
    deps.logger.warn({ err }, 'the stock version could not be moved on at shutdown'),
  );
}
