/**
 * Two copies of the shop on one database, as two replicas run: the embedded database as a server
 * of its own, two shop processes on it (one worker each) started at the same moment on an empty
 * database, and requests alternating between them. The release steps run once (one admin, one
 * demo catalog); a token from one copy works on the other; 12 shoppers for the last 3 of a size,
 * each ordering on one copy and paying on the other, buy 3 and 9 are flagged short; a payment
 * whose shopper never came back is made an order once, by one copy's sweep, with one mail; a
 * photo uploaded through one copy is served by the other (the folder both mount).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Order } from '../modules/orders/order.model.js';
import { makeProduct, sizeStockOf } from '../modules/payments/__tests__/helpers.js';
import { makeImage } from '../modules/products/__tests__/fixtures.js';
import { findRepoRoot } from '../config/index.js';
import { startShopProcess, type ShopProcess } from '../test/shop-process.js';

const dir = mkdtempSync(join(tmpdir(), 'shop-two-copies-'));
const dbDir = join(dir, 'db');
const uri = `mongodb://${encodeURIComponent(join(dbDir, 'mongod.sock'))}/shop`;

const database = spawn(
  process.execPath,
  [join(findRepoRoot(), 'packages/embedded-mongo/bin/embedded-mongo.js'), '--data', dbDir],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
let databaseOutput = '';
database.stdout.on('data', (chunk: Buffer) => (databaseOutput += chunk.toString()));
database.stderr.on('data', (chunk: Buffer) => (databaseOutput += chunk.toString()));

let copies: ShopProcess[] = [];
let ports: number[] = [];

beforeAll(async () => {
  await vi.waitFor(() => expect(databaseOutput).toContain('listening on'), { timeout: 60_000 });
  // Started together on the empty database, each with its own data folder (its own outbox).
  copies = ['a', 'b'].map((name) =>
    startShopProcess({
      MONGODB_URI: uri,
      DATA_DIR: join(dir, name),
      SHARED_UPLOADS_DIR: join(dir, 'uploads'),
      WEB_CONCURRENCY: '1',
      JWT_SECRET: 'two-copies-share-this-secret-of-32-characters',
      RATE_LIMIT_ENABLED: 'false',
      // The payments' sweep, every second in each copy: only the lease holder runs it.
      RECONCILE_INTERVAL_MS: '1000',
    }),
  );
  ports = await Promise.all(copies.map((copy) => copy.port()));
  await mongoose.connect(uri);
}, 300_000);

afterAll(async () => {
  await Promise.all(copies.map((copy) => copy.stop()));
  await mongoose.disconnect();
  database.kill('SIGTERM');
});

/** The fields of the answers these tests read (each answer has some of them). */
interface Answer {
  token: string;
  user: { _id: string; email: string };
  order: { id: string };
  category: Array<{ name: string }>;
  [field: string]: unknown;
}

/** A JSON call to copy `k` (0 or 1). */
async function call(k: number, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${ports[k]}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

const logged = (msg: string) =>
  copies.flatMap((copy) => copy.lines.filter((l) => l.msg.startsWith(msg)));

/** The mails both copies wrote (each to its own outbox), as text. */
const mails = () =>
  ['a', 'b'].flatMap((name) => {
    const outbox = join(dir, name, 'outbox');
    return existsSync(outbox)
      ? readdirSync(outbox).map((file) => readFileSync(join(outbox, file), 'utf8'))
      : [];
  });

const ADDRESS = '7 Park Street, Kolkata 700016';

describe('two copies of the shop on one database', () => {
  it('run the release steps once when started together on an empty database', async () => {
    expect(logged('seeded the admin account')).toHaveLength(1);
    expect(logged('seeded the demo catalog')).toHaveLength(1);
    const [a, b] = await Promise.all(
      [0, 1].map((k) => call(k, 'GET', '/api/category/all-category')),
    );
    expect(a!.status).toBe(200);
    expect(b!.body).toEqual(a!.body);
    const names = a!.body.category.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(0);
  });

  it('accept on one copy the token the other signed', async () => {
    const registered = await call(0, 'POST', '/api/auth/register', {
      name: 'Ira Sen',
      email: 'ira.sen@example.com',
      password: 'ira-secret-1',
      phone: '9830012345',
      address: ADDRESS,
    });
    expect(registered.status).toBe(201);
    const me = await call(
      1,
      'GET',
      `/api/user/user-detail/${registered.body.user._id}`,
      undefined,
      registered.body.token,
    );
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'ira.sen@example.com' });
  });

  it(
    'sell the last 3 of a size to 3 of 12 shoppers ordering on one and paying on the other',
    { timeout: 300_000 },
    async () => {
      const tee = await makeProduct({
        name: 'Race Tee',
        price: 700,
        sizes: [
          { size: 'M', quantity: 3 },
          { size: 'L', quantity: 4 },
        ],
      });
      const shoppers = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const r = await call(i % 2, 'POST', '/api/auth/register', {
            name: `Shopper ${i}`,
            email: `race${i}@example.com`,
            password: `race-secret-${i}`,
            phone: '9830000000',
            address: ADDRESS,
          });
          expect(r.status).toBe(201);
          return { id: r.body.user._id as string, token: r.body.token as string };
        }),
      );
      const item = { _id: String(tee._id), cartQuantity: 1, size: 'M' };
      const created = await Promise.all(
        shoppers.map((s, i) =>
          call(i % 2, 'POST', '/api/payment/create-order', { amount: 700, items: [item] }, s.token),
        ),
      );
      expect(created.map((c) => c.status)).toEqual(Array(12).fill(200));
      const paid = await Promise.all(
        created.map((c, i) =>
          call((i + 1) % 2, 'POST', '/api/payment/sandbox/pay', { order_id: c.body.order.id }),
        ),
      );
      const verified = await Promise.all(
        shoppers.map((s, i) =>
          call(
            (i + 1) % 2,
            'POST',
            '/api/payment/verify-payment',
            { ...paid[i]!.body, amount: 0, items: [], userId: s.id },
            s.token,
          ),
        ),
      );
      expect(verified.map((v) => v.status)).toEqual(Array(12).fill(200));
      const orders = await Order.find({
        providerOrderId: { $in: created.map((c) => c.body.order.id as string) },
      }).lean();
      expect(orders).toHaveLength(12);
      const stock = orders.map((o) => o.items[0]!.stock);
      expect(stock.filter((s) => s === 'taken')).toHaveLength(3);
      expect(stock.filter((s) => s === 'short')).toHaveLength(9);
      expect(await sizeStockOf(tee._id)).toEqual({ M: 0, L: 4, total: 4 });
    },
  );

  it(
    "make a paid checkout whose shopper never came back an order once, with one mail, by one copy's sweep",
    { timeout: 300_000 },
    async () => {
      const tee = await makeProduct({
        name: 'Left Tab Tee',
        price: 550,
        sizes: [{ size: 'One size', quantity: 5 }],
      });
      const shopper = await call(1, 'POST', '/api/auth/register', {
        name: 'Tara Bose',
        email: 'tara.bose@example.com',
        password: 'tara-secret-1',
        phone: '9830054321',
        address: ADDRESS,
      });
      const created = await call(
        0,
        'POST',
        '/api/payment/create-order',
        { amount: 550, items: [{ _id: String(tee._id), cartQuantity: 1, size: 'One size' }] },
        shopper.body.token,
      );
      expect(created.status).toBe(200);
      const providerOrderId = created.body.order.id as string;
      const passes = () => logged('reconciled pending checkouts').length;
      const before = passes();
      // Paid, and the tab closed before verify-payment: the sweep has to finish it.
      expect(
        (await call(1, 'POST', '/api/payment/sandbox/pay', { order_id: providerOrderId })).status,
      ).toBe(200);
      await vi.waitFor(
        async () => expect(await Order.countDocuments({ providerOrderId })).toBe(1),
        { timeout: 120_000, interval: 200 },
      );
      const order = (await Order.findOne({ providerOrderId }).lean())!;
      await vi.waitFor(
        () =>
          expect(
            mails().filter((m) => m.includes('tara.bose@example.com') && m.includes(order.number!)),
          ).toHaveLength(1),
        { timeout: 120_000, interval: 200 },
      );
      // Both copies' timers kept firing meanwhile: still one order, found by one sweep (its log
      // line is written in the next batch).
      await vi.waitFor(() => expect(passes() - before).toBeGreaterThan(0), { timeout: 60_000 });
      expect(await Order.countDocuments({ providerOrderId })).toBe(1);
      expect(passes() - before).toBe(1);
    },
  );

  it('serve on one copy the photo an admin uploaded through the other (a folder both mount)', async () => {
    const admin = await call(0, 'POST', '/api/auth/login', {
      email: 'admin@tshirt.shop',
      password: 'admin12345',
    });
    expect(admin.status).toBe(200);
    const categories = await call(1, 'GET', '/api/category/all-category');
    const category = (categories.body.category[0] as unknown as { _id: string })._id;
    const form = new FormData();
    for (const [field, value] of Object.entries({
      name: 'Shared Folder Tee',
      description: 'Uploaded through one copy.',
      price: '899',
      quantity: '5',
      shipping: 'Yes',
      category,
    }))
      form.set(field, value);
    form.set(
      'photo',
      new Blob([new Uint8Array(await makeImage('jpeg'))], { type: 'image/jpeg' }),
      'tee.jpg',
    );
    const created = await fetch(`http://127.0.0.1:${ports[0]}/api/product/create-product`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.body.token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const saved = await mongoose.connection
      .db!.collection<{ slug: string }>('products')
      .findOne({ name: 'Shared Folder Tee' });
    const read = await call(1, 'GET', `/api/product/get-product/${saved!.slug}`);
    const product = read.body.Aproduct as { photo: string };
    expect(product.photo).toMatch(/^\/uploads\//);
    const [fromA, fromB] = await Promise.all(
      [0, 1].map((k) => fetch(`http://127.0.0.1:${ports[k]}${product.photo}`)),
    );
    expect(fromB!.status).toBe(200);
    expect(fromB!.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromB!.arrayBuffer())).toEqual(
      Buffer.from(await fromA!.arrayBuffer()),
    );
  });
});
