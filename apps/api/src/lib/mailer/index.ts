/**
 * The shop's mailer: the mail queue (queue.ts) in front of the transport that SMTP_URL
 * chooses (transport.ts). Every mail goes through it.
 */
import type { Logger } from 'pino';
import { MailQueue, type Mailer } from './queue.js';
import { createMailTransport } from './transport.js';

export type { Mailer } from './queue.js';
export { MailQueue, MAIL_RETRY_DELAYS_MS } from './queue.js';
export { createMailTransport, type MailMessage, type MailTransport } from './transport.js';

export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
  /** The server secret (JWT_SECRET) that queued mails are sealed under. */
  secret: string;
  /** The queue's clock, for tests. */
  now?: () => number;
}): Mailer {
  return new MailQueue(createMailTransport(opts), {
    logger: opts.logger,
    secret: opts.secret,
    now: opts.now,
  });
}
