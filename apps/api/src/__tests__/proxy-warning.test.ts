/**
 * With TRUST_PROXY off, forwarded headers from a private peer mean a proxy the shop does not
 * know of: every shopper behind it would share one address's limits. The log says so, once.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createLogger } from '../lib/logger.js';
import { isPrivateAddress } from '../lib/proxy-headers.js';
import { from } from '../test/clients.js';
import { checkedRequest } from '../test/contract.js';
import { setupTestApp } from '../test/harness.js';

const t = await setupTestApp();

function shopLogging(trustProxy: false | number) {
  const lines: Array<{ msg?: string; level?: number }> = [];
  const memory = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const logger = createLogger('warn', memory);
  const api = checkedRequest(createApp({ ...t.deps, logger, config: { ...t.config, trustProxy } }));
  const warnings = () => lines.filter((l) => /TRUST_PROXY is off/.test(l.msg ?? ''));
  return { api, warnings };
}

describe('forwarded headers while TRUST_PROXY is off', () => {
  it('are logged as a warning once, when they come from a private peer', async () => {
    const { api, warnings } = shopLogging(false);
    await api.get('/api/health').agent(from('127.0.0.2')).expect(200);
    expect(warnings()).toHaveLength(0);
    for (let i = 0; i < 3; i += 1)
      await api
        .get('/api/health')
        .agent(from('127.0.0.2'))
        .set('X-Forwarded-For', '203.0.113.9')
        .expect(200);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.level).toBe(40);
  });

  it('are not warned about when TRUST_PROXY names the proxy', async () => {
    const { api, warnings } = shopLogging(1);
    await api
      .get('/api/health')
      .agent(from('127.0.0.2'))
      .set('X-Forwarded-For', '203.0.113.9')
      .expect(200);
    expect(warnings()).toHaveLength(0);
  });

  it('tell private and loopback peers from public ones', () => {
    for (const a of [
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '127.0.0.1',
      '::ffff:10.0.0.1',
      '::1',
      'fd00::1',
    ])
      expect(isPrivateAddress(a)).toBe(true);
    for (const a of ['203.0.113.9', '8.8.8.8', '::ffff:198.51.100.1', '2001:db8::1'])
      expect(isPrivateAddress(a)).toBe(false);
  });
});
