import { readFile, readdir, rm, stat } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../app.js';
import { createMailer } from '../../../lib/mailer/index.js';
import { MailJob } from '../../../lib/mailer/mail-job.model.js';
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
    await t.deps.mailer.idle(); // the queue has written it

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
    await t.deps.mailer.idle();
    expect(await readdir(outbox)).toHaveLength(before);
  });

  it('makes the outbox again (0700) when it went away while the shop ran', async () => {
    await rm(outbox, { recursive: true, force: true });
    const { user } = await t.createUser();
    await t.request().post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    await t.deps.mailer.idle();
    expect((await readdir(outbox)).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
    expect(await MailJob.countDocuments()).toBe(0);
  });
});

/** The mail queue's one job after a failed attempt; the queue is left empty for the next test. */
async function queuedAfterAFailure() {
  const jobs = await MailJob.find({}).lean();
  await MailJob.deleteMany({});
  expect(jobs).toHaveLength(1);
  return jobs[0]!;
}

describe('SMTP down', () => {
  it('answers forgot-password as for anyone, keeps the code, and queues the mail for another try', async () => {
    const mailer = createMailer({
      smtpUrl: await deadSmtpUrl(),
      from: t.config.mail.from,
      dataDir: t.config.dataDir,
      logger: t.deps.logger,
      secret: t.config.jwt.secret,
    });
    const app = createApp({ ...t.deps, mailer });
    const { user } = await t.createUser();

    const known = await checkedRequest(app)
      .post('/api/auth/forgot-password')
      .send({ email: user.email })
      .expect(200);
    const unknown = await checkedRequest(app)
      .post('/api/auth/forgot-password')
      .send({ email: 'ghost-while-down@example.com' })
      .expect(200);
    expect(known.body).toEqual({ ...unknown.body, requestId: known.body.requestId });
    expect(await Otp.countDocuments({ email: user.email })).toBe(1);

    await mailer.idle();
    expect(await queuedAfterAFailure()).toMatchObject({
      subject: 'Your password reset code',
      status: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('ECONNREFUSED'),
    });
    await mailer.close();
  });

  it('ends an attempt on a server that never answers, while the answer has long been sent', async () => {
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
      secret: t.config.jwt.secret,
    });
    const { user } = await t.createUser();

    await checkedRequest(createApp({ ...t.deps, mailer }))
      .post('/api/auth/forgot-password')
      .send({ email: user.email })
      .expect(200);
    // The URL's greetingTimeout (300 ms) replaces the 10 s default, so the attempt ends soon.
    await mailer.idle();
    expect(await queuedAfterAFailure()).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringMatching(/greeting/i),
    });
    expect(await Otp.countDocuments({ email: user.email })).toBe(1);
    await mailer.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});
