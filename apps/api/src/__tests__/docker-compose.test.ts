/**
 * docker-compose.yml with an empty .env starts a production shop: no sandbox, no default admin
 * password, no mail catcher, nothing published beyond 127.0.0.1; and it scales: nginx in front of
 * `api` replicas that publish no port of their own, trust forwarded addresses from the proxies in front alone,
 * share their photos, are health-checked on /api/ready and given time to stop gracefully.
 * Variables are resolved as compose resolves `${NAME:-default}` when NAME is unset.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Request } from 'express';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { findRepoRoot, loadConfig } from '../config/index.js';
import { STOP_DEADLINE_MS } from '../serve.js';

interface Service {
  profiles?: string[];
  ports?: string[];
  expose?: string[];
  depends_on?: Record<string, unknown>;
  environment?: Record<string, string | number>;
  volumes?: string[];
  networks?: Record<string, { ipv4_address?: string }> | string[];
  healthcheck?: { test: string[] | string; timeout?: string };
  stop_grace_period?: string;
}
const root = findRepoRoot();
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
/** Compose's interpolation with no variable set: `${X:-d}` → d, `${X}` → ''. */
const unset = (value: string | number) =>
  String(value).replace(/\$\{\w+(?::?-([^}]*))?\}/g, (_m, fallback?: string) => fallback ?? '');

const api = compose.services.api!;
const env = Object.fromEntries(
  Object.entries(api.environment ?? {}).map(([k, v]) => [k, unset(v)]),
);
/** What the operator's .env must add for production to start. */
const required = {
  JWT_SECRET: 'q7Vw2pLr9XzK4mNc8TfB1yHd6GsJ0aUe3RkWxYvZ5tQ',
  PUBLIC_URL: 'https://shop.example.in',
  SMTP_URL: 'smtp://mail.example.com:587',
  RAZORPAY_KEY_ID: 'rzp_live_1',
  RAZORPAY_KEY_SECRET: 'secret',
};

describe('docker-compose.yml with an empty .env', () => {
  it('runs the API in production, which refuses to start without a JWT secret, its public URL, mail and real payment keys', () => {
    expect(env.NODE_ENV).toBe('production');
    expect(() => loadConfig(env)).toThrow(
      /JWT_SECRET: required[\s\S]*PUBLIC_URL: required[\s\S]*SMTP_URL: required[\s\S]*RAZORPAY_KEY_ID: required/,
    );
  });

  it('listens on every interface inside its container', () => {
    expect(loadConfig({ ...env, ...required }).host).toBe('0.0.0.0');
  });

  it('has no admin password: the first start generates one', () => {
    expect(env.SEED_ADMIN_PASSWORD ?? '').toBe('');
    const config = loadConfig({ ...env, ...required });
    expect(config.seed.adminPassword).toBeUndefined();
  });

  it('sends no mail to a catcher, which runs only in the opt-in dev profile on 127.0.0.1', () => {
    expect(env.SMTP_URL ?? '').toBe('');
    expect(Object.keys(api.depends_on ?? {})).not.toContain('mailpit');
    const mailpit = compose.services.mailpit!;
    expect(mailpit.profiles).toEqual(['dev']);
    for (const port of mailpit.ports ?? []) expect(unset(port)).toMatch(/^127\.0\.0\.1:/);
  });

  it('publishes the shop on 127.0.0.1 only, through nginx', () => {
    const nginx = compose.services.nginx!;
    expect(nginx.ports?.map(unset)).toEqual(['127.0.0.1:3000:80']);
    for (const [name, service] of Object.entries(compose.services))
      for (const port of service.ports ?? [])
        expect(unset(port), `${name} publishes ${port}`).toMatch(/^127\.0\.0\.1:/);
  });
});

describe('docker-compose.yml scales out (`docker-compose up --scale api=3`)', () => {
  const nginx = compose.services.nginx!;
  const nginxAddress = (nginx.networks as Record<string, { ipv4_address: string }>).shop!
    .ipv4_address;

  it('publishes no port of the API replicas: nginx reaches each on the shop network', () => {
    expect(api.ports).toBeUndefined();
    expect(api.expose).toEqual(['3000']);
    expect(env.HOST).toBe('0.0.0.0');
    expect(Object.keys(nginx.depends_on ?? {})).toEqual(['api']);
  });

  it("passes every request to the replicas with the client's address, which the API believes from nginx alone", () => {
    const mounts = nginx.volumes ?? [];
    expect(mounts).toContain('./nginx/shop.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(mounts).toContain('./nginx/shop-proxy.conf:/etc/nginx/shop-proxy.conf:ro');
    const site = readFileSync(join(root, 'nginx/shop.conf'), 'utf8');
    const proxy = readFileSync(join(root, 'nginx/shop-proxy.conf'), 'utf8');
    expect(site).toMatch(/server api:3000 resolve/);
    expect(site).toMatch(/include \/etc\/nginx\/shop-proxy\.conf;/);
    expect(proxy).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  });

  it("believes the client's address from nginx and this machine's proxy in front of it, from nobody else", () => {
    const app = express();
    app.set('trust proxy', loadConfig({ ...env, ...required }).trustProxy);
    /** The address a replica logs and limits for a connection from `peer` (Express's req.ip). */
    const clientOf = (peer: string, forwardedFor?: string) => {
      const req = Object.assign(Object.create(app.request) as Request, {
        app,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        socket: { remoteAddress: peer },
        connection: { remoteAddress: peer },
      });
      return req.ip;
    };
    // A shopper straight to nginx (published on every interface).
    expect(clientOf(nginxAddress, '198.51.100.4')).toBe('198.51.100.4');
    // A shopper through this machine's TLS proxy, which reaches nginx through the gateway.
    expect(clientOf(nginxAddress, '198.51.100.4, 172.28.0.1')).toBe('198.51.100.4');
    // A shopper who made up an X-Forwarded-For: nginx appends the address it saw.
    expect(clientOf(nginxAddress, '203.0.113.9, 198.51.100.4')).toBe('198.51.100.4');
    // Another container on the network, straight to a replica's port, is not believed.
    expect(clientOf('172.28.0.5', '203.0.113.9')).toBe('172.28.0.5');
  });

  it('gives every replica the same photo folder, on a volume they all mount', () => {
    expect(env.SHARED_UPLOADS_DIR).toBe('/app/uploads');
    expect(api.volumes).toContain('uploads:/app/uploads');
    expect(Object.keys(compose.volumes)).toContain('uploads');
  });

  it('checks each replica on /api/ready with a deadline, and gives it time to stop gracefully', () => {
    const check = [api.healthcheck!.test].flat().join(' ');
    expect(check).toContain('/api/ready');
    expect(check).toMatch(/AbortSignal\.timeout\(4000\)/);
    // The stop's own deadline (server.ts) is within the time compose gives before SIGKILL.
    expect(parseInt(api.stop_grace_period!, 10) * 1000).toBeGreaterThan(STOP_DEADLINE_MS);
  });
});
