import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/harness.js';
import { checkResponse } from '../../test/contract.js';
import { buildOpenApiDocument } from '../document.js';
import { OPERATIONS } from '../operations.js';

const t = await setupTestApp();
const someId = '6650f1c2a1b2c3d4e5f60789';

describe('the OpenAPI document', () => {
  it('is served at /api/openapi.json as OpenAPI 3.1 with every operation, bearer auth and the error shape', async () => {
    const res = await t.request().get('/api/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.body as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { security: unknown[]; responses: Record<string, unknown> }>
      >;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    for (const op of OPERATIONS) {
      const described = doc.paths[`/api${op.path}`]?.[op.method];
      expect(described, `${op.method} ${op.path}`).toBeDefined();
      expect(described!.responses.default).toBeDefined();
      expect(described!.security).toEqual(
        op.auth === 'bearer' ? [{ bearer: [] }] : expect.any(Array),
      );
    }
    // The product, with the fields both apps rely on.
    expect(doc.components.schemas.Product).toMatchObject({
      required: expect.arrayContaining([
        '_id',
        'name',
        'slug',
        'price',
        'quantity',
        'category',
        'photo',
      ]),
    });
  });

  it('is committed as apps/api/openapi.json, current (else run `pnpm openapi`)', () => {
    const committed = readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8');
    expect(committed, 'apps/api/openapi.json is stale: run `pnpm openapi`').toBe(
      `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`,
    );
  });

  it('describes only routes the API has: each answers something other than "No API route"', async () => {
    for (const op of OPERATIONS) {
      const path = `/api${op.path.replace(/\{[^}]+\}/g, someId)}`;
      const res = await t.request()[op.method](path).send({});
      expect(res.body?.message ?? '', `${op.method} ${path}`).not.toMatch(/^No API route/);
    }
  });

  it('serves the reference page from the shop’s own files, with no inline script', async () => {
    const page = await t.request().get('/api/docs').expect(200);
    expect(page.text).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const bundle = await t.request().get('/api/docs/assets/swagger-ui-bundle.js').expect(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    const start = await t.request().get('/api/docs/start.js').expect(200);
    expect(start.text).toContain("url: '/api/openapi.json'");
    await t.request().get('/api/docs/assets/nope.js').expect(404);
  });

  it('serves only the two files the page uses, none of the rest of the package', async () => {
    const css = await t.request().get('/api/docs/assets/swagger-ui.css').expect(200);
    expect(css.headers['content-type']).toMatch(/css/);
    for (const file of [
      'package.json',
      'swagger-ui-bundle.js.map',
      'index.html',
      'swagger-initializer.js',
      'oauth2-redirect.html',
      'swagger-ui.js',
      'favicon-32x32.png',
      '..%2Fpackage.json',
    ]) {
      const res = await t.request().get(`/api/docs/assets/${file}`);
      expect([file, res.status]).toEqual([file, 404]);
      expect(res.body).toMatchObject({ success: false });
    }
  });
});

describe('the contract check', () => {
  const res = (body: unknown, status = 200, path = '/api/product/get-product-count') => ({
    status,
    body,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    req: { method: 'GET', path },
  });

  it('passes an answer as described', () => {
    expect(() => checkResponse(res({ total: 3 }))).not.toThrow();
    expect(() => checkResponse(res({ success: false, message: 'x' }, 503))).not.toThrow();
  });
  it('fails a missing, renamed or undescribed field, and a wrong type', () => {
    expect(() => checkResponse(res({}))).toThrow(/must have required property 'total'/);
    expect(() => checkResponse(res({ total: 3, extra: 1 }))).toThrow(/additional properties/);
    expect(() => checkResponse(res({ total: '3' }))).toThrow(/must be number/);
  });
  it('fails an undescribed route or success status, and another media type', () => {
    expect(() => checkResponse(res({}, 200, '/api/product/nope'))).toThrow(/not described/);
    expect(() => checkResponse(res({ total: 3 }, 201))).toThrow(/no 201 answer/);
    expect(() =>
      checkResponse({ ...res({ total: 3 }), headers: { 'content-type': 'text/html' } }),
    ).toThrow(/described as application\/json/);
  });
});
