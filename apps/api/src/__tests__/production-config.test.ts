/** Production start-up refuses weak or unsafe settings, naming the variable and saying why. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cfg-prod-'));
const production = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  JWT_SECRET: 'q7Vw2pLr9XzK4mNc8TfB1yHd6GsJ0aUe3RkWxYvZ5tQ',
  PUBLIC_URL: 'https://shop.example.in',
  RAZORPAY_KEY_ID: 'rzp_test_1',
  RAZORPAY_KEY_SECRET: 's',
};
const message = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('production settings', () => {
  it('starts with strong settings', () => {
    expect(message(production)).toBeUndefined();
    expect(
      message({
        ...production,
        SEED_ADMIN_EMAIL: 'owner@example.com',
        SEED_ADMIN_PASSWORD: 'Tangerine-Kite-Harbour-42',
        JWT_EXPIRES_IN: '12h',
        TRUST_PROXY: '10.0.0.0/8, loopback',
      }),
    ).toBeUndefined();
  });

  it('refuses a weak admin password', () => {
    for (const password of ['password', 'Password1234!', 'aaaaaaaaaaaaaaaa', 'short-1A']) {
      expect(
        message({
          ...production,
          SEED_ADMIN_EMAIL: 'o@example.com',
          SEED_ADMIN_PASSWORD: password,
        }),
        password,
      ).toMatch(/SEED_ADMIN_PASSWORD: /);
    }
  });

  it('refuses a low-entropy JWT_SECRET, however long', () => {
    expect(message({ ...production, JWT_SECRET: 'a'.repeat(32) })).toMatch(
      /JWT_SECRET: is too predictable/,
    );
    expect(message({ ...production, JWT_SECRET: 'ab'.repeat(40) })).toMatch(/JWT_SECRET: /);
    // 32 random hex digits (openssl rand -hex 16) pass.
    expect(
      message({ ...production, JWT_SECRET: '9f86d081884c7d659a2feaa0c55ad015' }),
    ).toBeUndefined();
  });

  it('refuses a JWT_EXPIRES_IN that is not a sane duration, in any mode', () => {
    expect(message({ ...production, JWT_EXPIRES_IN: 'forever' })).toMatch(
      /JWT_EXPIRES_IN: must be a number with a unit/,
    );
    expect(message({ ...production, JWT_EXPIRES_IN: '3650d' })).toMatch(
      /JWT_EXPIRES_IN: must be from 5m to 30d/,
    );
    // A bare number would be milliseconds to the token library.
    expect(message({ DATA_DIR: dataDir, JWT_EXPIRES_IN: '3600' })).toMatch(/JWT_EXPIRES_IN/);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses true, which would let any client write its own X-Forwarded-For', () => {
    expect(message({ DATA_DIR: dataDir, TRUST_PROXY: 'true' })).toMatch(
      /TRUST_PROXY: true trusts any X-Forwarded-For a client sends/,
    );
  });

  it('takes a hop count or addresses and subnets, and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
    ]);
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(message({ DATA_DIR: dataDir, TRUST_PROXY: 'yes please' })).toMatch(/TRUST_PROXY: /);
    expect(message({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/99' })).toMatch(/TRUST_PROXY: /);
  });
});
