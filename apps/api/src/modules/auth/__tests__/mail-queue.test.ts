/**
 * The mail queue behind forgot-password (and every other mail), against a real SMTP server on
 * loopback: the answer never waits for the mail server, so a registered email is answered like
 * an unknown one; a refused mail is tried again later and delivered; a mail refused every time
 * is logged and given up, not tried forever. The test moves the queue's clock instead of waiting.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../lib/logger.js';
import { createMailTransport, MAIL_RETRY_DELAYS_MS, MailQueue } from '../../../lib/mailer/index.js';
import { CLAIM_MS } from '../../../lib/mailer/queue.js';
import { MailJob } from '../../../lib/mailer/mail-job.model.js';
import { seal, sealKey } from '../../../lib/mailer/seal.js';
import { setupTestApp } from '../../../test/harness.js';
import { codeIn, startSmtpPeer } from './smtp-peer.js';

const smtp = await startSmtpPeer();
afterAll(() => smtp.stop());

const logLines: Array<Record<string, unknown>> = [];
const mailLog = createLogger(
  'info',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  }),
);

let clock = Date.parse('2026-11-23T10:00:00Z');
/**
 * A queue as an API process runs it, sending to the SMTP peer on the test's clock. `renewEveryMs`
 * (how often it renews its claims) an hour: a process that stopped renewing, as a dead one.
 */
const newQueue = (
  base: {
    config: { mail: { from: string }; dataDir: string; jwt: { secret: string } };
  },
  renewEveryMs?: number,
) =>
  new MailQueue(
    createMailTransport({
      smtpUrl: smtp.url,
      from: base.config.mail.from,
      dataDir: base.config.dataDir,
      logger: mailLog,
    }),
    { logger: mailLog, secret: base.config.jwt.secret, now: () => clock, renewEveryMs },
  );
const mail = (subject: string) => ({
  to: 'queue@example.com',
  subject,
  text: 'hi',
  html: '<p>hi</p>',
});
/** The mail server holds its mails; `q` sends one, which the server now holds unanswered. */
async function sendHeld(q: MailQueue, subject: string) {
  smtp.hold();
  await q.send(mail(subject));
  await vi.waitFor(() => expect(smtp.held).toBe(1), { timeout: 20_000 });
}
let queue!: MailQueue;
const t = await setupTestApp({
  overrides: (base) => {
    queue = newQueue(base);
    return { mailer: queue };
  },
});

beforeEach(async () => {
  smtp.reset();
  logLines.length = 0;
  await MailJob.deleteMany({});
});

const forgot = (email: string) =>
  t.request().post('/api/auth/forgot-password').send({ email }).expect(200);
const codeWorks = (email: string, otp: string) =>
  t.request().post('/api/auth/verify-otp').send({ email, otp }).expect(200);

describe('forgot-password and the mail queue', () => {
  it('answers a registered and an unknown email alike while the mail server holds the mail', async () => {
    smtp.hold();
    const { user } = await t.createUser({ name: 'Held Hema' });
    // Were the answer to wait for the mail server, it would never come while the server holds.
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-while-held@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual({ ...known.body, requestId: unknown.body.requestId });

    // The mail reached the server, which has not accepted it: it is still queued.
    await vi.waitFor(() => expect(smtp.held).toBe(1), { timeout: 20_000 });
    expect(smtp.mails).toHaveLength(0);
    expect(await MailJob.countDocuments({ status: 'queued' })).toBe(1);

    smtp.release();
    await queue.idle();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toMatchObject({ value: [{ address: user.email }] });
    await codeWorks(user.email, codeIn(smtp.mails[0]!));
    expect(await MailJob.countDocuments()).toBe(0);
  });

  it('tries a refused mail again after its wait, and delivers it', async () => {
    smtp.refuse(1);
    const { user } = await t.createUser();
    await forgot(user.email);
    await queue.idle();
    expect(smtp.attempts).toBe(1);
    expect(smtp.mails).toHaveLength(0);
    const job = await MailJob.findOne({}).lean();
    expect(job).toMatchObject({
      subject: 'Your password reset code',
      status: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('Mailbox busy'),
    });
    expect(logLines).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'mail not sent: it will be tried again' }),
    );

    clock += MAIL_RETRY_DELAYS_MS[0]! - 1;
    await queue.runDue();
    expect(smtp.attempts).toBe(1); // not before its time

    clock += 1;
    await queue.runDue();
    expect(smtp.attempts).toBe(2);
    expect(smtp.mails).toHaveLength(1);
    const code = codeIn(smtp.mails[0]!);
    await codeWorks(user.email, code);
    expect(await MailJob.countDocuments()).toBe(0);
    // While it waited, the database held the mail sealed: never the code, nor the address.
    expect(JSON.stringify(job)).not.toContain(code);
    expect(JSON.stringify(job)).not.toContain(user.email);
    expect(JSON.stringify(logLines)).not.toContain(code);
  });

  it('gives a mail up after 5 refused attempts, with an error in the log, and tries no more', async () => {
    smtp.refuse(Infinity);
    const { user } = await t.createUser();
    await forgot(user.email);
    await queue.idle();
    for (const wait of MAIL_RETRY_DELAYS_MS) {
      clock += wait;
      await queue.runDue();
    }
    expect(smtp.attempts).toBe(5);
    const job = await MailJob.findOne({}).lean();
    expect(job).toMatchObject({ status: 'failed', attempts: 5, failedAt: new Date(clock) });
    expect(logLines.filter((l) => l.level === 50)).toEqual([
      expect.objectContaining({
        msg: 'mail not sent: gave up',
        mailJob: String(job!._id),
        subject: 'Your password reset code',
        attempts: 5,
      }),
    ]);

    clock += 24 * 60 * 60_000;
    await queue.runDue();
    expect(smtp.attempts).toBe(5);
    expect(smtp.mails).toHaveLength(0);
  });

  it('sends a mail whose attempt a stopped process left unfinished, once its claim runs out', async () => {
    const message = {
      to: 'left@example.com',
      subject: 'Left behind',
      text: 'hi',
      html: '<p>hi</p>',
    };
    // As a worker leaves a job it claimed before it stopped.
    await MailJob.create({
      subject: message.subject,
      sealed: seal(message, sealKey(t.config.jwt.secret)),
      attempts: 1,
      nextAttemptAt: new Date(clock + CLAIM_MS),
    });
    await queue.runDue();
    expect(smtp.attempts).toBe(0);

    clock += CLAIM_MS;
    await queue.runDue();
    expect(smtp.mails.map((m) => m.subject)).toEqual(['Left behind']);
    expect(await MailJob.countDocuments()).toBe(0);
  });

  it("lets another copy send a mail whose copy died while sending it, within a minute: well within a reset code's 10", async () => {
    const dying = newQueue(t, 60 * 60_000); // it will never renew its claim
    await sendHeld(dying, 'Reset code');
    // The copy dies with the mail server holding the mail; a minute later another copy polls.
    clock += 60_000;
    const other = newQueue(t);
    const pass = other.runDue();
    await vi.waitFor(() => expect(smtp.held).toBe(2), { timeout: 20_000 }); // it was taken over
    expect(await MailJob.findOne({}).lean()).toMatchObject({ attempts: 2 });
    smtp.release();
    await pass;
    expect(await MailJob.countDocuments()).toBe(0);
    await other.close();
  });

  it('keeps the claim of a mail it is still sending, however slow the mail server: no other copy sends it', async () => {
    const slow = newQueue(t, 20);
    await sendHeld(slow, 'Slow server');
    const claimedUntil = async () => (await MailJob.findOne({}).lean())!.nextAttemptAt.getTime();
    for (let i = 0; i < 4; i += 1) {
      clock += CLAIM_MS / 2;
      // Each renewal moves the claim on from the copy's clock.
      await vi.waitFor(async () => expect(await claimedUntil()).toBe(clock + CLAIM_MS), {
        timeout: 20_000,
      });
    }
    const other = newQueue(t);
    await other.runDue(); // two claims' time on, the mail is still held by the live copy
    expect(smtp.held).toBe(1);
    smtp.release();
    await slow.idle();
    expect(smtp.mails.map((m) => m.subject)).toEqual(['Slow server']);
    expect(await MailJob.countDocuments()).toBe(0);
    await slow.close();
    await other.close();
  });

  it("leaves a mail this process is sending to it: another process's pass does not send it too", async () => {
    smtp.hold();
    const { user } = await t.createUser();
    await forgot(user.email);
    await vi.waitFor(() => expect(smtp.held).toBe(1), { timeout: 20_000 });
    const other = newQueue(t);
    await other.runDue(); // another API process's periodic pass, while the mail server holds it
    expect(smtp.attempts).toBe(1);

    smtp.release();
    await queue.idle();
    expect(smtp.mails).toHaveLength(1);
    expect(await MailJob.countDocuments()).toBe(0);
    await other.close();
  });

  it('gives back, when it closes, the mails it stored but had not tried: the next process sends them at once', async () => {
    const closing = newQueue(t);
    await sendHeld(closing, 'First');
    await closing.send(mail('Second')); // stored while the first is being sent
    const closed = closing.close();
    smtp.release(); // the attempt in progress ends; the second is not tried by this process
    await closed;
    expect(smtp.mails.map((m) => m.subject)).toEqual(['First']);
    expect(await MailJob.findOne({ subject: 'Second' }).lean()).toMatchObject({
      status: 'queued',
      attempts: 0,
      nextAttemptAt: new Date(clock),
    });

    const next = newQueue(t);
    await next.runDue(); // same clock: no claim had to run out
    expect(smtp.mails.map((m) => m.subject)).toEqual(['First', 'Second']);
    expect(await MailJob.countDocuments()).toBe(0);
    await next.close();
  });

  it('gives back a mail still being stored when it closes: the next process sends it at once', async () => {
    const closing = newQueue(t);
    const sending = closing.send(mail('Stored while closing'));
    await closing.close();
    await sending;
    const next = newQueue(t);
    await next.runDue();
    expect(smtp.mails.map((m) => m.subject)).toEqual(['Stored while closing']);
    expect(await MailJob.countDocuments()).toBe(0);
    await next.close();
  });

  it('sends a retry that fell due between the new mails, not after all of them', async () => {
    const q = newQueue(t);
    await sendHeld(q, 'A');
    await q.send(mail('B'));
    await q.send(mail('C'));
    // A retry due now, as a failed attempt leaves it.
    await MailJob.create({
      subject: 'Retry',
      sealed: seal(mail('Retry'), sealKey(t.config.jwt.secret)),
      attempts: 1,
      nextAttemptAt: new Date(clock),
    });
    const pass = q.runDue(); // the periodic pass, while A is being sent
    smtp.release();
    await pass;
    expect(smtp.mails.map((m) => m.subject)).toEqual(['A', 'Retry', 'B', 'C']);
    expect(await MailJob.countDocuments()).toBe(0);
    await q.close();
  });

  it('sends a mail waiting in its memory once, even when its claim ran out while it waited', async () => {
    const q = newQueue(t);
    await sendHeld(q, 'A');
    await q.send(mail('B')); // waits in memory behind A
    clock += 60 * 60_000; // the mail server held A for an hour: B's claim has run out
    const pass = q.runDue();
    smtp.release();
    await pass;
    expect(smtp.mails.map((m) => m.subject)).toEqual(['A', 'B']);
    expect(await MailJob.countDocuments()).toBe(0);
    await q.close();
  });

  it('sends mail after mail over one SMTP connection, and closes it with the queue', async () => {
    const q = newQueue(t);
    for (const subject of ['a', 'b', 'c']) {
      await q.send(mail(subject));
      await q.idle();
    }
    expect(smtp.mails.map((m) => m.subject)).toEqual(['a', 'b', 'c']);
    expect(smtp.connections).toBe(1);
    await q.close();
    // Closed by the queue, not by the idle timeout (socketTimeout, 20 s): half that is the bound.
    await vi.waitFor(() => expect(smtp.open).toBe(0), { timeout: 10_000 });
  });

  it('sends each of a burst of mails once while the mail server is slow', async () => {
    const q = newQueue(t);
    smtp.hold();
    const subjects = ['1', '2', '3', '4', '5', '6', '7', '8'];
    for (const subject of subjects) await q.send(mail(subject));
    await vi.waitFor(() => expect(smtp.held).toBe(1), { timeout: 20_000 });
    smtp.release();
    await q.idle();
    expect(smtp.mails.map((m) => m.subject).sort()).toEqual(subjects);
    expect(await MailJob.countDocuments()).toBe(0);
    await q.close();
  });
});
