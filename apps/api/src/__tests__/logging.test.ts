/**
 * Logs: no password, token or OTP ever reaches a log line, and every request's log line
 * carries the request id that its response's X-Request-Id header (and an error body's
 * `requestId`) carries. The app logs through lib/logger.ts's own logger, written to memory.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Response } from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../lib/logger.js';
import { createMailer } from '../lib/mailer/index.js';
import { setupTestApp } from '../test/harness.js';

const lines: string[] = [];
const memory = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const logger = createLogger('info', memory);
// The mailer logs through the same logger: its lines are checked too.
const t = await setupTestApp({
  overrides: (base) => ({
    logger,
    mailer: createMailer({
      smtpUrl: undefined,
      from: base.config.mail.from,
      dataDir: base.config.dataDir,
      logger,
      secret: base.config.jwt.secret,
    }),
  }),
});

type LogLine = {
  req?: { id?: string; method?: string; url?: string; headers?: Record<string, unknown> };
  res?: { statusCode?: number };
} & Record<string, unknown>;
const parsed = (): LogLine[] => lines.map((l) => JSON.parse(l) as LogLine);

/** Every string anywhere in a log line, keys included. */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsOf(v, out);
    }
  }
  return out;
}

/** The request's own log lines (pino-http writes one as the response finishes). */
function linesOf(id: string): LogLine[] {
  return parsed().filter((l) => l.req?.id === id && l.res);
}

describe('request logs', () => {
  const email = 'logged.shopper@example.com';
  const secrets = {
    password: 'Registered-pass-5821',
    wrongPassword: 'Wrong-guess-pass-7734',
    profilePassword: 'Profile-change-pass-3390',
    resetPassword: 'Reset-chosen-pass-6612',
    malformedPassword: 'Broken-json-pass-1047',
    forgedToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJmb3JnZWQifQ.forged-signature-value',
  } as Record<string, string>;
  const responses: { what: string; res: Response }[] = [];
  const send = async (what: string, pending: Promise<Response>) => {
    const res = await pending;
    responses.push({ what, res });
    return res;
  };

  it("keep passwords, tokens and OTPs out, and carry each response's request id", async () => {
    const api = t.request;
    const registered = await send(
      'register',
      api().post('/api/auth/register').send({
        name: 'Logged Shopper',
        email,
        password: secrets.password,
        phone: '9876543210',
        address: '1 Park Street, Kolkata 700016',
      }),
    );
    expect(registered.status).toBe(201);
    secrets.registerToken = registered.body.token;
    const userId = registered.body.user._id as string;

    const login = await send(
      'login',
      api().post('/api/auth/login').send({ email, password: secrets.password }),
    );
    expect(login.status).toBe(200);
    secrets.loginToken = login.body.token;
    expect(
      (
        await send(
          'wrong login',
          api().post('/api/auth/login').send({ email, password: secrets.wrongPassword }),
        )
      ).status,
    ).toBe(401);

    expect(
      (
        await send(
          'user detail',
          api()
            .get(`/api/user/user-detail/${userId}`)
            .set('Authorization', `Bearer ${secrets.loginToken}`),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await send(
          'forged token',
          api()
            .get(`/api/user/user-detail/${userId}`)
            .set('Authorization', `Bearer ${secrets.forgedToken}`),
        )
      ).status,
    ).toBe(401);
    const profile = await send(
      'profile',
      api()
        .put(`/api/user/profile/${userId}`)
        .set('Authorization', `Bearer ${secrets.loginToken}`)
        .send({
          name: 'Logged Shopper',
          phone: '9876543210',
          address: '2 Park Street, Kolkata 700016',
          password: secrets.profilePassword,
          currentPassword: secrets.password,
        }),
    );
    expect(profile.status).toBe(200);

    // A real reset: the OTP is read from the mail in the outbox.
    expect(
      (await send('forgot password', api().post('/api/auth/forgot-password').send({ email })))
        .status,
    ).toBe(200);
    await t.deps.mailer.idle(); // the queue has written the mail
    const outbox = join(t.config.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((f) => readFileSync(join(outbox, f), 'utf8'))
      .find((m) => m.includes(email));
    const otp = /reset code is: (\d{6})/.exec(mail ?? '')?.[1];
    expect(otp).toMatch(/^\d{6}$/);
    secrets.otp = otp!;
    secrets.wrongOtp = otp === '000000' ? '999999' : '000000';
    expect(
      (
        await send(
          'wrong otp',
          api().post('/api/auth/verify-otp').send({ email, otp: secrets.wrongOtp }),
        )
      ).status,
    ).toBe(400);
    expect(
      (await send('right otp', api().post('/api/auth/verify-otp').send({ email, otp }))).status,
    ).toBe(200);
    const reset = await send(
      'reset',
      api().post('/api/auth/reset-password').send({
        email,
        otp,
        newPassword: secrets.resetPassword,
        confirmPassword: secrets.resetPassword,
      }),
    );
    expect(reset.status).toBe(200);
    const malformed = await send(
      'malformed json',
      api()
        .post('/api/auth/login')
        .set('Content-Type', 'application/json')
        .send(`{"email":"${email}","password":"${secrets.malformedPassword}"`),
    );
    expect(malformed.status).toBe(400);

    // A caller's own request id is kept; one that is not a plain token is replaced.
    const traced = await send(
      'traced',
      api().get('/api/product/get-product-count').set('X-Request-Id', 'trace-logging-0001'),
    );
    expect(traced.headers['x-request-id']).toBe('trace-logging-0001');
    const odd = await send(
      'odd id',
      api().get('/api/nowhere').set('X-Request-Id', 'not a plain id; drop table'),
    );
    expect(odd.status).toBe(404);
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // Each response's id is on exactly one request line, with the same status; error bodies carry it too.
    const ids = new Set<string>();
    for (const { what, res } of responses) {
      const id = res.headers['x-request-id'] as string;
      expect(id).toMatch(/^[\w-]{1,64}$/);
      ids.add(id);
      await vi.waitFor(() => expect(linesOf(id), `log line of ${what}`).not.toHaveLength(0), {
        timeout: 20_000,
      });
      const own = linesOf(id);
      expect(own, `log line of ${what}`).toHaveLength(1);
      expect(own[0]!.res!.statusCode).toBe(res.status);
      if (res.status >= 400) expect(res.body.requestId).toBe(id);
    }
    expect(ids.size).toBe(responses.length);

    // No secret appears anywhere in any line.
    // Request lines carry no headers at all (so no Authorization, cookie or signature header).
    expect(
      parsed()
        .filter((l) => l.req)
        .every((l) => l.req?.headers === undefined),
    ).toBe(true);
    expect(parsed().some((l) => l.req?.method === 'POST' && l.req?.url === '/api/auth/login')).toBe(
      true,
    );
    expect(parsed().some((l) => l.msg === 'mail written to the outbox')).toBe(true);
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThanOrEqual(6);
      const leaks = parsed().filter((l) => stringsOf(l).some((s) => s.includes(secret)));
      expect(leaks, `${what} in the logs`).toEqual([]);
    }
    for (const [what, secret] of Object.entries(secrets)) {
      if (!/^\d+$/.test(secret))
        expect(lines.join('\n').includes(secret), `${what} in the raw log text`).toBe(false);
    }
  });
});
