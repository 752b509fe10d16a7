/**
 * The fast lane (lib/fast-lane.ts): a repeated catalog read is answered in front of Express,
 * and a caller cannot tell the difference: same status, body and headers, 304s, compression,
 * request ids and log lines; never a stale answer after a catalog write, in this process or
 * another; anything it cannot answer goes to Express as before.
 */
import { once } from 'node:events';
import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import mongoose from 'mongoose';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { POST_URL_LIMITS } from '../lib/fast-lane.js';
import { createLogger } from '../lib/logger.js';
import { Product } from '../modules/products/product.model.js';
import { insertProducts, makeCategory } from '../modules/products/__tests__/fixtures.js';
import { setupTestApp } from '../test/harness.js';
import { checkedRequest } from '../test/contract.js';

const lines: string[] = [];
const memory = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const t = await setupTestApp({ overrides: () => ({ logger: createLogger('info', memory) }) });
const anime = await makeCategory('Anime');
const music = await makeCategory('Music');
const products = await insertProducts(
  Array.from({ length: 20 }, (_, i) => ({
    name: `Lane Tee ${i + 1}`,
    price: 200 + i * 50,
    category: i % 2 ? anime : music,
  })),
);
const first = products[products.length - 1]!;

/** How many requests reached Express from now on. */
function countExpress(app = t.app) {
  // Express calls its own `handle` for every request it gets (not in its public types).
  const spy = vi.spyOn(app.express as unknown as { handle: () => void }, 'handle');
  return () => spy.mock.calls.length;
}
afterEach(() => vi.restoreAllMocks());

const server = createServer(t.app).listen(0, '127.0.0.1');
await once(server, 'listening');
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A GET whose body stays as sent (supertest would decompress it). */
function rawGet(path: string, headers: Record<string, string>) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/**
 * Headers a caller compares: less the ones that differ on every response, the framing ones
 * (the lane sends a length where compression streams) and the connection's own.
 */
function comparable(headers: Record<string, unknown>) {
  const {
    date: _date,
    'x-request-id': _id,
    'transfer-encoding': _te,
    'content-length': _cl,
    connection: _connection,
    'keep-alive': _keepAlive,
    ...rest
  } = headers;
  return rest;
}

const GETS = [
  '/api/product/productList/1',
  '/api/product/get-product-count',
  `/api/product/get-product/${first.slug}`,
  '/api/product/search/lane',
  '/api/category/all-category',
  '/api/product/get-product?page=1',
];

describe('a repeated catalog read', () => {
  it('is answered without Express, with the same status, body and headers', async () => {
    for (const path of GETS) {
      const viaExpress = await t.request().get(path).expect(200);
      const expressCalls = countExpress();
      const viaLane = await t.request().get(path).expect(200);
      expect(expressCalls(), path).toBe(0);
      expect(viaLane.text).toBe(viaExpress.text);
      expect(comparable(viaLane.headers)).toEqual(comparable(viaExpress.headers));
      expect(viaLane.headers['x-request-id']).toMatch(/^[\w-]+$/);
      expect(viaLane.headers['x-request-id']).not.toBe(viaExpress.headers['x-request-id']);
      expect(viaLane.headers['content-security-policy']).toBeDefined();
      vi.restoreAllMocks();
    }
  });

  it('answers 304 to a current ETag and HEAD with headers only', async () => {
    const path = '/api/product/productList/1';
    const { headers } = await t.request().get(path).expect(200);
    const expressCalls = countExpress();
    const again = await t
      .request()
      .get(path)
      .set('If-None-Match', headers.etag as string)
      .expect(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(headers.etag);
    const head = await t.request().head(path).expect(200);
    expect(head.headers['content-length']).toBe(
      String(Buffer.byteLength((await t.request().get(path)).text)),
    );
    expect(expressCalls()).toBe(0);
  });

  it('compresses with brotli or gzip as the caller accepts, once per answer', async () => {
    const path = '/api/product/productList/1';
    const plain = (await t.request().get(path).set('Accept-Encoding', 'identity').expect(200)).text;
    const expressCalls = countExpress();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const { headers, body } = await rawGet(path, { 'accept-encoding': accept });
      expect(headers['content-encoding']).toBe(encoding);
      expect(headers.vary).toBe('Accept-Encoding');
      expect(Number(headers['content-length'])).toBe(body.length);
      expect(body.length).toBeLessThan(Buffer.byteLength(plain) / 2);
      expect(decode(body).toString('utf8')).toBe(plain);
    }
    expect(expressCalls()).toBe(0);
    // An encoding the lane does not keep is Express's, and still works.
    const deflated = await t.request().get(path).set('Accept-Encoding', 'deflate').expect(200);
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(expressCalls()).toBe(1);
  });

  it('leaves an answer under 1 KB uncompressed, as the compression middleware does', async () => {
    const path = '/api/product/get-product-count';
    await t.request().get(path).expect(200);
    const expressCalls = countExpress();
    const { headers, body } = await rawGet(path, { 'accept-encoding': 'br, gzip' });
    expect(expressCalls()).toBe(0);
    expect(headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(body.toString('utf8'))).toEqual({ total: products.length });
  });

  it('replaces an X-Request-Id that is not sane with a new one', async () => {
    const path = '/api/category/all-category';
    await t.request().get(path).expect(200);
    const expressCalls = countExpress();
    const res = await t.request().get(path).set('X-Request-Id', 'bad id;<x>').expect(200);
    expect(expressCalls()).toBe(0);
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(res.headers['x-request-id']).not.toBe('bad id;<x>');
  });

  it('leaves the reads to Express, which answers 503, while the database is away', async () => {
    const path = '/api/product/productList/1';
    await t.request().get(path).expect(200);
    const expressCalls = countExpress();
    const away = vi
      .spyOn(mongoose.connection, 'readyState', 'get')
      .mockReturnValue(mongoose.ConnectionStates.disconnected);
    try {
      const res = await t.request().get(path).expect(503);
      expect(res.body).toMatchObject({ success: false });
      expect(expressCalls()).toBe(1);
    } finally {
      away.mockRestore();
    }
    expect(mongoose.connection.readyState).toBe(mongoose.ConnectionStates.connected);
  });

  it('keeps one answer for every URL that asks the same read: a new URL costs only its key', async () => {
    const path = '/api/product/productList/1';
    const { text } = await t.request().get(path).expect(200);
    const before = t.app.catalogCache.bytes;
    for (let i = 0; i < 20; i++) {
      await t.request().get(`${path}?v=${i}`).expect(200);
      const again = await t.request().get(`${path}?v=${i}`).expect(200);
      expect(again.text).toBe(text);
    }
    // Far less than one copy of the body per URL.
    expect(t.app.catalogCache.bytes - before).toBeLessThan(20 * 200);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1000);
  });

  it('logs its line with the request id the response carries', async () => {
    const path = '/api/category/all-category';
    await t.request().get(path).expect(200);
    const res = await t.request().get(path).set('X-Request-Id', 'lane-check-1').expect(200);
    expect(res.headers['x-request-id']).toBe('lane-check-1');
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.req?.id === 'lane-check-1');
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: path },
      res: { statusCode: 200 },
    });
    expect(typeof line.responseTime).toBe('number');
  });
});

describe('after a catalog write', () => {
  it('answers the new data at once, also from another API process', async () => {
    const path = `/api/product/get-product/${first.slug}`;
    const other = createApp(t.deps);
    await t.request().get(path).expect(200);
    await checkedRequest(other).get(path).expect(200);
    const before = await checkedRequest(other).get(path).expect(200);
    expect(before.body.Aproduct.price).toBe(first.price);

    // Written through this process's models; the other process only sees the database.
    await Product.updateOne({ _id: first.id }, { $set: { price: 4321 } });

    expect((await checkedRequest(other).get(path).expect(200)).body.Aproduct.price).toBe(4321);
    expect((await t.request().get(path).expect(200)).body.Aproduct.price).toBe(4321);
    const stale = await t
      .request()
      .get(path)
      .set('If-None-Match', before.headers.etag as string)
      .expect(200);
    expect(stale.headers.etag).not.toBe(before.headers.etag);
  });
});

describe('a repeated filter call (POST)', () => {
  const path = '/api/product/getFilter-product';
  const body = { checked: [anime, music], radio: [200, 600], page: 1 };

  it('is answered without Express for the same body bytes, and by Express for others', async () => {
    const a = await t.request().post(path).send(body).expect(200);
    await t.request().post(path).send(body).expect(200);
    const expressCalls = countExpress();
    const c = await t.request().post(path).send(body).expect(200);
    expect(expressCalls()).toBe(0);
    expect(c.text).toBe(a.text);
    expect(comparable(c.headers)).toEqual(comparable(a.headers));

    const other = await t
      .request()
      .post(path)
      .send({ ...body, radio: [600, 1000] })
      .expect(200);
    expect(expressCalls()).toBe(1);
    expect(
      other.body.filterProduct.every((p: { price: number }) => p.price >= 600 && p.price <= 1000),
    ).toBe(true);
  });

  it('hands a body it has read to Express intact: bad JSON and bad input get the same errors', async () => {
    await t.request().post(path).send(body).expect(200);
    await t.request().post(path).send(body).expect(200);
    const malformed = await t
      .request()
      .post(path)
      .set('Content-Type', 'application/json')
      .send('{"checked": [')
      .expect(400);
    expect(malformed.body).toEqual({
      success: false,
      message: 'Malformed JSON in the request body',
      requestId: malformed.headers['x-request-id'],
    });
    const notAnObject = await t
      .request()
      .post(path)
      .set('Content-Type', 'application/json')
      .send('"checked"')
      .expect(400);
    expect(notAnObject.body.message).toBe('Malformed JSON in the request body');
    const invalid = await t
      .request()
      .post(path)
      .send({ checked: 'anime', radio: [], page: 1 })
      .expect(400);
    expect(invalid.body.success).toBe(false);
  });

  it('leaves to Express a POST that is not plain JSON of an announced length up to 16 KB', async () => {
    const a = await t.request().post(path).send(body).expect(200);
    await t.request().post(path).send(body).expect(200);
    const expressCalls = countExpress();
    // Text, not JSON: Express parses no body, and the filter's defaults apply.
    const text = await t.request().post(path).set('Content-Type', 'text/plain').send('{}');
    expect(expressCalls()).toBe(1);
    expect(text.status).toBe(200);
    // Over 16 KB (padding the lane would have to buffer): Express reads it, same answer.
    const big = await t
      .request()
      .post(path)
      .send({ ...body, pad: 'x'.repeat(17 * 1024) })
      .expect(200);
    expect(expressCalls()).toBe(2);
    expect(big.text).toBe(a.text);
  });

  it('remembers a bounded number of POST URLs, whatever query strings callers invent', async () => {
    const { lane } = t.app;
    const { maxEntries, maxBytes } = POST_URL_LIMITS;
    // Many short URLs: the number of entries is bounded...
    for (let i = 0; i < maxEntries + 16; i++)
      await t.request().post(`${path}?short=${i}`).send(body).expect(200);
    expect(lane.postUrlCount.entries).toBe(maxEntries);
    // ...and a few long ones: so are the bytes.
    for (let i = 0; i < 40; i++)
      await t
        .request()
        .post(`${path}?long${i}=${'q'.repeat(2_000)}`)
        .send(body)
        .expect(200);
    expect(lane.postUrlCount.bytes).toBeGreaterThan(maxBytes / 2);
    expect(lane.postUrlCount.bytes).toBeLessThanOrEqual(maxBytes);
    expect(lane.postUrlCount.entries).toBeLessThan(maxEntries);
  });

  it('never answers a filter stale after a write', async () => {
    await t.request().post(path).send(body).expect(200);
    const before = await t.request().post(path).send(body).expect(200);
    const target = before.body.filterProduct[0];
    await Product.updateOne({ _id: target._id }, { $set: { name: 'Renamed Lane Tee' } });
    const after = await t.request().post(path).send(body).expect(200);
    expect(after.body.filterProduct[0].name).toBe('Renamed Lane Tee');
  });
});

describe('with CORS configured', () => {
  it('leaves cross-origin requests to Express, which adds the CORS grant', async () => {
    const cors = checkedRequest(
      createApp({
        ...t.deps,
        config: { ...t.deps.config, corsOrigins: ['https://shop.example.com'] },
      }),
    );
    const path = '/api/category/all-category';
    await cors.get(path).set('Origin', 'https://shop.example.com').expect(200);
    await cors.get(path).expect(200);
    const again = await cors.get(path).set('Origin', 'https://shop.example.com').expect(200);
    expect(again.headers['access-control-allow-origin']).toBe('https://shop.example.com');
  });
});
