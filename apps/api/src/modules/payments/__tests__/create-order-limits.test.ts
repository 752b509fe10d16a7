/**
 * create-order needs no login and each one that gets as far as the provider writes a checkout
 * and asks for a payment order: limited per address (a ceiling, guests included) and per
 * signed-in shopper, counting only those. A guest's checkout paid while signed in counts as the
 * shopper's. Each client is a loopback address of its own.
 */
import { describe, expect, it } from 'vitest';
import { count } from '../../../lib/rate-limit.js';
import { from, shopOnTestClock } from '../../../test/clients.js';
import { setupTestApp } from '../../../test/harness.js';
import { Checkout } from '../checkout.model.js';
import { PAYMENT_LIMITS } from '../limits.js';
import { makeProduct } from './helpers.js';

const t = await setupTestApp({ env: { RATE_LIMIT_ENABLED: 'true' } });

const shop = shopOnTestClock(t.deps);

type Shopper = Awaited<ReturnType<typeof t.createUser>>;

async function cartOf(price = 499) {
  const p = await makeProduct({ price, quantity: 100 });
  return {
    amount: price,
    items: [{ _id: String(p._id), cartQuantity: 1 }],
    shippingAddress: '4 Beach Road, Chennai 600001',
  };
}

const createOrder = (address: string, cart: object, shopper?: Shopper) => {
  const req = shop.api.post('/api/payment/create-order').agent(from(address));
  if (shopper) req.set('Authorization', shopper.auth);
  return req.send(cart);
};

describe('POST /api/payment/create-order limits', () => {
  it('allows 10 checkouts per signed-in shopper in 15 minutes, from any address', async () => {
    const cart = await cartOf();
    const shopper = await t.createUser();
    for (let i = 1; i <= 10; i += 1) await createOrder(`127.0.1.${i}`, cart, shopper).expect(200);
    const refused = await createOrder('127.0.1.99', cart, shopper).expect(429);
    expect(refused.body).toMatchObject({
      success: false,
      message: 'Too many checkouts from this account. Please try again in 15 minutes.',
    });
    expect(refused.headers['retry-after']).toBe('900');
    expect(await Checkout.countDocuments({ user: shopper.id })).toBe(10);
    // Another shopper from the same address is not held back.
    await createOrder('127.0.1.99', cart, await t.createUser()).expect(200);
    shop.limits.advance(15 * 60_000);
    await createOrder('127.0.1.99', cart, shopper).expect(200);
  });

  it('counts no junk and no refused cart: only what reached the provider', async () => {
    const cart = await cartOf(499);
    const shopper = await t.createUser();
    for (let i = 0; i < 40; i += 1) {
      await createOrder('127.0.2.1', {}, shopper).expect(400);
      // A stale price: refused before the provider is asked.
      await createOrder('127.0.2.1', { ...cart, amount: 450 }, shopper).expect(409);
    }
    for (let i = 0; i < 10; i += 1) await createOrder('127.0.2.1', cart, shopper).expect(200);
  });

  it('has a ceiling of 300 per address, guests included', async () => {
    const cart = await cartOf();
    for (let i = 0; i < 299; i += 1)
      await count(shop.limits, PAYMENT_LIMITS.createOrderPerAddress, '127.0.3.1');
    await createOrder('127.0.3.1', cart).expect(200);
    const refused = await createOrder('127.0.3.1', cart).expect(429);
    expect(refused.body.message).toBe(
      'Too many checkouts from this network. Please try again in 15 minutes.',
    );
    // Signing in does not get past the address's ceiling; another address is not held back.
    await createOrder('127.0.3.1', cart, await t.createUser()).expect(429);
    await createOrder('127.0.3.2', cart).expect(200);
  });

  it("counts a guest's checkout paid while signed in against the account", async () => {
    const cart = await cartOf();
    const shopper = await t.createUser();
    for (let i = 0; i < 10; i += 1) {
      // Created as a guest, so the account's limit did not see it…
      const created = await createOrder(`127.0.4.${i}`, cart).expect(200);
      const paid = await shop.api
        .post('/api/payment/sandbox/pay')
        .send({ order_id: created.body.order.id })
        .expect(200);
      // …then verified with the account's token: it becomes the account's order.
      await shop.api
        .post('/api/payment/verify-payment')
        .set('Authorization', shopper.auth)
        .send({ ...paid.body, amount: 0, items: [], userId: shopper.id })
        .expect(200);
    }
    const refused = await createOrder('127.0.4.99', cart, shopper).expect(429);
    expect(refused.body.message).toBe(
      'Too many checkouts from this account. Please try again in 15 minutes.',
    );
  });
});
