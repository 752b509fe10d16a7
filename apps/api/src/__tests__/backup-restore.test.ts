/**
 * A backup of the demo shop (the embedded database's dump, taken while the shop runs) restored
 * into a fresh data folder answers every catalog and admin call exactly as the original did.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { dumpDataDir, restoreDataDir, startEmbeddedMongo } from '@repo/embedded-mongo';
import type { EmbeddedMongo } from '@repo/embedded-mongo';
import { seedIfEmpty } from '../seed/index.js';
import { setupTestApp } from '../test/harness.js';

const root = mkdtempSync(join(tmpdir(), 'shop-backup-'));
const servers: EmbeddedMongo[] = [];
afterAll(async () => {
  await mongoose.disconnect();
  for (const s of servers) await s.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Points the app's Mongoose connection at an embedded server on `dataDir`. */
async function useDatabase(dataDir: string): Promise<void> {
  await mongoose.disconnect();
  const mongo = await startEmbeddedMongo({ dataDir });
  servers.push(mongo);
  await mongoose.connect(`${mongo.uri}shop`, { serverSelectionTimeoutMS: 5000 });
}

type App = Awaited<ReturnType<typeof setupTestApp>>;

/** The answers a shopper and the admin get, minus what changes per request (tokens, ids). */
async function answers(t: App): Promise<unknown[]> {
  const get = async (url: string, auth?: string) => {
    const req = t.request().get(url);
    const res = await (auth ? req.set('Authorization', auth) : req);
    expect(res.status, url).toBe(200);
    return res.body as unknown;
  };
  const login = await t
    .request()
    .post('/api/auth/login')
    .send({ email: t.config.seed.adminEmail, password: t.config.seed.adminPassword });
  expect(login.status).toBe(200);
  const auth = `Bearer ${(login.body as { token: string }).token}`;
  const categories = (await get('/api/category/all-category')) as {
    category?: { slug: string }[];
  };
  const page = (await get('/api/product/productList/1')) as {
    prod: { slug: string; _id: string; category: { _id: string } | string }[];
  };
  const first = page.prod[0]!;
  const categoryId = typeof first.category === 'string' ? first.category : first.category._id;
  const filtered = await t
    .request()
    .post('/api/product/getFilter-product')
    .send({ checked: [categoryId], radio: [0, 1000] });
  expect(filtered.status).toBe(200);
  return [
    (login.body as { user: unknown }).user,
    categories,
    page,
    await get('/api/product/get-product-count'),
    await get('/api/product/productList/2'),
    await get(`/api/product/get-product/${first.slug}`),
    await get(`/api/product/related-product/${first._id}/${categoryId}`),
    await get('/api/product/search/tee'),
    await get('/api/product/get-product?page=1', auth),
    await get('/api/all-user/adminpanel', auth),
    filtered.body,
  ];
}

describe('db backup and restore', { timeout: 120_000 }, () => {
  it('gives identical API answers after restoring a backup of the demo shop', async () => {
    const original = join(root, 'original');
    await useDatabase(original);
    const t = await setupTestApp();
    await seedIfEmpty(t.deps);
    const before = await answers(t);
    expect(JSON.stringify(before)).toContain('"slug"');

    const dump = join(root, 'dump');
    const dumped = dumpDataDir(original, dump); // while the server still runs on it
    expect(dumped.documents).toBeGreaterThan(36);

    const restored = join(root, 'restored');
    const summary = await restoreDataDir(restored, dump);
    expect(summary).toEqual(dumped);
    await useDatabase(restored);
    const fresh = await setupTestApp(); // a new app: nothing cached from the first database
    expect(await answers(fresh)).toEqual(before);
  });
});
