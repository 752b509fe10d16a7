import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGE,
  allUsersResponse,
  PHONE_MESSAGE,
  profileResponse,
  ROLES,
  userDetailResponse,
} from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { BCRYPT_COST } from '../index.js';
import { User } from '../user.model.js';

const t = await setupTestApp();

const missingId = '0123456789abcdef01234567';
const detail = (id: string, auth?: string) => {
  const req = t.request().get(`/api/user/user-detail/${id}`);
  return auth ? req.set('Authorization', auth) : req;
};
const profile = (id: string, auth: string, body: Record<string, unknown>) =>
  t.request().put(`/api/user/profile/${id}`).set('Authorization', auth).send(body);
const changes = {
  name: 'Ravi Kumar',
  phone: '+91 90000 11111',
  address: '7 Park Street, Kolkata 700016',
};

describe('GET /api/user/user-detail/{userId}', () => {
  it('shows an account saved under the old rules as it is; saving it asks for valid values', async () => {
    const old = await t.createUser({ phone: '12', address: 'x' });
    const res = await detail(old.id, old.auth).expect(200);
    expect(res.body.user).toMatchObject({ phone: '12', address: 'x' });
    const refused = await profile(old.id, old.auth, {
      name: 'Old Account',
      phone: '12',
      address: 'x',
    }).expect(400);
    expect(refused.body.issues).toEqual([
      { path: 'phone', message: PHONE_MESSAGE },
      { path: 'address', message: ADDRESS_MESSAGE },
    ]);
    expect(await User.findById(old.id, { name: 1 }).lean()).toMatchObject({ name: old.user.name });
    await profile(old.id, old.auth, { ...changes, name: 'Old Account' }).expect(200);
  });

  it('shows users their own account, without the password hash', async () => {
    const me = await t.createUser({ name: 'Meera', phone: '9000000001', address: 'Pune' });
    const res = await detail(me.id, me.auth).expect(200);
    expect(userDetailResponse.parse(res.body)).toBeTruthy();
    expect(res.body).toMatchObject({
      success: true,
      message: expect.any(String),
      user: {
        _id: me.id,
        name: 'Meera',
        email: me.user.email,
        phone: '9000000001',
        address: 'Pune',
        role: ROLES.customer,
      },
    });
    expect(res.body.user).not.toHaveProperty('password');
    expect(JSON.stringify(res.body)).not.toMatch(/\$2[aby]\$/);
  });

  it("refuses another user's account with 403, whether or not it exists", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const res = await detail(b.id, a.auth).expect(403);
    expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
    expect(res.body).not.toHaveProperty('user');
    await detail(missingId, a.auth).expect(403);
  });

  it('shows an admin any account, and 404 for one that does not exist', async () => {
    const admin = await t.createAdmin();
    const b = await t.createUser();
    const res = await detail(b.id, admin.auth).expect(200);
    expect(res.body.user).toMatchObject({ _id: b.id, email: b.user.email });
    const missing = await detail(missingId, admin.auth).expect(404);
    expect(missing.body).toMatchObject({ success: false, message: 'User not found' });
  });

  it('knows users by their id in either case', async () => {
    const me = await t.createUser();
    const res = await detail(me.id.toUpperCase(), me.auth).expect(200);
    expect(res.body.user._id).toBe(me.id);
  });

  it('answers a malformed id with 400 and no token with 401', async () => {
    const me = await t.createUser();
    const res = await detail('not-an-id', me.auth).expect(400);
    expect(res.body.success).toBe(false);
    await detail(me.id).expect(401);
  });
});

describe('PUT /api/user/profile/{userId}', () => {
  it('changes name, phone and address and answers with the user', async () => {
    const me = await t.createUser();
    const res = await profile(me.id, me.auth, changes).expect(200);
    expect(profileResponse.parse(res.body)).toBeTruthy();
    expect(res.body).toMatchObject({
      success: true,
      message: expect.any(String),
      user: { _id: me.id, email: me.user.email, ...changes },
    });
    expect(res.body.user).not.toHaveProperty('password');
    const row = await User.findById(me.id).lean();
    expect(row).toMatchObject(changes);
  });

  it('ignores an email or role in the body', async () => {
    const me = await t.createUser();
    const res = await profile(me.id, me.auth, {
      ...changes,
      email: 'new-address@example.com',
      role: ROLES.admin,
    }).expect(200);
    expect(res.body.user).toMatchObject({ email: me.user.email, role: ROLES.customer });
    const row = await User.findById(me.id).lean();
    expect(row).toMatchObject({ email: me.user.email, role: ROLES.customer });
    await t.request().get('/api/all-user/adminpanel').set('Authorization', me.auth).expect(403);
  });

  it('hashes a new password again: the new one logs in, the old one no longer does', async () => {
    const me = await t.createUser({ password: 'old-password-1' });
    await profile(me.id, me.auth, {
      ...changes,
      password: 'new-password-1',
      currentPassword: 'old-password-1',
    }).expect(200);
    const row = await User.findById(me.id).select('+password').lean();
    expect(row!.password).not.toBe('new-password-1');
    expect(bcrypt.getRounds(row!.password)).toBe(BCRYPT_COST);
    await t
      .request()
      .post('/api/auth/login')
      .send({ email: me.user.email, password: 'new-password-1' })
      .expect(200);
    await t
      .request()
      .post('/api/auth/login')
      .send({ email: me.user.email, password: 'old-password-1' })
      .expect(401);
  });

  it('requires the current password with a new one, and refuses a wrong one (400), changing nothing', async () => {
    const me = await t.createUser({ password: 'old-password-1' });
    const missing = await profile(me.id, me.auth, {
      ...changes,
      password: 'stolen-session-1',
    }).expect(400);
    expect(missing.body.message).toBe(
      'currentPassword: Enter your current password to set a new one',
    );
    const wrong = await profile(me.id, me.auth, {
      ...changes,
      password: 'stolen-session-1',
      currentPassword: 'a-guess-1234',
    }).expect(400);
    expect(wrong.body.message).toBe('Your current password is not correct');
    expect(await User.findById(me.id).lean()).toMatchObject({ name: me.user.name });
    for (const password of ['stolen-session-1', 'old-password-1'])
      await t
        .request()
        .post('/api/auth/login')
        .send({ email: me.user.email, password })
        .expect(password === 'old-password-1' ? 200 : 401);
  });

  it("takes an admin's own password when the admin sets someone's new password", async () => {
    const admin = await t.createAdmin({ password: 'admin-own-pass-1' });
    const b = await t.createUser();
    await profile(b.id, admin.auth, {
      ...changes,
      password: 'set-by-admin-1',
      currentPassword: b.password,
    }).expect(400);
    await profile(b.id, admin.auth, {
      ...changes,
      password: 'set-by-admin-1',
      currentPassword: 'admin-own-pass-1',
    }).expect(200);
    await t
      .request()
      .post('/api/auth/login')
      .send({ email: b.user.email, password: 'set-by-admin-1' })
      .expect(200);
  });

  it('keeps the password when none is sent', async () => {
    const me = await t.createUser({ password: 'keep-this-one' });
    await profile(me.id, me.auth, changes).expect(200);
    await t
      .request()
      .post('/api/auth/login')
      .send({ email: me.user.email, password: 'keep-this-one' })
      .expect(200);
  });

  it('refuses a password under 8 characters and missing fields', async () => {
    const me = await t.createUser();
    const short = await profile(me.id, me.auth, { ...changes, password: 'short12' }).expect(400);
    expect(short.body.message).toContain('Password must be at least 8 characters');
    for (const field of ['name', 'phone', 'address'] as const) {
      const body: Record<string, unknown> = { ...changes };
      delete body[field];
      const res = await profile(me.id, me.auth, body).expect(400);
      expect(res.body.message).toContain(field);
    }
    await profile(me.id, me.auth, { ...changes, name: { $ne: null } }).expect(400);
    expect(await User.findById(me.id).lean()).toMatchObject({ name: me.user.name });
  });

  it("refuses to change another user's profile with 403", async () => {
    const a = await t.createUser();
    const b = await t.createUser({ name: 'Bela' });
    await profile(b.id, a.auth, { ...changes, password: 'taken-over-1' }).expect(403);
    expect(await User.findById(b.id).lean()).toMatchObject({ name: 'Bela' });
    await t
      .request()
      .post('/api/auth/login')
      .send({ email: b.user.email, password: 'taken-over-1' })
      .expect(401);
  });

  it("lets an admin change anyone's profile; 404 for a missing user, 400 for a malformed id", async () => {
    const admin = await t.createAdmin();
    const b = await t.createUser();
    const res = await profile(b.id, admin.auth, changes).expect(200);
    expect(res.body.user).toMatchObject({ _id: b.id, ...changes, role: ROLES.customer });
    await profile(missingId, admin.auth, changes).expect(404);
    await profile('12345', admin.auth, changes).expect(400);
  });

  it('needs a token', async () => {
    const me = await t.createUser();
    await t.request().put(`/api/user/profile/${me.id}`).send(changes).expect(401);
  });
});

describe('GET /api/all-user/adminpanel', () => {
  const list = (auth: string, query = '') =>
    t.request().get(`/api/all-user/adminpanel${query}`).set('Authorization', auth);

  it('is for admins only', async () => {
    const me = await t.createUser();
    const res = await list(me.auth).expect(403);
    expect(res.body.success).toBe(false);
    await t.request().get('/api/all-user/adminpanel').expect(401);
  });

  it('lists every user newest first, without password hashes', async () => {
    const admin = await t.createAdmin();
    const older = await t.createUser({ name: 'Older' });
    const newer = await t.createUser({ name: 'Newer' });
    const res = await list(admin.auth).expect(200);
    expect(allUsersResponse.parse(res.body)).toBeTruthy();
    expect(res.body.success).toBe(true);
    const ids = res.body.users.map((u: { _id: string }) => u._id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(admin.id));
    expect(res.body.total).toBe(await User.countDocuments());
    expect(res.body.users).toHaveLength(res.body.total);
    for (const user of res.body.users) expect(Object.keys(user)).not.toContain('password');
    expect(JSON.stringify(res.body)).not.toMatch(/\$2[aby]\$/);
  });

  it('pages with ?page=&limit= and tells the total', async () => {
    const admin = await t.createAdmin();
    for (let i = 0; i < 3; i += 1) await t.createUser();
    const total = await User.countDocuments();
    const all = (await list(admin.auth, `?limit=${total}`).expect(200)).body.users.map(
      (u: { _id: string }) => u._id,
    );

    const first = await list(admin.auth, '?page=1&limit=2').expect(200);
    const second = await list(admin.auth, '?page=2&limit=2').expect(200);
    expect(first.body).toMatchObject({ success: true, total, page: 1, limit: 2 });
    expect(first.body.users.map((u: { _id: string }) => u._id)).toEqual(all.slice(0, 2));
    expect(second.body.users.map((u: { _id: string }) => u._id)).toEqual(all.slice(2, 4));
    const beyond = await list(admin.auth, `?page=${total + 1}&limit=2`).expect(200);
    expect(beyond.body).toMatchObject({ users: [], total });
  });

  it('defaults to 50 a page, allows at most 200, and refuses nonsense', async () => {
    const admin = await t.createAdmin();
    const plain = await list(admin.auth).expect(200);
    expect(plain.body).toMatchObject({ page: 1, limit: 50 });
    await list(admin.auth, '?limit=200').expect(200);
    for (const query of ['?limit=201', '?limit=0', '?page=0', '?page=abc', '?limit=1.5']) {
      const res = await list(admin.auth, query).expect(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('finds accounts by any part of the name or email (any case) or the phone however it is spaced', async () => {
    const admin = await t.createAdmin();
    const meera = await t.createUser({
      name: 'Zoya Vishwanathan',
      email: 'zoya.vish@example.com',
      phone: '+91 98450 12345',
    });
    const found = async (q: string) =>
      (await list(admin.auth, `?q=${encodeURIComponent(q)}`).expect(200)).body.users.map(
        (u: { _id: string }) => u._id,
      );
    for (const q of [
      'zoya',
      'VISHWANATHAN',
      'vish@exam',
      '9845012345',
      '98450 12345',
      '091 98450 12345',
    ])
      expect(await found(q), q).toEqual([meera.id]);
    expect(await found('.*')).toEqual([]);
    const res = await list(admin.auth, '?q=zoya').expect(200);
    expect(res.body.total).toBe(1);
  });
});
