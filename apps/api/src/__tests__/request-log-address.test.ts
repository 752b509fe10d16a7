/**
 * Behind a proxy the shop trusts (TRUST_PROXY), each request's log line names the client's
 * address from X-Forwarded-For, not the proxy's: in Express's lines and in the fast lane's alike.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.js';
import { setupTestApp } from '../test/harness.js';

const lines: string[] = [];
const memory = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
// The test's requests come from loopback: the proxy in front.
const t = await setupTestApp({
  env: { TRUST_PROXY: 'loopback' },
  overrides: () => ({ logger: createLogger('info', memory) }),
});

const loggedAddress = (id: string) =>
  lines.map((l) => JSON.parse(l)).find((l) => l.req?.id === id)?.req.remoteAddress;

describe('the request log behind a trusted proxy', () => {
  it("names the client's address for a request Express answers", async () => {
    await t
      .request()
      .get('/api/ready')
      .set('X-Forwarded-For', '198.51.100.7')
      .set('X-Request-Id', 'log-express-1')
      .expect(200);
    expect(loggedAddress('log-express-1')).toBe('198.51.100.7');
  });

  it("names the client's address for a catalog read the fast lane answers", async () => {
    const path = '/api/category/all-category';
    await t.request().get(path).expect(200); // the first read fills the lane
    await t
      .request()
      .get(path)
      .set('X-Forwarded-For', '203.0.113.20, 198.51.100.8')
      .set('X-Request-Id', 'log-lane-1')
      .expect(200);
    expect(loggedAddress('log-lane-1')).toBe('198.51.100.8');
  });
});
