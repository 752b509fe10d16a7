/** Security headers, CORS limited to CORS_ORIGINS, and `trust proxy` from TRUST_PROXY. */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/harness.js';

const t = await setupTestApp({
  env: { CORS_ORIGINS: 'https://shop.example.com,https://admin.example.com', TRUST_PROXY: '1' },
});

describe('security headers', () => {
  it('sends helmet headers and hides the framework', async () => {
    const res = await t.request().get('/api/health').expect(200);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).toContain('https://checkout.razorpay.com');
  });
});

describe('CORS', () => {
  it('allows a configured origin, preflight included', async () => {
    const res = await t
      .request()
      .options('/api/auth/login')
      .set('Origin', 'https://shop.example.com')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,authorization');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example.com');
  });

  it('gives no CORS grant to any other origin', async () => {
    const res = await t
      .request()
      .get('/api/category/all-category')
      .set('Origin', 'https://evil.example.net');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('trust proxy', () => {
  it('takes the client address from one proxy hop when TRUST_PROXY=1', () => {
    expect(t.app.express.get('trust proxy')).toBe(1);
  });
});
