import { Writable } from 'node:stream';
import bcrypt from 'bcryptjs';
import jwt from 'jsonwebtoken';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { ADDRESS_MESSAGE, authResponse, PHONE_MESSAGE, ROLES } from '@repo/shared';
import { createApp } from '../../../app.js';
import { REDACT_PATHS } from '../../../lib/logger.js';
import { setupTestApp } from '../../../test/harness.js';
import { BCRYPT_COST, passwordPool } from '../../users/index.js';
import { User } from '../../users/user.model.js';
import { checkedRequest } from '../../../test/contract.js';

const t = await setupTestApp();

let counter = 0;
function newAccount(fields: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: 'Asha Rao',
    email: `asha${counter}@example.com`,
    password: 'correct horse 1',
    phone: '+91 98765 43210',
    address: '12 MG Road, Bengaluru 560001',
    ...fields,
  };
}

const storedUser = (email: string) => User.findOne({ email }).select('+password').lean();

describe('POST /api/auth/register', () => {
  it('creates a customer and answers with a token and the public user', async () => {
    const body = newAccount({ email: '  Asha.NEW@Example.COM ' });
    const res = await t.request().post('/api/auth/register').send(body).expect(201);

    expect(authResponse.parse(res.body)).toBeTruthy();
    expect(res.body).toMatchObject({
      success: true,
      message: expect.any(String),
      user: {
        name: 'Asha Rao',
        email: 'asha.new@example.com',
        phone: body.phone,
        address: body.address,
        role: ROLES.customer,
      },
    });
    expect(res.body.user).not.toHaveProperty('password');
    expect(JSON.stringify(res.body)).not.toContain(body.password);

    const row = await storedUser('asha.new@example.com');
    expect(row).not.toBeNull();
    expect(String(row!._id)).toBe(res.body.user._id);
    expect(row!.password).not.toBe(body.password);
    expect(bcrypt.getRounds(row!.password)).toBe(BCRYPT_COST);
    expect(await bcrypt.compare(body.password, row!.password)).toBe(true);
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it('gives a token that names the user and expires in 7 days', async () => {
    const res = await t.request().post('/api/auth/register').send(newAccount()).expect(201);
    const payload = jwt.verify(res.body.token, t.config.jwt.secret) as jwt.JwtPayload;
    expect(payload.sub).toBe(res.body.user._id);
    expect(payload.exp! - payload.iat!).toBe(7 * 24 * 3600);
    await t
      .request()
      .get(`/api/user/user-detail/${res.body.user._id}`)
      .set('Authorization', `Bearer ${res.body.token}`)
      .expect(200);
  });

  it('makes a customer even when the body asks for an admin', async () => {
    const body = newAccount({ role: 1 });
    const res = await t.request().post('/api/auth/register').send(body).expect(201);
    expect(res.body.user.role).toBe(ROLES.customer);
    expect((await storedUser(body.email))!.role).toBe(ROLES.customer);
    await t
      .request()
      .get('/api/all-user/adminpanel')
      .set('Authorization', `Bearer ${res.body.token}`)
      .expect(403);
  });

  it.each(['name', 'email', 'password', 'phone', 'address'])(
    'requires %s (400 naming it)',
    async (field) => {
      const body: Record<string, unknown> = newAccount();
      delete body[field];
      const res = await t.request().post('/api/auth/register').send(body).expect(400);
      expect(res.body).toMatchObject({ success: false, message: expect.stringContaining(field) });
      expect(res.body.issues).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: field })]),
      );
      expect(await User.countDocuments({ email: body.email ?? '' })).toBe(0);
    },
  );

  it('refuses blank fields, a bad email and a short password', async () => {
    for (const patch of [
      { name: '   ' },
      { address: '' },
      { email: 'not-an-email' },
      { password: 'short' },
    ]) {
      const res = await t.request().post('/api/auth/register').send(newAccount(patch)).expect(400);
      expect(res.body.success).toBe(false);
    }
    const res = await t
      .request()
      .post('/api/auth/register')
      .send(newAccount({ password: '1234567' }))
      .expect(400);
    expect(res.body.message).toContain('Password must be at least 8 characters');
  });

  it('wants an Indian mobile number and an address with a PIN code, saying so beside each field', async () => {
    const res = await t
      .request()
      .post('/api/auth/register')
      .send(newAccount({ phone: '12', address: 'x' }))
      .expect(400);
    expect(res.body.issues).toEqual([
      { path: 'phone', message: PHONE_MESSAGE },
      { path: 'address', message: ADDRESS_MESSAGE },
    ]);
    await t
      .request()
      .post('/api/auth/register')
      .send(newAccount({ phone: '+91 98765-43210', address: 'Flat 2, Lake View, Pune 411 001' }))
      .expect(201);
  });

  it('keeps a phone and a PIN code written as people write them in one form', async () => {
    const body = newAccount({
      phone: '091 98765 43210',
      address: 'Flat 2, Lake View, Pune 411-001',
    });
    const res = await t.request().post('/api/auth/register').send(body).expect(201);
    expect(res.body.user).toMatchObject({
      phone: '+91 98765 43210',
      address: 'Flat 2, Lake View, Pune 411001',
    });
    expect(await storedUser(body.email)).toMatchObject({
      phone: '+91 98765 43210',
      address: 'Flat 2, Lake View, Pune 411001',
    });
  });

  it('states a limit in its message', async () => {
    const res = await t
      .request()
      .post('/api/auth/register')
      .send(newAccount({ name: 'A'.repeat(81) }))
      .expect(400);
    expect(res.body.issues).toEqual([
      { path: 'name', message: 'Name can be at most 80 characters' },
    ]);
  });

  it('lets an account saved under the old rules (phone "12", address "x") log in', async () => {
    const old = await t.createUser({ phone: '12', address: 'x', password: 'password123' });
    const res = await t
      .request()
      .post('/api/auth/login')
      .send({ email: old.user.email, password: 'password123' })
      .expect(200);
    expect(res.body.user).toMatchObject({ phone: '12', address: 'x' });
  });

  it('answers a used email with 409, whatever its case', async () => {
    const body = newAccount();
    await t.request().post('/api/auth/register').send(body).expect(201);
    const res = await t
      .request()
      .post('/api/auth/register')
      .send({ ...body, email: body.email.toUpperCase(), name: 'Someone Else' })
      .expect(409);
    expect(res.body).toEqual({
      success: false,
      message: 'An account with this email already exists',
      requestId: expect.any(String),
    });
    expect(await User.countDocuments({ email: body.email })).toBe(1);
  });

  it('lets exactly one of two simultaneous registrations with one email through', async () => {
    const body = newAccount();
    const results = await Promise.all([
      t.request().post('/api/auth/register').send(body),
      t
        .request()
        .post('/api/auth/register')
        .send({ ...body, name: 'Twin' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await User.countDocuments({ email: body.email })).toBe(1);
  });

  it('refuses operator objects instead of strings', async () => {
    const res = await t
      .request()
      .post('/api/auth/register')
      .send(newAccount({ email: { $ne: null } }))
      .expect(400);
    expect(res.body.success).toBe(false);
  });
});

describe('POST /api/auth/login', () => {
  it('logs in with the right password, whatever the email case', async () => {
    const body = newAccount();
    const created = await t.request().post('/api/auth/register').send(body).expect(201);
    const res = await t
      .request()
      .post('/api/auth/login')
      .send({ email: ` ${body.email.toUpperCase()}`, password: body.password })
      .expect(200);
    expect(authResponse.parse(res.body)).toBeTruthy();
    expect(res.body).toMatchObject({
      success: true,
      message: expect.any(String),
      user: created.body.user,
    });
    expect(res.body.user).not.toHaveProperty('password');
    expect(jwt.verify(res.body.token, t.config.jwt.secret)).toMatchObject({
      sub: created.body.user._id,
    });
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const { user } = await t.createUser();
    const wrong = await t
      .request()
      .post('/api/auth/login')
      .send({ email: user.email, password: 'not the password' })
      .expect(401);
    const unknown = await t
      .request()
      .post('/api/auth/login')
      .send({ email: 'nobody@example.com', password: 'whatever1' })
      .expect(401);
    expect(wrong.body).toMatchObject({ success: false, message: 'Invalid email or password' });
    expect(unknown.body).toMatchObject({ success: false, message: 'Invalid email or password' });
    expect(wrong.body).not.toHaveProperty('token');
  });

  it('takes as long for an unknown email as for a wrong password: one bcrypt comparison of the same cost', async () => {
    const body = newAccount();
    await t.request().post('/api/auth/register').send(body).expect(201);
    const stored = await User.findOne({ email: body.email }, { password: 1 }).lean();
    // Every comparison goes through the hashing pool (worker threads), so it is watched there.
    const compare = vi.spyOn(passwordPool, 'compare');
    try {
      /** The cost of each hash a login compared against (bcrypt's time is set by its cost). */
      const costsOfLogin = async (email: string) => {
        compare.mockClear();
        await t
          .request()
          .post('/api/auth/login')
          .send({ email, password: 'wrong password' })
          .expect(401);
        return compare.mock.calls.map(([, hash]) => bcrypt.getRounds(hash as string));
      };
      const known = await costsOfLogin(body.email);
      expect(known).toEqual([bcrypt.getRounds(stored!.password!)]);
      expect(known).toEqual([BCRYPT_COST]);
      // Without the comparison an unknown email would answer in a few ms.
      expect(await costsOfLogin('nobody-here@example.com')).toEqual(known);
    } finally {
      compare.mockRestore();
    }
  });

  it('requires both fields', async () => {
    await t.request().post('/api/auth/login').send({ email: 'a@example.com' }).expect(400);
    await t.request().post('/api/auth/login').send({ password: 'password123' }).expect(400);
    await t
      .request()
      .post('/api/auth/login')
      .send({ email: 'a@example.com', password: '' })
      .expect(400);
  });

  it('refuses query operators in place of the email or password, logging nobody in', async () => {
    await t.createUser();
    for (const body of [
      { email: { $ne: null }, password: 'password123' },
      { email: { $gt: '' }, password: { $ne: null } },
      { email: 'x@example.com', password: { $ne: null } },
      { email: ['a@example.com'], password: 'password123' },
    ]) {
      const res = await t.request().post('/api/auth/login').send(body).expect(400);
      expect(res.body.success).toBe(false);
      expect(res.body).not.toHaveProperty('token');
    }
  });
});

describe('tokens', () => {
  const detail = (id: string, auth: string) =>
    t.request().get(`/api/user/user-detail/${id}`).set('Authorization', auth);

  it('refuses a token signed with another secret, even one claiming the admin role', async () => {
    const { id } = await t.createUser();
    const forged = jwt.sign({ role: 1 }, 'another-secret-that-is-also-32-characters-long', {
      subject: id,
      expiresIn: '1h',
    });
    const res = await detail(id, `Bearer ${forged}`).expect(401);
    expect(res.body.success).toBe(false);
    await t
      .request()
      .get('/api/all-user/adminpanel')
      .set('Authorization', `Bearer ${forged}`)
      .expect(401);
  });

  it('takes the role from the database, never from the token', async () => {
    const { id } = await t.createUser();
    const withRoleClaim = jwt.sign({ role: 1 }, t.config.jwt.secret, {
      subject: id,
      expiresIn: '1h',
    });
    await t
      .request()
      .get('/api/all-user/adminpanel')
      .set('Authorization', `Bearer ${withRoleClaim}`)
      .expect(403);
  });

  it('refuses a tampered, an unsigned and an expired token', async () => {
    const { id, token } = await t.createUser();
    const [head, , sig] = token.split('.');
    const body = Buffer.from(
      JSON.stringify({ sub: id, role: 1, exp: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString('base64url');
    await detail(id, `Bearer ${head}.${body}.${sig}`).expect(401);
    const none = jwt.sign({}, '', { subject: id, algorithm: 'none' });
    await detail(id, `Bearer ${none}`).expect(401);
    const expired = jwt.sign({}, t.config.jwt.secret, { subject: id, expiresIn: -10 });
    await detail(id, `Bearer ${expired}`).expect(401);
    await detail(id, 'Bearer not-a-token').expect(401);
  });

  it("refuses a deleted user's token", async () => {
    const { id, auth } = await t.createUser();
    await detail(id, auth).expect(200);
    await User.deleteOne({ _id: id });
    const res = await detail(id, auth).expect(401);
    expect(res.body.success).toBe(false);
  });

  it('applies a role change at once, both ways', async () => {
    const { id, auth } = await t.createUser();
    await t.request().get('/api/all-user/adminpanel').set('Authorization', auth).expect(403);
    await User.updateOne({ _id: id }, { $set: { role: ROLES.admin } });
    await t.request().get('/api/all-user/adminpanel').set('Authorization', auth).expect(200);
    await User.updateOne({ _id: id }, { $set: { role: ROLES.customer } });
    await t.request().get('/api/all-user/adminpanel').set('Authorization', auth).expect(403);
  });
});

describe('logs', () => {
  it('never hold a password, even at trace level', async () => {
    let logged = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        logged += String(chunk);
        done();
      },
    });
    const logger = pino(
      { level: 'trace', redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
      sink,
    );
    const app = createApp({ ...t.deps, logger });
    const body = newAccount({ password: 'Sup3r-secret-passphrase' });
    await checkedRequest(app).post('/api/auth/register').send(body).expect(201);
    await checkedRequest(app)
      .post('/api/auth/login')
      .send({ email: body.email, password: body.password })
      .expect(200);
    await checkedRequest(app)
      .post('/api/auth/login')
      .send({ email: body.email, password: 'Wrong-secret-passphrase' })
      .expect(401);
    expect(logged).toContain('/api/auth/login');
    expect(logged).not.toContain('Sup3r-secret-passphrase');
    expect(logged).not.toContain('Wrong-secret-passphrase');
  });
});
