/**
 * Test harness: a fresh database per test file, the real app through supertest, and helpers
 * to make users and tokens. Adapters can be swapped per file (an SMTP mailer, a Razorpay
 * stand-in, Cloudinary) through `overrides`.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import mongoose from 'mongoose';
import { afterAll, inject } from 'vitest';
import { ROLES } from '@repo/shared';
import { createApp } from '../app.js';
import { loadConfig, type Config } from '../config/index.js';
import { createTokenSigner } from '../lib/auth.js';
import { ensureIndexes } from '../lib/db.js';
import { checkedRequest } from './contract.js';
import { createDeps } from '../lib/deps.js';
import { createLogger } from '../lib/logger.js';
import type { AppDeps } from '../lib/types.js';
import { User } from '../modules/users/user.model.js';

export interface TestAppOptions {
  env?: Record<string, string>;
  overrides?: (deps: AppDeps) => Partial<AppDeps>;
}

/** A built web app's folder with only its page, for tests of what the server adds to it. */
export function fakeWebDist(
  html = '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), html);
  return dir;
}

export async function setupTestApp(options: TestAppOptions = {}) {
  const dbName = `test_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    RATE_LIMIT_ENABLED: 'false',
    ...options.env,
  });
  const logger = createLogger(config.logLevel);
  if (mongoose.connection.readyState === 0) {
    await mongoose.connect(inject('mongoUri'), { dbName, serverSelectionTimeoutMS: 5000 });
  }
  await ensureIndexes(logger);
  const base = createDeps(config, logger, { kind: inject('mongoKind') as AppDeps['db']['kind'] });
  const deps: AppDeps = { ...base, ...options.overrides?.(base) };
  const app = createApp(deps);
  const tokens = createTokenSigner(config.jwt.secret, config.jwt.expiresIn);

  afterAll(async () => {
    await deps.mailer.close();
    await mongoose.connection.dropDatabase().catch(() => undefined);
    await mongoose.disconnect();
  });

  let counter = 0;
  async function createUser(
    fields: Partial<{
      name: string;
      email: string;
      password: string;
      phone: string;
      address: string;
      role: number;
    }> = {},
  ) {
    counter += 1;
    const password = fields.password ?? 'password123';
    const user = await User.create({
      name: fields.name ?? `User ${counter}`,
      email: fields.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.com`,
      password: await bcrypt.hash(password, 4),
      phone: fields.phone ?? '9876543210',
      address: fields.address ?? '12 MG Road, Bengaluru 560001',
      role: (fields.role ?? ROLES.customer) as 0 | 1,
    });
    const token = tokens.sign(String(user._id));
    return { user, id: String(user._id), token, password, auth: `Bearer ${token}` };
  }

  return {
    app,
    deps,
    config,
    /** supertest against the app; every response is checked against the OpenAPI document. */
    request: () => checkedRequest(app),
    createUser,
    createAdmin: (fields: Parameters<typeof createUser>[0] = {}) =>
      createUser({ ...fields, role: ROLES.admin }),
    tokens,
  };
}
