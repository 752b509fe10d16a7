/**
 * docker-compose.yml with an empty .env starts a production shop: no sandbox, no default admin
 * password, no mail catcher, nothing published beyond 127.0.0.1. Variables are resolved as
 * compose resolves `${NAME:-default}` when NAME is unset.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { findRepoRoot, loadConfig } from '../config/index.js';

interface Service {
  profiles?: string[];
  ports?: string[];
  depends_on?: Record<string, unknown>;
  environment?: Record<string, string | number>;
}
const compose = parse(readFileSync(join(findRepoRoot(), 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
};
/** Compose's interpolation with no variable set: `${X:-d}` → d, `${X}` → ''. */
const unset = (value: string | number) =>
  String(value).replace(/\$\{\w+(?::?-([^}]*))?\}/g, (_m, fallback?: string) => fallback ?? '');

const api = compose.services.api!;
const env = Object.fromEntries(
  Object.entries(api.environment ?? {}).map(([k, v]) => [k, unset(v)]),
);

describe('docker-compose.yml with an empty .env', () => {
  it('runs the API in production, which refuses to start without a JWT secret, its public URL and real payment keys', () => {
    expect(env.NODE_ENV).toBe('production');
    expect(() => loadConfig(env)).toThrow(
      /JWT_SECRET: required[\s\S]*PUBLIC_URL: required[\s\S]*RAZORPAY_KEY_ID: required/,
    );
  });

  it('listens on every interface inside its container and reads client addresses from the proxies in front', () => {
    const config = loadConfig({
      ...env,
      JWT_SECRET: 'q7Vw2pLr9XzK4mNc8TfB1yHd6GsJ0aUe3RkWxYvZ5tQ',
      PUBLIC_URL: 'https://shop.example.in',
      RAZORPAY_KEY_ID: 'rzp_live_1',
      RAZORPAY_KEY_SECRET: 'secret',
    });
    expect(config.host).toBe('0.0.0.0');
    expect(config.trustProxy).toEqual(['loopback', 'uniquelocal']);
  });

  it('has no admin password: the first start generates one', () => {
    expect(env.SEED_ADMIN_PASSWORD ?? '').toBe('');
    const config = loadConfig({
      ...env,
      JWT_SECRET: 'q7Vw2pLr9XzK4mNc8TfB1yHd6GsJ0aUe3RkWxYvZ5tQ',
      PUBLIC_URL: 'https://shop.example.in',
      RAZORPAY_KEY_ID: 'rzp_live_1',
      RAZORPAY_KEY_SECRET: 'secret',
    });
    expect(config.seed.adminPassword).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it('sends no mail to a catcher, which runs only in the opt-in dev profile on 127.0.0.1', () => {
    expect(env.SMTP_URL ?? '').toBe('');
    expect(Object.keys(api.depends_on ?? {})).not.toContain('mailpit');
    const mailpit = compose.services.mailpit!;
    expect(mailpit.profiles).toEqual(['dev']);
    for (const port of mailpit.ports ?? []) expect(unset(port)).toMatch(/^127\.0\.0\.1:/);
  });

  it('publishes the shop on 127.0.0.1 only', () => {
    expect(api.ports?.length).toBeGreaterThan(0);
    for (const port of api.ports ?? []) expect(unset(port)).toMatch(/^127\.0\.0\.1:/);
    for (const [name, service] of Object.entries(compose.services))
      for (const port of service.ports ?? [])
        expect(unset(port), `${name} publishes ${port}`).toMatch(/^127\.0\.0\.1:/);
  });
});
