import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/index.js';
import { setupTestApp } from '../test/harness.js';

const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
mkdirSync(join(webDist, 'assets'));
const themeScript = "document.documentElement.classList.add('dark')";
writeFileSync(
  join(webDist, 'index.html'),
  `<!doctype html><script>${themeScript}</script><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script>`,
);
writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');

const t = await setupTestApp({ env: { WEB_DIST: webDist } });

describe('the app shell', () => {
  it('answers /api/health with the database kind', async () => {
    const res = await t.request().get('/api/health').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      db: expect.stringMatching(/^(embedded|mongodb|memory-server)$/),
    });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.request().get('/api/nope').expect(404);
    expect(res.body).toMatchObject({
      success: false,
      message: expect.stringContaining('/api/nope'),
    });
  });

  it('answers malformed JSON with a 400', async () => {
    const res = await t
      .request()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email":')
      .expect(400);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Malformed JSON in the request body',
    });
  });

  it('refuses an oversized JSON body with a 413', async () => {
    const res = await t
      .request()
      .post('/api/auth/login')
      .send({ email: 'x'.repeat(200_000) })
      .expect(413);
    expect(res.body.success).toBe(false);
  });

  it('serves the web app for any non-/api path, so the client router shows its pages', async () => {
    for (const path of ['/', '/cart', '/some/unknown/page']) {
      // A path the app does not have is its not-found page, with a true 404 status.
      const res = await t
        .request()
        .get(path)
        .expect(path.includes('unknown') ? 404 : 200);
      expect(res.text).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and names a missing asset 404', async () => {
    const res = await t.request().get('/assets/app-abc123.js').expect(200);
    expect(res.headers['cache-control']).toContain('immutable');
    await t.request().get('/assets/missing.js').expect(404);
  });

  it('names a missing photo 404, not the web app page', async () => {
    const res = await t.request().get('/uploads/no-such-photo-320.webp').expect(404);
    expect(res.text).not.toContain('<div id="root">');
  });

  it("allows the page's own inline script by hash in the CSP, and no other inline script", async () => {
    const res = await t.request().get('/').expect(200);
    const csp = String(res.headers['content-security-policy']);
    const hash = createHash('sha256').update(themeScript).digest('base64');
    expect(csp).toMatch(
      new RegExp(`script-src [^;]*'sha256-${hash.replace(/[+/=]/g, (c) => `\\${c}`)}'`),
    );
    expect(csp).not.toContain("'unsafe-inline' https://checkout");
    expect(csp).toContain('https://checkout.razorpay.com');
  });

  it('tags every response with a request id, also in error bodies', async () => {
    const res = await t.request().get('/api/nope');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
  });
});

describe('configuration', () => {
  it('names a bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: webDist })).toThrow(/PORT/);
    expect(() => loadConfig({ MONGODB_URI: 'http://x', DATA_DIR: webDist })).toThrow(/MONGODB_URI/);
    for (const bad of ['shop.example.in', 'https://shop.example.in/store', 'ftp://shop.example.in'])
      expect(() => loadConfig({ PUBLIC_URL: bad, DATA_DIR: webDist }), bad).toThrow(/PUBLIC_URL/);
    expect(
      loadConfig({ PUBLIC_URL: 'https://shop.example.in/', DATA_DIR: webDist }).publicUrl,
    ).toBe('https://shop.example.in');
  });
  it('requires JWT_SECRET and real payment keys in production, and refuses the local admin password', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: webDist })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: webDist })).toThrow(/JWT_SECRET/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: webDist,
        JWT_SECRET: 'x'.repeat(40),
        RAZORPAY_KEY_ID: 'rzp_test_1',
        RAZORPAY_KEY_SECRET: 's',
        SEED_ADMIN_EMAIL: 'a@b.co',
        SEED_ADMIN_PASSWORD: 'admin12345',
      }),
    ).toThrow(/SEED_ADMIN_PASSWORD/);
  });
  it('refuses a bcrypt cost below 12 in production', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: webDist,
      JWT_SECRET: 'q7Vw2pLr9XzK4mNc8TfB1yHd6GsJ0aUe3RkWxYvZ5tQ',
      PUBLIC_URL: 'https://shop.example.in',
      RAZORPAY_KEY_ID: 'rzp_test_1',
      RAZORPAY_KEY_SECRET: 's',
      SMTP_URL: 'smtp://mail.example.com:587',
      SHARED_UPLOADS_DIR: '/srv/shop-uploads',
    };
    expect(() => loadConfig({ ...production, BCRYPT_COST: '11' })).toThrow(/BCRYPT_COST/);
    expect(() => loadConfig({ ...production, BCRYPT_COST: '12' })).not.toThrow();
    expect(() => loadConfig({ DATA_DIR: webDist, BCRYPT_COST: '3' })).toThrow(/BCRYPT_COST/);
  });
  it('listens on this machine only unless HOST says otherwise (the demo admin is not for the Wi-Fi)', () => {
    expect(loadConfig({ DATA_DIR: webDist }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: webDist, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
  it('generates and keeps a local JWT secret in DATA_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.jwt.secret).toHaveLength(96);
    expect(b.jwt.secret).toBe(a.jwt.secret);
  });
});
