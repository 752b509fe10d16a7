/**
 * The profile's current-password check is limited as logins are: per signed-in user a growing
 * delay then a block (a stolen session cannot guess without end), and per address the ceiling
 * that every password check shares.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { from, shopOnTestClock } from '../../../test/clients.js';
import { setupTestApp } from '../../../test/harness.js';
import { startSmtpPeer } from '../../auth/__tests__/smtp-peer.js';
import { count } from '../../../lib/rate-limit.js';
import { GUESSING_MAIL_SUBJECT, WRONG_PASSWORDS_PER_ADDRESS } from '../index.js';

const smtp = await startSmtpPeer();
afterAll(() => smtp.stop());
const t = await setupTestApp({ env: { RATE_LIMIT_ENABLED: 'true', SMTP_URL: smtp.url } });

const shop = shopOnTestClock(t.deps);
beforeEach(() => {
  smtp.mails.length = 0;
});

type Shopper = Awaited<ReturnType<typeof t.createUser>>;
const change = (who: Shopper, currentPassword: string, address = '127.0.0.2') =>
  shop.api
    .put(`/api/user/profile/${who.id}`)
    .agent(from(address))
    .set('Authorization', who.auth)
    .send({
      name: 'Ravi',
      phone: '9876543210',
      address: '12 MG Road, Bengaluru 560001',
      password: 'a-new-password-1',
      currentPassword,
    });

describe('PUT /api/user/profile: the current password', () => {
  it('meets wrong guesses from one session with a growing delay; the right one clears it', async () => {
    const shopper = await t.createUser({ name: 'Ravi' });
    for (let i = 0; i < 5; i += 1) await change(shopper, 'a-guess-1234').expect(400);
    const waited = await change(shopper, shopper.password).expect(429);
    expect(waited.body.message).toBe(
      'Too many wrong current passwords. Please wait 1 second before trying again.',
    );
    expect(waited.headers['retry-after']).toBe('1');
    // Even from another address: the key is the signed-in user.
    await change(shopper, shopper.password, '127.0.0.3').expect(429);
    shop.limits.advance(1000);
    await change(shopper, shopper.password).expect(200);

    // The owner hears of it once the guesses add up (10 within an hour, all calls together).
    await t.deps.mailer.idle();
    expect(smtp.mails.filter((m) => m.subject === GUESSING_MAIL_SUBJECT)).toHaveLength(0);
  });

  it('checks at most five of 24 parallel guesses', async () => {
    const shopper = await t.createUser();
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => change(shopper, 'a-guess-1234')),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
  });

  it('shares the per-address ceiling of wrong passwords with logins', async () => {
    // 299 wrong passwords from this address already, then one more at a login.
    for (let i = 0; i < 299; i += 1)
      await count(shop.limits, WRONG_PASSWORDS_PER_ADDRESS, '127.0.0.4');
    await shop.api
      .post('/api/auth/login')
      .agent(from('127.0.0.4'))
      .send({ email: 'nobody@example.com', password: 'wrong-pass' })
      .expect(401);
    const shopper = await t.createUser();
    const refused = await change(shopper, shopper.password, '127.0.0.4').expect(429);
    expect(refused.body.message).toBe(
      'Too many wrong passwords from this network. Please try again in 15 minutes.',
    );
    await change(shopper, shopper.password, '127.0.0.5').expect(200);
  });

  it('leaves profiles without a new password alone', async () => {
    const shopper = await t.createUser();
    for (let i = 0; i < 6; i += 1) await change(shopper, 'a-guess-1234').expect(i < 5 ? 400 : 429);
    await shop.api
      .put(`/api/user/profile/${shopper.id}`)
      .agent(from('127.0.0.2'))
      .set('Authorization', shopper.auth)
      .send({ name: 'Ravi K', phone: '9876543210', address: '12 MG Road, Bengaluru 560001' })
      .expect(200);
  });
});
