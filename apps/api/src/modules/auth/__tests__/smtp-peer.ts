/** A real SMTP server on loopback that keeps every message it receives, parsed. */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startSmtpPeer() {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback address where nothing listens: a port just given up by a server. */
export async function deadSmtpUrl(): Promise<string> {
  const peer = await startSmtpPeer();
  await peer.stop();
  return peer.url;
}

/** The 6-digit code in a mail's text. */
export function codeIn(mail: ParsedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no code in the mail: ${mail.text}`);
  return match[1];
}
