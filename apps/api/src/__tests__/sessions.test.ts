/** A new password ends every session that came before it. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/harness.js';

const t = await setupTestApp();

/** A session started a minute ago (tokens carry whole seconds), so it predates any change made now. */
const sessionFromAMinuteAgo = (userId: string) =>
  `Bearer ${jwt.sign({ iat: Math.floor(Date.now() / 1000) - 60 }, t.config.jwt.secret, {
    subject: userId,
    expiresIn: '1h',
    algorithm: 'HS256',
  })}`;

describe('sessions after a password change', () => {
  it('refuses tokens issued before a profile password change, and hands the user a fresh one', async () => {
    const u = await t.createUser();
    const earlier = sessionFromAMinuteAgo(u.id);
    await t
      .request()
      .get(`/api/user/user-detail/${u.id}`)
      .set('Authorization', earlier)
      .expect(200);
    const res = await t
      .request()
      .put(`/api/user/profile/${u.id}`)
      .set('Authorization', earlier)
      .send({
        name: 'New Name',
        phone: '9876543210',
        address: '1 Somewhere Road, Pune 411001',
        password: 'brand-new-password',
        currentPassword: u.password,
      })
      .expect(200);
    expect(res.body.token).toEqual(expect.any(String));

    await t
      .request()
      .get(`/api/user/user-detail/${u.id}`)
      .set('Authorization', earlier)
      .expect(401);
    await t
      .request()
      .get(`/api/user/user-detail/${u.id}`)
      .set('Authorization', `Bearer ${res.body.token}`)
      .expect(200);
  });

  it('keeps the session when the profile is saved without a new password', async () => {
    const u = await t.createUser();
    const res = await t
      .request()
      .put(`/api/user/profile/${u.id}`)
      .set('Authorization', u.auth)
      .send({
        name: 'Same Password',
        phone: '9876543210',
        address: '2 Somewhere Road, Pune 411001',
      })
      .expect(200);
    expect(res.body.token).toBeUndefined();
    await t.request().get(`/api/user/user-detail/${u.id}`).set('Authorization', u.auth).expect(200);
  });

  it('refuses tokens issued before a reset by emailed code', async () => {
    const u = await t.createUser();
    const earlier = sessionFromAMinuteAgo(u.id);
    await t.request().post('/api/auth/forgot-password').send({ email: u.user.email }).expect(200);
    await t.deps.mailer.idle(); // the queue has written the mail
    const outbox = join(t.config.dataDir, 'outbox');
    const mail = readdirSync(outbox).find((f) =>
      f.includes(u.user.email.replace(/[^a-z0-9@._-]/gi, '_')),
    );
    const code = /reset code is:?\s*(\d{6})/i.exec(readFileSync(join(outbox, mail!), 'utf8'))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await t
      .request()
      .post('/api/auth/reset-password')
      .send({
        email: u.user.email,
        otp: code,
        newPassword: 'another-password',
        confirmPassword: 'another-password',
      })
      .expect(200);
    await t
      .request()
      .get(`/api/user/user-detail/${u.id}`)
      .set('Authorization', earlier)
      .expect(401);
    const login = await t
      .request()
      .post('/api/auth/login')
      .send({ email: u.user.email, password: 'another-password' })
      .expect(200);
    await t
      .request()
      .get(`/api/user/user-detail/${u.id}`)
      .set('Authorization', `Bearer ${login.body.token}`)
      .expect(200);
  });
});
