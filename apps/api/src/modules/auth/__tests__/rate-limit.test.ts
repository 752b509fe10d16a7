/**
 * The accounts calls' limits (docs/operations/security.md): junk costs nobody anything, an
 * address shared by many shoppers has a high ceiling, guessing at one account from one client
 * meets a growing delay and then a block, and nobody can lock an owner out of their account.
 * Each client is a loopback address of its own; the limits' clock moves only when a test moves it.
 */
import type { Response } from 'supertest';
import mongoose from 'mongoose';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../app.js';
import { count, createRateLimits } from '../../../lib/rate-limit.js';
import { GUESSING_MAIL_SUBJECT, WRONG_PASSWORDS_PER_ADDRESS } from '../../users/index.js';
import { from, shopOnTestClock } from '../../../test/clients.js';
import { checkedRequest } from '../../../test/contract.js';
import { setupTestApp } from '../../../test/harness.js';
import { AUTH_LIMITS } from '../rate-limits.js';
import { codeIn, startSmtpPeer } from './smtp-peer.js';

const smtp = await startSmtpPeer();
afterAll(() => smtp.stop());
const t = await setupTestApp({ env: { RATE_LIMIT_ENABLED: 'true', SMTP_URL: smtp.url } });

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const shop = shopOnTestClock(t.deps);
// A mail the last test queued may reach the SMTP peer late on a busy machine: wait for it first.
beforeEach(async () => {
  await t.deps.mailer.idle();
  smtp.mails.length = 0;
});

function expect429(res: Response, message: string | RegExp) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({
    success: false,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

const login = (address: string, email: string, password: string, cookie?: string) => {
  const req = shop.api.post('/api/auth/login').agent(from(address));
  if (cookie) req.set('Cookie', cookie);
  return req.send({ email, password });
};
const forgot = (address: string, email: string) =>
  shop.api.post('/api/auth/forgot-password').agent(from(address)).send({ email });
const verify = (address: string, email: string, otp: string) =>
  shop.api.post('/api/auth/verify-otp').agent(from(address)).send({ email, otp });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The owner's reset code, read from the mail the SMTP server received. */
async function mailedCode(): Promise<string> {
  await t.deps.mailer.idle();
  const mail = smtp.mails.at(-1);
  expect(mail?.subject).toBe('Your password reset code');
  return codeIn(mail!);
}

/** The wait after the n-th wrong password: none for the first four, then 1 s doubling. */
const delayAfterWrongPassword = (n: number) => (n < 5 ? 0 : 2 ** (n - 5) * SECOND);

describe('login', () => {
  it('counts no junk: after 150 invalid bodies from one address the right password gets in', async () => {
    const { user, password } = await t.createUser();
    for (let i = 0; i < 150; i += 1)
      await shop.api
        .post('/api/auth/login')
        .agent(from('127.0.0.2'))
        .send(i % 2 ? {} : { email: 'not-an-email', password: 'x' })
        .expect(400);
    await login('127.0.0.2', user.email, password).expect(200);
  });

  it('meets wrong passwords from one client with a growing delay, then a block; the right one clears it', async () => {
    const { user, password } = await t.createUser();
    for (let i = 0; i < 5; i += 1) await login('127.0.0.3', user.email, 'wrong-pass').expect(401);
    // From the fifth on, each wrong password sets a wait that doubles: 1 s, 2 s, 4 s…
    const waited = await login('127.0.0.3', user.email, password);
    expect429(waited, 'Too many failed logins. Please wait 1 second before trying again.');
    expect(waited.headers['retry-after']).toBe('1');
    shop.limits.advance(SECOND);
    await login('127.0.0.3', user.email, 'wrong-pass').expect(401);
    expect429(
      await login('127.0.0.3', user.email, password),
      'Too many failed logins. Please wait 2 seconds before trying again.',
    );
    // Others are not held back: the same account from another address, another account here.
    await login('127.0.0.4', user.email, 'wrong-pass').expect(401);
    const other = await t.createUser();
    await login('127.0.0.3', other.user.email, other.password).expect(200);

    shop.limits.advance(2 * SECOND);
    await login('127.0.0.3', user.email, password).expect(200);
    // The right password cleared the delay: a typo now is only a typo.
    await login('127.0.0.3', user.email, 'wrong-pass').expect(401);
    await login('127.0.0.3', user.email, password).expect(200);
  });

  it('blocks one client after 15 wrong passwords for the rest of the hour', async () => {
    const { user, password } = await t.createUser();
    for (let i = 1; i <= 15; i += 1) {
      await login('127.0.0.5', user.email, 'wrong-pass').expect(401);
      shop.limits.advance(delayAfterWrongPassword(i));
    }
    const blocked = await login('127.0.0.5', user.email, password);
    expect429(blocked, /^Too many failed logins\. Please wait \d+ minutes before trying again\.$/);
    // The owner elsewhere is not locked out.
    await login('127.0.0.6', user.email, password).expect(200);
    shop.limits.advance(HOUR);
    await login('127.0.0.5', user.email, password).expect(200);
  });

  it('lets nobody lock an owner out: 60 wrong passwords from 20 addresses, and the owner still gets in', async () => {
    const { user, password } = await t.createUser({ name: 'Meera' });
    for (let round = 0; round < 3; round += 1)
      for (let n = 10; n < 30; n += 1)
        await login(`127.0.0.${n}`, user.email, 'wrong-pass').expect(401);
    await login('127.0.0.99', user.email, password).expect(200);

    // The owner was told, once, whatever the attacker did after.
    await t.deps.mailer.idle();
    const toldOwner = () =>
      smtp.mails.filter(
        (m) =>
          m.subject === GUESSING_MAIL_SUBJECT && [m.to].flat()[0]?.value[0]?.address === user.email,
      );
    const told = toldOwner();
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Meera');
    expect(told[0]!.text).toContain('10 wrong passwords or reset codes');
    // A new hour, a new window: another mail when it happens again.
    shop.limits.advance(HOUR);
    for (let n = 10; n < 20; n += 1)
      await login(`127.0.0.${n}`, user.email, 'wrong-pass').expect(401);
    await t.deps.mailer.idle();
    expect(toldOwner()).toHaveLength(2);
  });

  it("keeps the owner's own allowance on a shared address through their device cookie", async () => {
    const { user, password } = await t.createUser();
    // The owner signed in on this browser before: it holds the account's device cookie.
    const first = await login('127.0.0.7', user.email, password).expect(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^device=/);
    // Someone else behind the same address guesses until blocked.
    for (let i = 1; i <= 15; i += 1) {
      await login('127.0.0.7', user.email, 'wrong-pass').expect(401);
      shop.limits.advance(delayAfterWrongPassword(i));
    }
    await login('127.0.0.7', user.email, password).expect(429);
    // The owner's browser is its own client; a cookie of another account is not.
    await login('127.0.0.7', user.email, password, cookie).expect(200);
    const other = await t.createUser();
    const otherCookie = String(
      (await login('127.0.0.8', other.user.email, other.password).expect(200)).headers[
        'set-cookie'
      ],
    ).split(';')[0]!;
    await login('127.0.0.7', user.email, password, otherCookie).expect(429);
    await login('127.0.0.7', user.email, password, `${cookie.slice(0, -2)}xx`).expect(429);
  });

  it('stops parallel guesses at the delay: of 24 at once, 5 are checked', async () => {
    const { user } = await t.createUser();
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => login('127.0.0.9', user.email, 'wrong-pass')),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
  });

  it('has a ceiling of 300 wrong passwords per address over every account', async () => {
    // 290 wrong passwords from this address already; then ten more for unknown emails.
    for (let i = 0; i < 290; i += 1)
      await count(shop.limits, WRONG_PASSWORDS_PER_ADDRESS, '127.0.0.10');
    for (let i = 0; i < 10; i += 1)
      await login('127.0.0.10', `nobody${i}@example.com`, 'wrong-pass').expect(401);
    const { user, password } = await t.createUser();
    expect429(
      await login('127.0.0.10', user.email, password),
      /^Too many wrong passwords from this network\. Please try again in 15 minutes\.$/,
    );
    await login('127.0.0.11', user.email, password).expect(200);
    shop.limits.advance(15 * MINUTE);
    await login('127.0.0.10', user.email, password).expect(200);
  });
});

describe('register', () => {
  const body = (n: number) => ({
    name: `Shopper ${n}`,
    email: `shopper${n}-${Date.now()}@example.com`,
    password: 'password-123',
    phone: '9876543210',
    address: '3 Beach Road, Goa 403001',
  });

  it('counts no junk: after 150 invalid sign-ups a real one goes through', async () => {
    for (let i = 0; i < 150; i += 1)
      await shop.api
        .post('/api/auth/register')
        .agent(from('127.0.0.12'))
        .send({ name: 'x' })
        .expect(400);
    await shop.api.post('/api/auth/register').agent(from('127.0.0.12')).send(body(0)).expect(201);
  });

  it('allows 100 sign-ups per address an hour', async () => {
    const signUp = (address: string, n: number) =>
      shop.api.post('/api/auth/register').agent(from(address)).send(body(n));
    for (let i = 1; i <= 100; i += 1) await signUp('127.0.0.13', i).expect(201);
    expect429(
      await signUp('127.0.0.13', 101),
      'Too many sign-ups from this network. Please try again in 60 minutes.',
    );
    await signUp('127.0.0.14', 102).expect(201);
  });
});

describe('forgot-password', () => {
  it('counts no junk: after 150 invalid requests a real one goes through', async () => {
    for (let i = 0; i < 150; i += 1)
      await shop.api
        .post('/api/auth/forgot-password')
        .agent(from('127.0.0.15'))
        .send({})
        .expect(400);
    await forgot('127.0.0.15', 'someone@example.com').expect(200);
  });

  it('sends one code a minute per email, whoever asks', async () => {
    const { user } = await t.createUser();
    await forgot('127.0.0.16', user.email).expect(200);
    expect429(
      await forgot('127.0.0.17', user.email.toUpperCase()),
      'A code was asked for this email a moment ago. Please wait 60 seconds before asking again.',
    );
    shop.limits.advance(MINUTE);
    await forgot('127.0.0.17', user.email).expect(200);
  });

  it("lets nobody use up an owner's codes: another client's requests count as theirs", async () => {
    const { user } = await t.createUser();
    for (let i = 0; i < 5; i += 1) {
      await forgot('127.0.0.18', user.email).expect(200);
      shop.limits.advance(MINUTE);
    }
    expect429(
      await forgot('127.0.0.18', user.email),
      /^Too many codes were asked for this email today\. Please try again in \d+ hours\.$/,
    );
    await forgot('127.0.0.19', user.email).expect(200);
    // And the code mailed last works.
    await verify('127.0.0.19', user.email, await mailedCode()).expect(200);
  });

  it('has a ceiling of 100 codes per address an hour over every email', async () => {
    for (let i = 0; i < 95; i += 1)
      await count(shop.limits, AUTH_LIMITS.codesPerAddress, '127.0.0.20');
    for (let i = 0; i < 5; i += 1) await forgot('127.0.0.20', `p${i}@example.com`).expect(200);
    expect429(
      await forgot('127.0.0.20', 'one-more@example.com'),
      'Too many password reset requests from this network. Please try again in 60 minutes.',
    );
    await forgot('127.0.0.21', 'one-more@example.com').expect(200);
  });
});

describe('reset codes', () => {
  it("always takes the owner's right code, however many wrong ones others tried", async () => {
    const { user } = await t.createUser();
    // Five codes' worth of wrong guesses (5 tries each) from ten addresses.
    for (let round = 0; round < 5; round += 1) {
      await forgot(`127.0.1.${round}`, user.email).expect(200);
      for (let i = 0; i < 5; i += 1)
        await verify(`127.0.2.${round * 2 + (i % 2)}`, user.email, '000000').expect(400);
      shop.limits.advance(MINUTE);
    }
    // No new code today: that many wrong codes bound the guessing at this account…
    expect429(
      await forgot('127.0.0.30', user.email),
      /^Too many wrong codes were tried for this email today\. Please try again in \d+ hours\.$/,
    );
    shop.limits.advance(24 * HOUR);
    // …but a code the owner has is always taken.
    await forgot('127.0.0.30', user.email).expect(200);
    const code = await mailedCode();
    for (let n = 0; n < 4; n += 1)
      await verify(`127.0.3.${n}`, user.email, wrongCode(code)).expect(400);
    await verify('127.0.0.30', user.email, code).expect(200);
    // The owner was told about the guessing, once a window.
    expect(smtp.mails.filter((m) => m.subject === GUESSING_MAIL_SUBJECT).length).toBeGreaterThan(0);
  });

  it('bounds guessing by the tries of each code: the sixth try of a code is refused, even the right code', async () => {
    const { user } = await t.createUser();
    await forgot('127.0.0.31', user.email).expect(200);
    const code = await mailedCode();
    for (let n = 0; n < 5; n += 1)
      await verify(`127.0.4.${n}`, user.email, wrongCode(code)).expect(400);
    const refused = await verify('127.0.0.31', user.email, code).expect(400);
    expect(refused.body.message).toBe('Too many wrong tries. Please request a new OTP.');
  });

  it('meets wrong codes from one client with a growing delay, then a block', async () => {
    const guess = () => verify('127.0.0.32', 'nobody@example.com', '000000');
    // An unknown email's code is guessed at like a real one's.
    await forgot('127.0.0.33', 'nobody@example.com').expect(200);
    for (let i = 0; i < 3; i += 1) await guess().expect(400);
    expect429(await guess(), 'Too many wrong codes. Please wait 1 second before trying again.');
    shop.limits.advance(SECOND);
    await guess().expect(400);
    expect429(await guess(), 'Too many wrong codes. Please wait 2 seconds before trying again.');
  });

  it('counts no junk: invalid bodies leave the tries alone', async () => {
    const { user } = await t.createUser();
    await forgot('127.0.0.34', user.email).expect(200);
    const code = await mailedCode();
    for (let i = 0; i < 150; i += 1)
      await shop.api
        .post('/api/auth/verify-otp')
        .agent(from('127.0.0.34'))
        .send({ email: user.email, otp: 'abc' })
        .expect(400);
    await verify('127.0.0.34', user.email, code).expect(200);
  });
});

describe('counters', () => {
  it('live in the database, shared by every process, storing no email or address', async () => {
    const { user } = await t.createUser();
    const a = checkedRequest(createApp({ ...t.deps, limits: shop.limits }));
    const b = checkedRequest(createApp({ ...t.deps, limits: shop.limits }));
    for (let i = 0; i < 5; i += 1)
      await (i % 2 ? a : b)
        .post('/api/auth/login')
        .agent(from('127.0.0.35'))
        .send({ email: user.email, password: 'wrong-pass' })
        .expect(401);
    await a
      .post('/api/auth/login')
      .agent(from('127.0.0.35'))
      .send({ email: user.email, password: 'wrong-pass' })
      .expect(429);
    const rows = await mongoose.connection.collection('ratelimits').find({}).toArray();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(user.email);
    expect(JSON.stringify(rows)).not.toContain('127.0.0.35');
  });

  it('are off with RATE_LIMIT_ENABLED=false', async () => {
    const off = checkedRequest(createApp({ ...t.deps, limits: createRateLimits(false) }));
    const { user, password } = await t.createUser();
    for (let i = 0; i < 8; i += 1)
      await off
        .post('/api/auth/login')
        .agent(from('127.0.0.36'))
        .send({ email: user.email, password: 'wrong-pass' })
        .expect(401);
    await off
      .post('/api/auth/login')
      .agent(from('127.0.0.36'))
      .send({ email: user.email, password })
      .expect(200);
  });
});
