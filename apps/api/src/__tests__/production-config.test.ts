/** Production start-up refuses weak or unsafe settings, naming the variable and saying why. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/index.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cfg-prod-'));
const production = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  JWT_SECRET: 'q7Vw2pLr9XzK4mNc8TfB1yHd6GsJ0aUe3RkWxYvZ5tQ',
  PUBLIC_URL: 'https://shop.example.in',
  RAZORPAY_KEY_ID: 'rzp_test_1',
  RAZORPAY_KEY_SECRET: 's',
  SMTP_URL: 'smtp://mail.example.com:587',
  CLOUDINARY_URL: 'cloudinary://key:secret@shop',
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
  it('runs a worker per core unless WEB_CONCURRENCY says otherwise; tests one process', () => {
    expect(loadConfig(production).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ ...production, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).webConcurrency).toBe(
      availableParallelism(),
    );
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).webConcurrency).toBe(1);
    expect(message({ ...production, WEB_CONCURRENCY: '0' })).toMatch(/WEB_CONCURRENCY/);
  });

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

  it('refuses what cannot work on several machines, naming each variable', () => {
    const { JWT_SECRET: _j, SMTP_URL: _s, CLOUDINARY_URL: _c, ...bare } = production;
    const refused = message(bare)!;
    expect(refused).toMatch(/^ {2}JWT_SECRET: required when NODE_ENV=production/m);
    expect(refused).toMatch(/^ {2}SMTP_URL: required when NODE_ENV=production/m);
    expect(refused).toMatch(
      /^ {2}CLOUDINARY_URL or SHARED_UPLOADS_DIR: one is required when NODE_ENV=production/m,
    );
    // Photos in a folder every replica mounts will do instead of Cloudinary.
    const { CLOUDINARY_URL: _, ...shared } = production;
    expect(message({ ...shared, SHARED_UPLOADS_DIR: '/srv/shop-uploads' })).toBeUndefined();
    expect(loadConfig({ ...shared, SHARED_UPLOADS_DIR: '/srv/shop-uploads' }).uploadsDir).toBe(
      '/srv/shop-uploads',
    );
    // Outside production all three may be missing (mail to the outbox, photos in DATA_DIR).
    expect(message({ DATA_DIR: dataDir })).toBeUndefined();
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

describe('the generated JWT secret (no JWT_SECRET, outside production)', () => {
  it(
    'is one for every process of the machine, even when they start at the same moment',
    { timeout: 300_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cfg-secret-'));
      // Eight processes, each ready to load the configuration, are told to go together.
      const script = `
      import { localJwtSecret } from './src/config/index.ts';
      process.stdin.once('data', () => process.stdout.write(localJwtSecret(${JSON.stringify(dir)})));
      process.stdout.write('ready\\n');`;
      const children = Array.from({ length: 8 }, () =>
        spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          cwd: join(import.meta.dirname, '../..'),
        }),
      );
      const outputs = children.map((child) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        return {
          ready: () => out.startsWith('ready\n'),
          secret: new Promise<string>((resolve) =>
            child.once('exit', () => resolve(out.replace('ready\n', ''))),
          ),
        };
      });
      await vi.waitFor(() => expect(outputs.every((o) => o.ready())).toBe(true), {
        timeout: 120_000,
      });
      for (const child of children) child.stdin.end('go\n');
      const secrets = await Promise.all(outputs.map((o) => o.secret));
      const stored = readFileSync(join(dir, 'jwt-secret'), 'utf8');
      expect(stored).toMatch(/^[0-9a-f]{96}$/);
      expect(new Set(secrets)).toEqual(new Set([stored]));
      // Nothing else is left in the data folder, and the secret is the shop user's alone.
      expect(readdirSync(dir)).toEqual(['jwt-secret']);
      expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    },
  );
});
