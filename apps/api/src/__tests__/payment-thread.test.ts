/**
 * The payments thread (lib/payment-thread.ts) in the started shop: a whole sandbox checkout
 * answered by it, the client's address as the main thread sees it (rate limits), and a thread
 * that stopped: payment calls answer 503 with the shop's text while the catalog still answers,
 * and the next payment call starts it again.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DB_UNAVAILABLE } from '../lib/errors.js';
import { Order } from '../modules/orders/order.model.js';
import { count, createRateLimits } from '../lib/rate-limit.js';
import { PAYMENT_LIMITS } from '../modules/payments/limits.js';
import { makeProduct, sizeStockOf } from '../modules/payments/__tests__/helpers.js';
import { start } from '../server.js';
import { checkedRequest } from '../test/contract.js';

let shop: Awaited<ReturnType<typeof start>>;
let call: () => ReturnType<typeof checkedRequest>;

beforeAll(async () => {
  shop = await start({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-thread-')),
    MONGODB_URI: new URL(`thread_${Date.now()}`, inject('mongoUri')).toString(),
    LOG_LEVEL: 'silent',
    SEED_DEMO_CATALOG: 'false',
    JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    RATE_LIMIT_ENABLED: 'true',
    // The proxy in front is on this machine: behind it, the client is the last X-Forwarded-For
    // address. So the thread must see the main thread's peer (127.0.0.1) to find the client.
    TRUST_PROXY: '127.0.0.1',
  });
  call = () => checkedRequest(`http://127.0.0.1:${shop.port}`);
});
afterAll(() => shop.stop());

describe('the payments thread', () => {
  it('answers a whole checkout: create-order, the sandbox pay, verify-payment', async () => {
    expect(shop.payments?.worker).toBeDefined();
    const product = await makeProduct({ price: 499, sizes: [{ size: 'M', quantity: 3 }] });
    const registered = await call()
      .post('/api/auth/register')
      .set('X-Forwarded-For', '198.51.100.1')
      .send({
        name: 'Asha Rao',
        email: 'asha.thread@example.com',
        password: 'correct horse 1',
        phone: '+91 98765 43210',
        address: '12 MG Road, Bengaluru 560001',
      })
      .expect(201);
    const auth = `Bearer ${registered.body.token}`;
    const created = await call()
      .post('/api/payment/create-order')
      .set('Authorization', auth)
      .set('X-Forwarded-For', '198.51.100.1')
      .send({ amount: 998, items: [{ _id: String(product._id), cartQuantity: 2, size: 'M' }] })
      .expect(200);
    expect(created.headers['cache-control']).toBe('no-store');
    const paid = await call()
      .post('/api/payment/sandbox/pay')
      .send({ order_id: created.body.order.id })
      .expect(200);
    const verified = await call()
      .post('/api/payment/verify-payment')
      .set('Authorization', auth)
      .set('X-Request-Id', 'thread-verify-1')
      .send({ ...paid.body, amount: 0, items: [], userId: registered.body.user._id })
      .expect(200);
    // The caller's request id comes back through the thread.
    expect(verified.headers['x-request-id']).toBe('thread-verify-1');
    const order = await Order.findById(verified.body.orderId).lean();
    expect(order).toMatchObject({ amountPaise: 99800, paymentId: paid.body.razorpay_payment_id });
    expect(await sizeStockOf(product._id)).toEqual({ M: 1, total: 1 });
  });

  it('limits create-order per client address as the main thread sees it', async () => {
    const rule = PAYMENT_LIMITS.createOrderPerAddress;
    // That address's checkouts are used up (counters are shared by every thread and process).
    const limits = createRateLimits(true);
    for (let i = 0; i < rule.limit; i++) await count(limits, rule, '203.0.113.7');
    const product = await makeProduct({ price: 499, sizes: [{ size: 'M', quantity: 3 }] });
    const cart = {
      amount: 499,
      items: [{ _id: String(product._id), cartQuantity: 1, size: 'M' }],
      shippingAddress: '4 Beach Road, Chennai 600001',
    };
    const from = (address: string) =>
      call().post('/api/payment/create-order').set('X-Forwarded-For', address).send(cart);
    const limited = await from('203.0.113.7').expect(429);
    expect(limited.body.message).toMatch(/^Too many checkouts from this network\. Please try/);
    // Another client behind the same proxy is not limited.
    await from('203.0.113.8').expect(200);
  });

  it('a stopped thread: 503 for payment calls, the catalog still answers, the next call starts it', async () => {
    await shop.payments!.worker!.terminate();
    // Matched as Express's routers match (any case): no payment call is answered elsewhere.
    const refused = await call().get('/API/Payment/config').expect(503);
    expect(refused.body).toMatchObject({ success: false, message: DB_UNAVAILABLE });
    await call().get('/api/category/all-category').expect(200);
    // That call started it again: payment calls are answered once it runs.
    await expect
      .poll(async () => (await call().get('/api/payment/config')).status, { timeout: 30_000 })
      .toBe(200);
    expect(shop.payments!.worker).toBeDefined();
  });
});
