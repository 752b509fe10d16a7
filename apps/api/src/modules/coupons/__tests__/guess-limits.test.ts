/**
 * Guessing codes: only a code that does not exist counts, 20 an hour per signed-in shopper
 * (from any address); a real code, whatever it gives, costs nothing. Each client is a loopback
 * address of its own; the limits' clock moves only when the test moves it.
 */
import { describe, expect, it } from 'vitest';
import { from, shopOnTestClock } from '../../../test/clients.js';
import { setupTestApp } from '../../../test/harness.js';
import { makeProduct } from '../../payments/__tests__/helpers.js';
import { Coupon } from '../coupon.model.js';

const t = await setupTestApp({ env: { RATE_LIMIT_ENABLED: 'true' } });
const shop = shopOnTestClock(t.deps);

describe('POST /api/coupons/apply limits', () => {
  it('refuses the 21st unknown code in an hour, never counts a real one, and forgets after the hour', async () => {
    const tee = await makeProduct({ price: 999 });
    const items = [{ _id: String(tee._id), cartQuantity: 1 }];
    await Coupon.create({ code: 'REAL10', kind: 'percent', percentOff: 10 });
    const shopper = await t.createUser();
    const apply = (address: string, code: string) =>
      shop.api
        .post('/api/coupons/apply')
        .agent(from(address))
        .set('Authorization', shopper.auth)
        .send({ code, items });

    for (let i = 1; i <= 20; i += 1) {
      // A real code in between is never counted.
      const real = await apply(`127.0.5.${i}`, 'REAL10').expect(200);
      expect(real.body.success).toBe(true);
      const res = await apply(`127.0.5.${i}`, `GUESS${i}`).expect(200);
      expect(res.body.reason).toBe('unknown');
    }
    // Then every code is refused for the hour (a refusal for unknown codes alone would tell
    // which codes exist).
    for (const code of ['GUESS21', 'REAL10']) {
      const refused = await apply('127.0.5.99', code).expect(429);
      expect(refused.body).toMatchObject({
        success: false,
        message: "Too many codes that don't exist. Please try again in 60 minutes.",
      });
    }
    // The cart without a code still answers (its offer).
    await shop.api
      .post('/api/coupons/apply')
      .agent(from('127.0.5.99'))
      .set('Authorization', shopper.auth)
      .send({ items })
      .expect(200);
    shop.limits.advance(60 * 60_000);
    await apply('127.0.5.99', 'REAL10').expect(200);
  });
});
