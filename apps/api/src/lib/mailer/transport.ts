/**
 * How a mail leaves: SMTP through nodemailer when SMTP_URL is set; otherwise each message is
 * written as an .eml file under DATA_DIR/outbox/ and one line is logged. The log line names
 * the subject only: bodies may hold codes. Only the mail queue (queue.ts) calls a transport.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { ensurePrivateDir, writePrivateFile } from '../private-files.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Delivers one message, or rejects (the queue then tries again later). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailTransport(opts: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
}): MailTransport {
  if (opts.smtpUrl) {
    // Bounded waits, so a silent mail server fails the call in seconds rather than minutes.
    // Options in the URL's query (e.g. ?ignoreTLS=true, ?connectionTimeout=5000) take precedence.
    // Pooled: mail after mail goes over one open connection (no TCP and TLS handshake each).
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      pool: true,
      maxConnections: 1,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
        opts.logger.info({ subject: message.subject }, 'mail sent over SMTP');
      },
      close: () => transport.close(),
    };
  }
  const outbox = join(opts.dataDir, 'outbox');
  // Mails hold reset codes in clear: the outbox is the shop user's alone. The folder is made
  // (0700) once, and again if it went away since (an operator emptied DATA_DIR).
  let folderMade: Promise<void> | undefined;
  const writeToOutbox = async (file: string, data: Buffer) => {
    folderMade ??= ensurePrivateDir(outbox).catch((err: unknown) => {
      folderMade = undefined;
      throw err;
    });
    await folderMade;
    try {
      await writePrivateFile(file, data);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      folderMade = undefined;
      await ensurePrivateDir(outbox);
      await writePrivateFile(file, data);
    }
  };
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outbox, `${stamp}-${randomBytes(3).toString('hex')}-${safeTo}.eml`);
      await writeToOutbox(file, info.message as Buffer);
      opts.logger.info({ file, subject: message.subject }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
