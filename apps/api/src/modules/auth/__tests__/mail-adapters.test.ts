import { readFile, readdir } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../app.js';
import { createMailer } from '../../../lib/mailer/index.js';
import { setupTestApp } from '../../../test/harness.js';
import { Otp } from '../otp.model.js';
import { codeIn, deadSmtpUrl } from './smtp-peer.js';
import { checkedRequest } from '../../../test/contract.js';

// No SMTP_URL: mail goes to DATA_DIR/outbox as .eml files.
const t = await setupTestApp();
const outbox = join(t.config.dataDir, 'outbox');

describe('the outbox mailer (no SMTP_URL)', () => {
  it('writes the reset mail as an .eml file holding a code that works', async () => {
    expect(t.deps.mailer.kind).toBe('outbox');
    const { user } = await t.createUser({ name: 'Outbox Olga' });
    await t.request().post('/api/auth/forgot-password').send({ email: user.email }).expect(200);

    const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(await readFile(join(outbox, files[0]!)));
    expect(mail.subject).toBe('Your password reset code');
    expect(mail.to).toMatchObject({ value: [{ address: user.email }] });
    expect(mail.text).toContain('Outbox Olga');
    expect(mail.html).toContain('10 minutes');

    await t
      .request()
      .post('/api/auth/verify-otp')
      .send({ email: user.email, otp: codeIn(mail) })
      .expect(200);
  });

  it('writes nothing for an unknown email', async () => {
    const before = (await readdir(outbox)).length;
    await t
      .request()
      .post('/api/auth/forgot-password')
      .send({ email: 'ghost@example.com' })
      .expect(200);
    expect(await readdir(outbox)).toHaveLength(before);
  });
});

describe('SMTP down', () => {
  it('answers forgot-password with a clear 503 and leaves no code stored', async () => {
    const mailer = createMailer({
      smtpUrl: await deadSmtpUrl(),
      from: t.config.mail.from,
      dataDir: t.config.dataDir,
      logger: t.deps.logger,
    });
    const app = createApp({ ...t.deps, mailer });
    const { user } = await t.createUser();

    const res = await checkedRequest(app)
      .post('/api/auth/forgot-password')
      .send({ email: user.email })
      .expect(503);
    expect(res.body).toMatchObject({
      success: false,
      message: "We couldn't send the email right now. Please try again.",
    });
    expect(await Otp.countDocuments({ email: user.email })).toBe(0);

    // An earlier code is gone too: the new request replaced it before the send failed.
    await t.request().post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    expect(await Otp.countDocuments({ email: user.email })).toBe(1);
    await checkedRequest(app)
      .post('/api/auth/forgot-password')
      .send({ email: user.email })
      .expect(503);
    expect(await Otp.countDocuments({ email: user.email })).toBe(0);
    mailer.close();
  });

  it('gives up on a server that never answers (503, no code kept)', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const smtpUrl = `smtp://127.0.0.1:${port}?ignoreTLS=true&greetingTimeout=300`;
    const mailer = createMailer({
      smtpUrl,
      from: t.config.mail.from,
      dataDir: t.config.dataDir,
      logger: t.deps.logger,
    });
    const { user } = await t.createUser();

    // The URL's greetingTimeout (300 ms) replaces the 10 s default, so this answers soon.
    await checkedRequest(createApp({ ...t.deps, mailer }))
      .post('/api/auth/forgot-password')
      .send({ email: user.email })
      .expect(503);
    expect(await Otp.countDocuments({ email: user.email })).toBe(0);
    mailer.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});
