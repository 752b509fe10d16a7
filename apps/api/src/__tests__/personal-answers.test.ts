/**
 * Hardening of what clients see: personal answers are never cached, tokens must expire,
 * control characters never reach a query, and no file-system message reaches a client.
 */
import jwt from 'jsonwebtoken';
import type supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/harness.js';

const t = await setupTestApp();

describe('Cache-Control: no-store on personal answers', () => {
  it('marks login, register, account, orders and the admin lists no-store', async () => {
    const admin = await t.createAdmin();
    const shopper = await t.createUser({ password: 'correct-horse-9' });
    const calls: Record<string, () => supertest.Test> = {
      register: () =>
        t.request().post('/api/auth/register').send({
          name: 'Asha Rao',
          email: 'asha-no-store@example.com',
          password: 'correct-horse-9',
          phone: '9876543210',
          address: '12 MG Road, Bengaluru 560001',
        }),
      login: () =>
        t
          .request()
          .post('/api/auth/login')
          .send({ email: shopper.user.email, password: 'correct-horse-9' }),
      'user-detail': () =>
        t.request().get(`/api/user/user-detail/${shopper.id}`).set('Authorization', shopper.auth),
      profile: () =>
        t
          .request()
          .put(`/api/user/profile/${shopper.id}`)
          .set('Authorization', shopper.auth)
          .send({ name: 'Asha', phone: '9876543210', address: '1 Park St, Pune 411001' }),
      'user-orders': () =>
        t.request().get('/api/orders/user-orders').set('Authorization', shopper.auth),
      adminorders: () =>
        t.request().get('/api/orders/adminorders').set('Authorization', admin.auth),
      overview: () => t.request().get('/api/orders/overview').set('Authorization', admin.auth),
      adminpanel: () =>
        t.request().get('/api/all-user/adminpanel').set('Authorization', admin.auth),
    };
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.status, name).toBeLessThan(300);
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('leaves catalog reads cacheable', async () => {
    const res = await t.request().get('/api/category/all-category').expect(200);
    expect(res.headers['cache-control']).toContain('max-age=0');
  });
});

describe('token lifetime', () => {
  const secret = t.config.jwt.secret;

  it('refuses a correctly signed token without exp', async () => {
    const user = await t.createUser();
    const forever = jwt.sign({}, secret, { subject: user.id, algorithm: 'HS256' });
    const res = await t
      .request()
      .get(`/api/user/user-detail/${user.id}`)
      .set('Authorization', `Bearer ${forever}`);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your session is invalid. Please log in again.');
  });

  it('refuses a token issued longer ago than JWT_EXPIRES_IN, whatever its exp says', async () => {
    const user = await t.createUser();
    const now = Math.floor(Date.now() / 1000);
    const old = jwt.sign({ iat: now - 8 * 86_400, exp: now + 365 * 86_400 }, secret, {
      subject: user.id,
      algorithm: 'HS256',
    });
    const res = await t
      .request()
      .get(`/api/user/user-detail/${user.id}`)
      .set('Authorization', `Bearer ${old}`);
    expect(res.status).toBe(401);
    // The shop's own tokens still work.
    await t
      .request()
      .get(`/api/user/user-detail/${user.id}`)
      .set('Authorization', user.auth)
      .expect(200);
  });
});

describe('control characters', () => {
  it('answers a NUL in a search keyword, a slug or a query with a 400, not a 500', async () => {
    for (const path of [
      '/api/product/search/%00',
      '/api/product/search/tee%00shirt',
      '/api/product/get-product/a%1Fb',
      '/api/product/get-product?page=1%00',
    ]) {
      const res = await t.request().get(path);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        message: 'The address must not contain control characters',
      });
    }
  });

  it('refuses a NUL in a body field that reaches a query', async () => {
    const admin = await t.createAdmin();
    const res = await t
      .request()
      .post('/api/category/create-category')
      .set('Authorization', admin.auth)
      .send({ name: 'Tees\u0000' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('name: Name must not contain control characters');
    const sandbox = await t
      .request()
      .post('/api/payment/sandbox/pay')
      .send({ order_id: 'x\u0000' });
    expect(sandbox.status).toBe(400);
    expect(sandbox.body.message).toBe('order_id: order_id must not contain control characters');
  });
});

describe('missing photos', () => {
  it('answers a fixed "Not found" without any path of the data folder', async () => {
    const res = await t.request().get('/uploads/no-such-photo-320.webp');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      message: 'Not found',
      requestId: res.headers['x-request-id'],
    });
    expect(res.text).not.toContain(t.config.dataDir);
  });
});
