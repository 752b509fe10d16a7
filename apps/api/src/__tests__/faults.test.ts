/**
 * The database stops mid-run: every API call is answered at once with a 503 and a clear
 * message, /api/ready says 503, /api/health stays 200; when the database returns on the same
 * port and data directory, the shop recovers by itself and what was written before is there.
 * This file runs its own embedded server (not the shared one) so it can stop and restart it,
 * and connects through lib/db.ts so the connection options under test are the app's own.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from '@repo/embedded-mongo';
import { createApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { connectDatabase, type Database } from '../lib/db.js';
import { createDeps } from '../lib/deps.js';
import { DB_UNAVAILABLE } from '../lib/errors.js';
import { createLogger } from '../lib/logger.js';
import type { AppDeps } from '../lib/types.js';
import { checkedRequest } from '../test/contract.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves on the driver's next failed heartbeat: it has tried the database and given up. */
function nextFailedHeartbeat(): Promise<void> {
  return new Promise((resolve) =>
    mongoose.connection.getClient().once('serverHeartbeatFailed', () => resolve()),
  );
}

const shopper = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  password: 'correct-horse-9',
  phone: '9876543210',
  address: '12 MG Road, Bengaluru 560001',
};

describe('the database goes away and comes back', () => {
  const dbDir = mkdtempSync(join(tmpdir(), 'shop-faults-db-'));
  let port: number;
  let mongo: EmbeddedMongo | undefined;
  let db: Database;
  let deps: AppDeps;
  let request: () => ReturnType<typeof checkedRequest>;

  beforeAll(async () => {
    port = await freePort();
    mongo = await startEmbeddedMongo({ dataDir: dbDir, port });
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-faults-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      RATE_LIMIT_ENABLED: 'false',
    });
    const logger = createLogger(config.logLevel);
    db = await connectDatabase({ mongoUri: `${mongo.uri}faults`, dataDir, logger });
    deps = createDeps(config, logger, { kind: 'embedded' });
    const app = createApp(deps);
    request = () => checkedRequest(app);
  });

  afterAll(async () => {
    await deps?.mailer.close();
    await db?.close();
    await mongo?.stop();
  });

  it('answers 503 while the database is down, and recovers on its own with the data intact', async () => {
    const registered = await request().post('/api/auth/register').send(shopper);
    expect(registered.status).toBe(201);
    const { token, user } = registered.body as { token: string; user: { _id: string } };
    const detail = () =>
      request().get(`/api/user/user-detail/${user._id}`).set('Authorization', `Bearer ${token}`);
    expect((await request().get('/api/ready')).status).toBe(200);

    const heartbeatFailed = nextFailedHeartbeat();
    await mongo!.stop();
    mongo = undefined;

    // Until the driver reports the loss, a call may wait for server selection (at most its 5 s
    // timeout); either way the answer is the 503.
    const answers: Response[] = [];
    await vi.waitFor(
      async () => {
        answers.push(await detail());
        if (mongoose.connection.readyState !== mongoose.ConnectionStates.disconnected)
          throw new Error('the driver has not noticed yet');
      },
      { timeout: 60_000, interval: 100 },
    );
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        success: false,
        message: DB_UNAVAILABLE,
        requestId: res.headers['x-request-id'],
      });
    }

    // From then on every call is refused at once, reads and writes alike: before any query.
    const queries = vi.spyOn(mongoose.Query.prototype, 'exec');
    const aggregates = vi.spyOn(mongoose.Aggregate.prototype, 'exec');
    for (const call of [
      () =>
        request()
          .post('/api/auth/login')
          .send({ email: shopper.email, password: shopper.password }),
      () => request().get('/api/category/all-category'),
      () => request().get('/api/product/productList/1'),
      detail,
      // The payment calls too: they used to wait for the driver's 5 s server selection.
      () =>
        request()
          .post('/api/payment/create-order')
          .send({ items: [{ _id: 'a'.repeat(24), cartQuantity: 1 }], amount: 499 }),
      () => request().post('/api/payment/sandbox/pay').send({ order_id: 'order_sandbox_1' }),
      () =>
        request()
          .post('/api/payment/webhook')
          .set('Content-Type', 'application/json')
          .send('{"event":"payment.captured"}'),
    ]) {
      const res = await call();
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, message: DB_UNAVAILABLE });
    }
    expect(queries).not.toHaveBeenCalled();
    expect(aggregates).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    const ready = await request().get('/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ success: false, message: DB_UNAVAILABLE });
    const health = await request().get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok' });

    // Once the driver's heartbeat has failed, the database returns on the same port with the
    // same files, and nobody restarts the shop: its next heartbeat (every 2 s, lib/db.ts) finds it.
    await heartbeatFailed;
    mongo = await startEmbeddedMongo({ dataDir: dbDir, port });
    await expect
      .poll(async () => (await request().get('/api/ready')).status, { timeout: 60_000 })
      .toBe(200);

    const login = await request()
      .post('/api/auth/login')
      .send({ email: shopper.email, password: shopper.password });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ _id: user._id, email: shopper.email });
    const again = await detail();
    expect(again.status).toBe(200);
    expect(again.body.user).toMatchObject({
      name: shopper.name,
      // Kept as Indian numbers are written everywhere in the shop.
      phone: '+91 98765 43210',
      address: shopper.address,
    });
  }, 60_000);
});
