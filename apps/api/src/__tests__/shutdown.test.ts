/**
 * Graceful shutdown: a request in flight when SIGTERM's stop() begins still completes, /api/ready
 * answers 503 meanwhile (a load balancer sends the rest elsewhere), and no new connection is
 * accepted afterwards.
 */
import { request as httpRequest } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { describe, expect, inject, it } from 'vitest';
import { start } from '../serve.js';

describe('graceful shutdown', () => {
  it('lets the request in flight finish, then refuses new ones', async () => {
    const shop = await start({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-stop-')),
      MONGODB_URI: new URL(`stop_${Date.now()}`, inject('mongoUri')).toString(),
      LOG_LEVEL: 'silent',
      SEED_DEMO_CATALOG: 'false',
      JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    });
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });

    // Start a login whose body is still arriving when shutdown begins.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: shop.port,
          method: 'POST',
          path: '/api/auth/login',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      // Once the server has the request (its headers), shutdown begins; then the body ends.
      shop.server.once('request', () => {
        stopped = shop.stop(5000);
        listeningWhenBodyEnded = shop.server.listening;
        // The same app, asked while it stops: not ready.
        void supertest(shop.app)
          .get('/api/ready')
          .then((res) => (readyWhileStopping = res.status))
          .finally(() => req.end(body.slice(10)));
      });
      req.write(body.slice(0, 10));
    });
    let stopped: Promise<void> | undefined;
    let listeningWhenBodyEnded: boolean | undefined;
    let readyWhileStopping: number | undefined;

    const answer = await response;
    expect(listeningWhenBodyEnded).toBe(false);
    expect(readyWhileStopping).toBe(503);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false });
    await stopped;

    await expect(
      new Promise((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port: shop.port, path: '/api/health' },
          resolve,
        );
        req.on('error', reject);
        req.end();
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
