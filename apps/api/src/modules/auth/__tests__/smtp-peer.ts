/**
 * A real SMTP server on loopback that keeps every message it accepts, parsed. It can also
 * refuse messages (451, as a busy server does) and hold them unanswered (a stalled server).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startSmtpPeer() {
  const mails: ParsedMail[] = [];
  let attempts = 0;
  let connections = 0;
  /** Connections opened since the last reset and not closed yet. */
  const open = new Set<string>();
  let refusing = 0;
  let holding = false;
  const held: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(session, callback) {
      connections += 1;
      open.add(session.id);
      callback();
    },
    onClose(session) {
      open.delete(session.id);
    },
    onRcptTo(_address, _session, callback) {
      attempts += 1;
      if (refusing <= 0) return callback();
      refusing -= 1;
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const accept = () => {
            mails.push(mail);
            callback();
          };
          if (holding) held.push(accept);
          else accept();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const release = () => {
    holding = false;
    for (const accept of held.splice(0)) accept();
  };
  return {
    mails,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    /** Delivery attempts seen (one RCPT TO each: every mail has one recipient). */
    get attempts() {
      return attempts;
    },
    /** Connections opened to it. */
    get connections() {
      return connections;
    },
    /** Connections opened since the last reset that are still open. */
    get open() {
      return open.size;
    },
    /** Messages received but not answered yet (see hold). */
    get held() {
      return held.length;
    },
    /** Refuses the next `count` attempts with 451 (Infinity: every one). */
    refuse(count: number) {
      refusing = count;
    },
    /** Leaves every message unanswered after its data arrives, until release(). */
    hold() {
      holding = true;
    },
    /** Accepts the held messages and stops holding. */
    release,
    /** Forgets what it saw and refuses or holds nothing more. */
    reset() {
      release();
      mails.length = 0;
      attempts = 0;
      connections = 0;
      open.clear();
      refusing = 0;
    },
    stop: () => {
      release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
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
