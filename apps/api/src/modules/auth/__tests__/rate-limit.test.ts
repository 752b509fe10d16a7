import type { Response } from 'supertest';
import mongoose from 'mongoose';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.js';
import { createMailer } from '../../../lib/mailer/index.js';
import { MailJob } from '../../../lib/mailer/mail-job.model.js';
import type { AppDeps } from '../../../lib/types.js';
import { setupTestApp } from '../../../test/harness.js';
import { deadSmtpUrl } from './smtp-peer.js';
import { checkedRequest } from '../../../test/contract.js';

const t = await setupTestApp({ env: { RATE_LIMIT_ENABLED: 'true' } });

/** A new app is a new process as far as in-memory counters go. */
const freshApp = (deps: Partial<AppDeps> = {}) => checkedRequest(createApp({ ...t.deps, ...deps }));

function expect429(res: Response, message: RegExp) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ success: false, message: expect.stringMatching(message) });
}

describe('login', () => {
  it('allows 10 failed logins per address and email in 15 minutes', async () => {
    const api = freshApp();
    const { user, password } = await t.createUser();
    for (let i = 0; i < 10; i += 1)
      await api
        .post('/api/auth/login')
        .send({ email: user.email, password: 'wrong-password' })
        .expect(401);
    expect429(
      await api.post('/api/auth/login').send({ email: user.email, password }),
      /Too many failed logins/,
    );
    // The same email differently written is the same counter.
    expect429(
      await api.post('/api/auth/login').send({ email: ` ${user.email.toUpperCase()}`, password }),
      /Too many failed logins/,
    );
    // Another account from the same address is not locked out.
    const other = await t.createUser();
    await api
      .post('/api/auth/login')
      .send({ email: other.user.email, password: other.password })
      .expect(200);
  });

  it('counts successful logins too: 20 attempts per account in 15 minutes', async () => {
    const api = freshApp();
    const { user, password } = await t.createUser();
    // More than the 10 failed logins allowed: successes do not count as failures...
    for (let i = 0; i < 20; i += 1)
      await api.post('/api/auth/login').send({ email: user.email, password }).expect(200);
    // ...but every attempt costs a bcrypt comparison, so the 21st is refused, right or wrong.
    expect429(
      await api.post('/api/auth/login').send({ email: user.email, password }),
      /^Too many logins to this account\./,
    );
    const other = await t.createUser();
    await api
      .post('/api/auth/login')
      .send({ email: other.user.email, password: other.password })
      .expect(200);
  });

  it('counts every login attempt per address: 100 in 15 minutes over all accounts', async () => {
    const api = freshApp();
    const users = await Promise.all(Array.from({ length: 5 }, () => t.createUser()));
    for (let i = 0; i < 100; i += 1) {
      const { user, password } = users[i % 5]!;
      await api.post('/api/auth/login').send({ email: user.email, password }).expect(200);
    }
    const fresh = await t.createUser();
    expect429(
      await api.post('/api/auth/login').send({ email: fresh.user.email, password: fresh.password }),
      /^Too many logins from this network\./,
    );
  });

  it('allows 50 failed logins per address over all emails', async () => {
    const api = freshApp();
    const users = await Promise.all(Array.from({ length: 6 }, () => t.createUser()));
    for (let i = 0; i < 50; i += 1) {
      await api
        .post('/api/auth/login')
        .send({ email: users[i % 6]!.user.email, password: 'wrong-password' })
        .expect(401);
    }
    const fresh = await t.createUser();
    expect429(
      await api.post('/api/auth/login').send({ email: fresh.user.email, password: fresh.password }),
      /Too many failed logins/,
    );
  });
});

describe('register', () => {
  it('allows 10 sign-up attempts per address an hour, invalid ones included', async () => {
    const api = freshApp();
    for (let i = 0; i < 10; i += 1)
      await api.post('/api/auth/register').send({ name: 'x' }).expect(400);
    const res = await api.post('/api/auth/register').send({
      name: 'Late',
      email: 'late@example.com',
      password: 'password-123',
      phone: '9876543210',
      address: '3 Beach Road, Goa 403001',
    });
    expect429(res, /Too many sign-ups/);
    expect(res.headers['ratelimit-policy']).toBeTruthy();
  });
});

describe('forgot-password', () => {
  it('allows 5 requests per address in 15 minutes', async () => {
    const api = freshApp();
    for (let i = 0; i < 5; i += 1)
      await api
        .post('/api/auth/forgot-password')
        .send({ email: `someone${i}@example.com` })
        .expect(200);
    expect429(
      await api.post('/api/auth/forgot-password').send({ email: 'another@example.com' }),
      /Too many password reset requests/,
    );
  });

  it('allows one code a minute per email, known or not, whoever asks', async () => {
    const api = freshApp({ config: { ...t.config, trustProxy: 1 } });
    const { user } = await t.createUser();
    for (const email of [user.email, 'unknown-person@example.com']) {
      await api
        .post('/api/auth/forgot-password')
        .set('X-Forwarded-For', '203.0.113.1')
        .send({ email })
        .expect(200);
      const again = await api
        .post('/api/auth/forgot-password')
        .set('X-Forwarded-For', '203.0.113.2')
        .send({ email: email.toUpperCase() });
      expect429(again, /Please wait a minute/);
    }
  });

  it('counts a request while the mail server is down like any other (its mail waits in the queue)', async () => {
    const mailer = createMailer({
      smtpUrl: await deadSmtpUrl(),
      from: t.config.mail.from,
      dataDir: t.config.dataDir,
      logger: t.deps.logger,
      secret: t.config.jwt.secret,
    });
    const api = freshApp({ mailer });
    const { user } = await t.createUser();
    await api.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    expect429(
      await api.post('/api/auth/forgot-password').send({ email: user.email }),
      /Please wait a minute/,
    );
    await mailer.close();
    await MailJob.deleteMany({}); // its retry is not for the next tests' mailer
  });
});

describe('verify-otp and reset-password', () => {
  it('share 10 tries per address in 15 minutes', async () => {
    const api = freshApp();
    for (let i = 0; i < 6; i += 1)
      await api
        .post('/api/auth/verify-otp')
        .send({ email: 'a@example.com', otp: '123456' })
        .expect(400);
    for (let i = 0; i < 4; i += 1) {
      await api
        .post('/api/auth/reset-password')
        .send({
          email: 'a@example.com',
          otp: '123456',
          newPassword: 'password-1',
          confirmPassword: 'password-1',
        })
        .expect(400);
    }
    expect429(
      await api.post('/api/auth/verify-otp').send({ email: 'b@example.com', otp: '123456' }),
      /Too many OTP attempts/,
    );
    const reset = await api.post('/api/auth/reset-password').send({
      email: 'b@example.com',
      otp: '123456',
      newPassword: 'password-1',
      confirmPassword: 'password-1',
    });
    expect(reset.status).toBe(429);
  });
});

describe('client addresses behind a proxy', () => {
  const exhaustForgot = async (
    api: ReturnType<typeof checkedRequest> | ReturnType<typeof freshApp>,
    ip: string,
  ) => {
    for (let i = 0; i < 5; i += 1) {
      await api
        .post('/api/auth/forgot-password')
        .set('X-Forwarded-For', ip)
        .send({ email: `p${i}-${ip}@example.com` })
        .expect(200);
    }
  };

  it('ignores X-Forwarded-For unless TRUST_PROXY says to, so the header cannot dodge a limit', async () => {
    const api = freshApp();
    await exhaustForgot(api, '198.51.100.1');
    const dodge = await api
      .post('/api/auth/forgot-password')
      .set('X-Forwarded-For', '198.51.100.2')
      .send({ email: 'dodge@example.com' });
    expect(dodge.status).toBe(429);
  });

  it('counts each client apart behind a trusted proxy', async () => {
    const api = freshApp({ config: { ...t.config, trustProxy: 1 } });
    await exhaustForgot(api, '198.51.100.1');
    expect(
      (
        await api
          .post('/api/auth/forgot-password')
          .set('X-Forwarded-For', '198.51.100.1')
          .send({ email: 'x1@example.com' })
      ).status,
    ).toBe(429);
    await api
      .post('/api/auth/forgot-password')
      .set('X-Forwarded-For', '198.51.100.2')
      .send({ email: 'x2@example.com' })
      .expect(200);
  });
});

describe('with MongoDB configured', () => {
  const counters = () => mongoose.connection.collection('ratelimits');
  // Counters in MongoDB outlive an app: each test starts from none.
  beforeEach(() => counters().deleteMany({}));

  it('shares counters between API processes, storing no email', async () => {
    const a = freshApp({ db: { kind: 'mongodb' } });
    const b = freshApp({ db: { kind: 'mongodb' } });
    for (let i = 0; i < 3; i += 1)
      await a
        .post('/api/auth/forgot-password')
        .send({ email: `shared${i}@example.com` })
        .expect(200);
    for (let i = 3; i < 5; i += 1)
      await b
        .post('/api/auth/forgot-password')
        .send({ email: `shared${i}@example.com` })
        .expect(200);
    expect429(
      await a.post('/api/auth/forgot-password').send({ email: 'shared5@example.com' }),
      /Too many password reset requests/,
    );
    expect429(
      await b.post('/api/auth/forgot-password').send({ email: 'shared0@example.com' }),
      /Too many password reset requests/,
    );

    const rows = await counters().find({}).toArray();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('shared');
    expect(rows.every((r) => r.resetAt instanceof Date)).toBe(true);
  });

  it('gives back the hit of a successful login', async () => {
    const a = freshApp({ db: { kind: 'mongodb' } });
    const b = freshApp({ db: { kind: 'mongodb' } });
    const { user, password } = await t.createUser();
    for (let i = 0; i < 6; i += 1)
      await (i % 2 ? a : b)
        .post('/api/auth/login')
        .send({ email: user.email, password })
        .expect(200);
    for (let i = 0; i < 10; i += 1)
      await (i % 2 ? a : b)
        .post('/api/auth/login')
        .send({ email: user.email, password: 'wrong-password' })
        .expect(401);
    expect429(
      await a.post('/api/auth/login').send({ email: user.email, password }),
      /Too many failed logins/,
    );
  });

  it('starts a new window when the old one is over', async () => {
    const a = freshApp({ db: { kind: 'mongodb' } });
    const email = 'window@example.com';
    await a.post('/api/auth/forgot-password').send({ email }).expect(200);
    expect((await a.post('/api/auth/forgot-password').send({ email })).status).toBe(429);
    // Age every per-email window past its end, as a minute passing would.
    await counters().updateMany({ hits: 1 }, { $set: { resetAt: new Date(Date.now() - 1000) } });
    await freshApp({ db: { kind: 'mongodb' } })
      .post('/api/auth/forgot-password')
      .send({ email })
      .expect(200);
  });
});

describe('reset codes per email a day', () => {
  const counters = () => mongoose.connection.collection('ratelimits');
  /** Shared counters (as between processes), behind one trusted proxy. */
  const api = () => freshApp({ db: { kind: 'mongodb' }, config: { ...t.config, trustProxy: 1 } });
  /** A minute passes: every window ending within the next two minutes is over. */
  const aMinuteLater = () =>
    counters().updateMany(
      { resetAt: { $lte: new Date(Date.now() + 2 * 60_000) } },
      { $set: { resetAt: new Date(Date.now() - 1000) } },
    );
  const forgot = (email: string, ip: string) =>
    api().post('/api/auth/forgot-password').set('X-Forwarded-For', ip).send({ email });

  it('gives at most 5 codes per email a day, known or not, from any address', async () => {
    const { user } = await t.createUser();
    for (const email of [user.email, 'daily-unknown@example.com']) {
      for (let i = 1; i <= 5; i += 1) {
        await forgot(email, `192.0.2.${i}`).expect(200);
        await aMinuteLater();
      }
      expect429(
        await forgot(email.toUpperCase(), '192.0.2.99'),
        /^Too many codes were asked for this email today\./,
      );
      // Another email is not held back.
      await forgot(`other-${email}`, '192.0.2.99').expect(200);
    }
  });

  it('allows 10 wrong codes per email a day, over every code and address', async () => {
    const { user } = await t.createUser();
    const guess = (path: string, ip: string) =>
      api().post(path).set('X-Forwarded-For', ip).send({
        email: user.email,
        otp: '000000',
        newPassword: 'password-1',
        confirmPassword: 'password-1',
      });
    // Two codes with 5 wrong tries each, from ten addresses.
    for (const round of [0, 5]) {
      await forgot(user.email, `198.51.100.${round}`).expect(200);
      for (let i = 1; i <= 5; i += 1)
        await guess(
          i % 2 ? '/api/auth/verify-otp' : '/api/auth/reset-password',
          `203.0.113.${round + i}`,
        ).expect(400);
      await aMinuteLater();
    }
    // A third code gets no tries today, from anywhere.
    await forgot(user.email, '198.51.100.20').expect(200);
    expect429(
      await guess('/api/auth/verify-otp', '203.0.113.50'),
      /^Too many wrong codes for this email today\./,
    );
    expect429(
      await guess('/api/auth/reset-password', '203.0.113.51'),
      /^Too many wrong codes for this email today\./,
    );
  });
});
