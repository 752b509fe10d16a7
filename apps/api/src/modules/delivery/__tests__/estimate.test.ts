import { describe, expect, it } from 'vitest';
import { deliveryEstimateResponse } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';

/** The shop's clock, moved by each test: a moment given as India's wall-clock time. */
let now = new Date();
const at = (local: string) => {
  now = new Date(`${local}+05:30`);
};
const t = await setupTestApp({ overrides: () => ({ now: () => now }) });
const admin = await t.createAdmin();

const estimate = (query: string) => t.request().get(`/api/delivery/estimate?${query}`);
const save = (section: string, body: object) =>
  t
    .request()
    .put(`/api/admin/settings/${section}`)
    .set('Authorization', admin.auth)
    .send(body)
    .expect(200);

describe('GET /api/delivery/estimate', () => {
  it('answers the fees and dates for a metro PIN before the cut-off', async () => {
    at('2026-12-01T10:00:00'); // Tuesday
    const res = await estimate('pin=560001').expect(200);
    expect(deliveryEstimateResponse.parse(res.body)).toEqual({
      success: true,
      serviceable: true,
      cod: true,
      shippingFee: 49,
      codFee: 40,
      deliveryFrom: '2026-12-03',
      deliveryBy: '2026-12-04',
      pin: '560001',
      zone: 'Metro cities',
      freeDeliveryFrom: 499,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('moves a day once the cut-off has passed, reading the time in India', async () => {
    at('2026-12-01T14:00:00');
    expect((await estimate('pin=560001').expect(200)).body).toMatchObject({
      deliveryFrom: '2026-12-04',
      deliveryBy: '2026-12-05',
    });
    // 20:00 UTC on Monday is already Tuesday 01:30 in India: before Tuesday's cut-off.
    now = new Date('2026-11-30T20:00:00Z');
    expect((await estimate('pin=560001').expect(200)).body.deliveryFrom).toBe('2026-12-03');
  });

  it('skips the weekend: no dispatch or delivery on Sunday', async () => {
    at('2026-12-05T16:00:00'); // Saturday after the cut-off: dispatched Monday the 7th
    expect((await estimate('pin=641001').expect(200)).body).toMatchObject({
      zone: 'Rest of India',
      deliveryFrom: '2026-12-10',
      deliveryBy: '2026-12-14',
    });
  });

  it('skips a holiday the admin adds, and moves the cut-off when the admin changes it', async () => {
    at('2026-12-01T12:00:00');
    await save('delivery', {
      holidays: ['2026-12-01', '2026-12-03'],
      cutoff: '11:00',
    });
    // The 1st is a holiday: dispatched on the 2nd; the 3rd delivers nothing.
    expect((await estimate('pin=560001').expect(200)).body).toMatchObject({
      deliveryFrom: '2026-12-05',
      deliveryBy: '2026-12-07',
    });
    await save('delivery', { holidays: [], cutoff: '14:00' });
    expect((await estimate('pin=560001').expect(200)).body.deliveryFrom).toBe('2026-12-03');
  });

  it('charges nothing from the free-delivery threshold on, when the subtotal is sent', async () => {
    at('2026-12-01T10:00:00');
    expect((await estimate('pin=560001&subtotal=498.99').expect(200)).body.shippingFee).toBe(49);
    expect((await estimate('pin=560001&subtotal=499').expect(200)).body.shippingFee).toBe(0);
  });

  it('says COD is not offered, and why: an island zone, a PIN without it, an order too large', async () => {
    at('2026-12-01T10:00:00');
    expect((await estimate('pin=744101').expect(200)).body).toMatchObject({
      serviceable: true,
      zone: 'Islands',
      cod: false,
      codMessage: 'Cash on delivery is not available for PIN 744101.',
    });
    expect((await estimate('pin=560001&subtotal=5000.01').expect(200)).body).toMatchObject({
      cod: false,
      codMessage: 'Cash on delivery is for orders up to ₹5,000.',
    });
    await save('cod', { excludedPinPrefixes: ['5600'] });
    expect((await estimate('pin=560001').expect(200)).body.cod).toBe(false);
    expect((await estimate('pin=560102').expect(200)).body.cod).toBe(true);
    await save('cod', { excludedPinPrefixes: [], enabled: false });
    expect((await estimate('pin=560102').expect(200)).body.codMessage).toBe(
      'Cash on delivery is not available at the moment.',
    );
    await save('cod', { enabled: true });
  });

  it('serves no PIN the shop does not deliver to, with a message', async () => {
    at('2026-12-01T10:00:00');
    await save('delivery', {
      elsewhere: { serviceable: false, minDays: 3, maxDays: 6, cod: true },
    });
    expect((await estimate('pin=641001').expect(200)).body).toEqual({
      success: true,
      serviceable: false,
      cod: false,
      shippingFee: 0,
      codFee: 0,
      deliveryFrom: null,
      deliveryBy: null,
      pin: '641001',
      zone: null,
      freeDeliveryFrom: 499,
      message: 'Sorry, we do not deliver to PIN 641001 yet.',
      codMessage: 'Sorry, we do not deliver to PIN 641001 yet.',
    });
    await save('delivery', { elsewhere: { serviceable: true, minDays: 3, maxDays: 6, cod: true } });
  });

  it('answers 400 for a malformed PIN, a state not in the list or a bad subtotal', async () => {
    for (const query of ['pin=56001', 'pin=abcdef', 'pin=060001', '']) {
      const res = await estimate(query).expect(400);
      expect(res.body.issues[0]).toEqual({ path: 'pin', message: 'Enter the 6-digit PIN code' });
    }
    expect((await estimate('pin=560001&state=Narnia').expect(400)).body.issues[0].path).toBe(
      'state',
    );
    expect((await estimate('pin=560001&subtotal=-1').expect(400)).body.issues[0].path).toBe(
      'subtotal',
    );
    // "560 001" is a PIN as people write it.
    expect((await estimate('pin=560%20001').expect(200)).body.pin).toBe('560001');
  });
});
