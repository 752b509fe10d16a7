/**
 * create-order needs no login and each call writes a checkout and asks the provider for an
 * order: limited per address (guests included) and per signed-in shopper.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../app.js';
import { setupTestApp } from '../../../test/harness.js';
import { checkedRequest } from '../../../test/contract.js';
import { Checkout } from '../checkout.model.js';
import { makeProduct } from './helpers.js';

const t = await setupTestApp({ env: { RATE_LIMIT_ENABLED: 'true' } });

/** A new app is a new process as far as in-memory counters go; behind one trusted proxy. */
const freshApp = () =>
  checkedRequest(createApp({ ...t.deps, config: { ...t.config, trustProxy: 1 } }));

describe('POST /api/payment/create-order limits', () => {
  it('allows 10 checkouts per signed-in shopper in 15 minutes, from any address', async () => {
    const api = freshApp();
    const p = await makeProduct({ quantity: 100 });
    const cart = { amount: p.price, items: [{ _id: String(p._id), cartQuantity: 1 }] };
    const shopper = await t.createUser();
    const createOrder = (who: { auth: string }, address: string) =>
      api
        .post('/api/payment/create-order')
        .set('Authorization', who.auth)
        .set('X-Forwarded-For', address)
        .send(cart);
    for (let i = 1; i <= 10; i += 1) await createOrder(shopper, `203.0.113.${i}`).expect(200);
    const refused = await createOrder(shopper, '203.0.113.99').expect(429);
    expect(refused.body).toEqual({
      success: false,
      message: 'Too many checkouts from this account. Please try again in 15 minutes.',
    });
    expect(await Checkout.countDocuments({ user: shopper.id })).toBe(10);
    // Another shopper from the same address is not held back.
    await createOrder(await t.createUser(), '203.0.113.99').expect(200);
  });

  it('allows 30 per address in 15 minutes, guests included', async () => {
    const api = freshApp();
    const p = await makeProduct({ quantity: 100 });
    // A guest's cart carries where to ship it (create-order refuses a checkout without one).
    const cart = {
      amount: p.price,
      items: [{ _id: String(p._id), cartQuantity: 1 }],
      shippingAddress: '4 Beach Road, Chennai 600001',
    };
    const from = (address: string) =>
      api.post('/api/payment/create-order').set('X-Forwarded-For', address).send(cart);
    const before = await Checkout.countDocuments();
    for (let i = 0; i < 30; i += 1) await from('198.51.100.7').expect(200);
    const refused = await from('198.51.100.7').expect(429);
    expect(refused.body).toEqual({
      success: false,
      message: 'Too many checkouts from this network. Please try again in 15 minutes.',
    });
    // Signing in does not get past the address's limit.
    const shopper = await t.createUser();
    await from('198.51.100.7').set('Authorization', shopper.auth).expect(429);
    expect(await Checkout.countDocuments()).toBe(before + 30);
    await from('198.51.100.8').expect(200);
  });
});
