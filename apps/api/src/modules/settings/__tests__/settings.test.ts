import { describe, expect, it } from 'vitest';
import {
  adminSettingsResponse,
  codSettings,
  DEFAULT_DELIVERY_ZONES,
  deliverySettings,
  publicSettingsResponse,
  updateSettingsResponse,
} from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { Settings, SettingsHistory } from '../settings.model.js';
import { getSettings, getSettingsOf, updateSettings } from '../index.js';

const t = await setupTestApp();
const admin = await t.createAdmin({ name: 'Meera Admin' });
const customer = await t.createUser();

const put = (section: string, body: object, auth = admin.auth) =>
  t.request().put(`/api/admin/settings/${section}`).set('Authorization', auth).send(body);

describe('a shop that never saved its settings', () => {
  it('reads every section as its defaults, for the admin and the storefront', async () => {
    const res = await t
      .request()
      .get('/api/admin/settings')
      .set('Authorization', admin.auth)
      .expect(200);
    const body = adminSettingsResponse.parse(res.body);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body.settings.delivery).toEqual({
      value: deliverySettings.parse({}),
      updatedAt: null,
      updatedBy: null,
    });
    expect(res.body.settings.delivery.value).toMatchObject({
      feePaise: 4900,
      freeFromPaise: 49900,
    });
    expect(res.body.settings.cod.value).toEqual(codSettings.parse({}));
    expect(res.body.settings.reviews.value).toEqual({ heldWords: [], requestDays: 7 });

    const pub = await t.request().get('/api/settings/public').expect(200);
    expect(publicSettingsResponse.parse(pub.body)).toBeTruthy();
    expect(pub.headers['cache-control']).toBe('public, max-age=60');
    expect(pub.body).toEqual({
      success: true,
      settings: {
        // The Shipping and Delivery page says when parcels leave and how long they take.
        delivery: {
          feePaise: 4900,
          freeFromPaise: 49900,
          cutoff: '14:00',
          dispatchDays: [1, 2, 3, 4, 5, 6],
          zones: DEFAULT_DELIVERY_ZONES,
          elsewhere: { serviceable: true, minDays: 3, maxDays: 6, cod: true },
        },
        cod: { enabled: true, feePaise: 4000, minOrderPaise: 0, maxOrderPaise: 500000 },
        // The reviews' settings are the admin's alone.
        reviews: {},
        // The launch pages' details, every one empty (a page marks it "not set yet").
        shop: {
          phone: '',
          email: '',
          supportHours: '',
          grievanceOfficerName: '',
          grievanceOfficerDesignation: '',
          grievanceOfficerEmail: '',
          grievanceOfficerPhone: '',
          returnDays: 7,
        },
        // The seller as its invoices name it, which the launch pages name too (India's
        // e-commerce rules); the invoice numbering stays the admin's.
        gst: { legalName: '', address: '', state: '', gstin: '' },
        // What the order page offers; which products are not returnable stays the server's.
        returns: { exchangesOffered: true, returnsOffered: true },
      },
    });
  });
});

describe('PUT /api/admin/settings/{section}', () => {
  it('saves the fields sent, keeps the others, and records when, by whom and the history', async () => {
    const res = await put('delivery', { feePaise: 5900, cutoff: '13:30' }).expect(200);
    const body = updateSettingsResponse.parse(res.body);
    expect(body).toMatchObject({
      success: true,
      message: 'Delivery settings saved',
      section: 'delivery',
      settings: { updatedBy: { _id: admin.id, name: 'Meera Admin' } },
    });
    expect(res.body.settings.value).toEqual({
      ...deliverySettings.parse({}),
      feePaise: 5900,
      cutoff: '13:30',
    });
    expect(Date.parse(body.settings.updatedAt!)).not.toBeNaN();

    expect(await getSettings('delivery')).toMatchObject({ feePaise: 5900, freeFromPaise: 49900 });
    const pub = await t.request().get('/api/settings/public').expect(200);
    expect(pub.body.settings.delivery).toMatchObject({
      feePaise: 5900,
      freeFromPaise: 49900,
      cutoff: '13:30',
    });

    await put('delivery', { freeFromPaise: 99900 }).expect(200);
    expect(await getSettings('delivery')).toMatchObject({ feePaise: 5900, freeFromPaise: 99900 });
    const history = await SettingsHistory.find({ section: 'delivery' }).sort({ version: 1 }).lean();
    expect(history.map((h) => [h.version, (h.value as { feePaise: number }).feePaise])).toEqual([
      [1, 5900],
      [2, 5900],
    ]);
    expect((history[1]!.value as { freeFromPaise: number }).freeFromPaise).toBe(99900);
  });

  it('answers 400 with the issue beside each field, and changes nothing', async () => {
    const before = await Settings.findById('cod').lean();
    const res = await put('cod', {
      feePaise: -1,
      minOrderPaise: 200000,
      maxOrderPaise: 100000,
      excludedPinPrefixes: ['0123'],
    }).expect(400);
    expect(res.body.success).toBe(false);
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'feePaise', message: 'COD fee cannot be negative' },
        {
          path: 'excludedPinPrefixes.0',
          message: 'A PIN prefix is 1 to 6 digits and does not start with 0',
        },
      ]),
    );
    expect(await Settings.findById('cod').lean()).toEqual(before);
  });

  it('checks rules across fields on the merged section (a range the sent field breaks)', async () => {
    await put('cod', { minOrderPaise: 10000, maxOrderPaise: 300000 }).expect(200);
    const res = await put('cod', { maxOrderPaise: 5000 }).expect(400);
    expect(res.body.issues).toEqual([
      { path: 'maxOrderPaise', message: 'The largest COD order cannot be below the smallest' },
    ]);
    expect(await getSettings('cod')).toMatchObject({ minOrderPaise: 10000, maxOrderPaise: 300000 });
  });

  it('checks zones field by field: a state not in the list, days the wrong way round', async () => {
    const res = await put('delivery', {
      zones: [
        {
          name: 'South',
          states: ['Karnataka', 'Atlantis'],
          pinPrefixes: [],
          minDays: 2,
          maxDays: 3,
          cod: true,
        },
        { name: 'Far', states: [], pinPrefixes: ['79'], minDays: 6, maxDays: 4, cod: true },
        { name: 'Empty', states: [], pinPrefixes: [], minDays: 1, maxDays: 2, cod: true },
      ],
    }).expect(400);
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'zones.0.states.1', message: 'Choose a state or union territory from the list' },
        {
          path: 'zones.1.maxDays',
          message: 'The slowest delivery cannot be sooner than the fastest',
        },
        { path: 'zones.2.states', message: 'Choose at least one state or enter a PIN prefix' },
      ]),
    );
  });

  it('refuses an unknown field, an unknown section, a wrong type and a holiday that does not exist', async () => {
    const unknown = await put('delivery', { feePaise: 100, fee: 1 }).expect(400);
    expect(unknown.body.message).toMatch(/fee/);
    expect((await put('shipping', { feePaise: 1 }).expect(400)).body.message).toBe(
      'section: No such settings section',
    );
    expect((await put('cod', { enabled: 'yes' }).expect(400)).body.issues[0].path).toBe('enabled');
    expect((await put('delivery', { holidays: ['2026-02-30'] }).expect(400)).body.issues).toEqual([
      { path: 'holidays.0', message: 'That date does not exist' },
    ]);
    expect((await getSettings('delivery')).feePaise).not.toBe(100);
  });

  it('is for admins only', async () => {
    await t.request().get('/api/admin/settings').expect(401);
    await t.request().get('/api/admin/settings').set('Authorization', customer.auth).expect(403);
    await put('cod', { enabled: false }, customer.auth).expect(403);
    expect((await getSettings('cod')).enabled).toBe(true);
  });

  it('keeps both admins’ fields when two save the same section at once', async () => {
    const by = { id: admin.id, name: 'Meera Admin' };
    await Promise.all([
      updateSettings('cod', { feePaise: 2500 }, by),
      updateSettings('cod', { maxOpenOrders: 4 }, by),
      updateSettings('cod', { maxReturnedUnpaid: 3 }, by),
    ]);
    expect(await getSettings('cod')).toMatchObject({
      feePaise: 2500,
      maxOpenOrders: 4,
      maxReturnedUnpaid: 3,
    });
  });
});

describe('reading stored values', () => {
  it('takes the default for a stored field that no longer passes, keeps the rest', async () => {
    await Settings.updateOne(
      { _id: 'delivery' },
      { $set: { 'value.feePaise': 'forty', 'value.cutoff': '11:00' } },
    );
    const both = await getSettingsOf(['delivery', 'cod']);
    expect(both.delivery).toMatchObject({ feePaise: 4900, cutoff: '11:00' });
    expect(both.cod.feePaise).toBe(2500);
  });
});
