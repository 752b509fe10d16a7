import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '../constants/india.js';
import { addressLine, parseAddressLine } from '../rules/address.js';
import {
  codRefusal,
  codRefusalMessage,
  deliveryDates,
  deliveryFeePaise,
  normalizePin,
  orderCharges,
  pinAgreesWithState,
  pinStateMessage,
  statesOfPin,
  zoneOf,
} from '../rules/delivery.js';
import { addressBody, deliveryEstimateQuery } from '../schemas/address.js';
import { codSettings, deliverySettings } from '../schemas/settings.js';

const delivery = deliverySettings.parse({});
const cod = codSettings.parse({});
/** A moment given as India's wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);

describe('states and PIN codes', () => {
  it('has every state and union territory once, 36 in all', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES.map((s) => s.name)).size).toBe(36);
    expect(INDIAN_STATES.filter((s) => s.kind === 'union territory')).toHaveLength(8);
  });

  it('reads a PIN with spaces, refuses one that is not six digits or starts with 0', () => {
    expect(normalizePin(' 560 001 ')).toBe('560001');
    expect(normalizePin('56001')).toBeNull();
    expect(normalizePin('060001')).toBeNull();
    expect(normalizePin('5600011')).toBeNull();
  });

  it('knows the states a PIN belongs to, the most precise prefix first', () => {
    expect(statesOfPin('560001')).toEqual(['Karnataka']);
    expect(statesOfPin('110001')).toEqual(['Delhi']);
    expect(statesOfPin('403001')).toEqual(['Goa', 'Maharashtra']);
    expect(statesOfPin('160017')).toEqual(['Chandigarh', 'Punjab']);
    // Mohali (Punjab) shares 160 with Chandigarh; Moradabad (Uttar Pradesh) 244 with Uttarakhand.
    expect(statesOfPin('160055')).toEqual(['Punjab']);
    expect(statesOfPin('244001')).toEqual(['Uttar Pradesh']);
    expect(statesOfPin('244713')).toEqual(['Uttarakhand', 'Uttar Pradesh']);
    expect(statesOfPin('682001')).toEqual(['Kerala']);
    expect(statesOfPin('682555')).toEqual(['Lakshadweep', 'Kerala']);
    expect(statesOfPin('194101')).toEqual(['Ladakh', 'Jammu and Kashmir']);
    expect(statesOfPin('999999')).toEqual([]);
  });

  it('says clearly when a PIN is not in the state chosen', () => {
    expect(pinAgreesWithState('560001', 'Karnataka')).toBe(true);
    expect(pinAgreesWithState('560001', 'Kerala')).toBe(false);
    expect(pinStateMessage('560001', 'Kerala')).toBe(
      'This PIN code is not in Kerala: PIN codes there start with 67, 68 or 69',
    );
    expect(pinStateMessage('110001', 'Goa')).toBe(
      'This PIN code is not in Goa: PIN codes there start with 403',
    );
    expect(pinStateMessage('999999', 'Goa')).toBe(
      '999999 is not a PIN code of any state or union territory',
    );
  });

  it('checks a saved address: the PIN against the state, beside the PIN field', () => {
    const base = {
      name: 'Asha Rao',
      phone: '98765 43210',
      line1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560 001',
    };
    expect(addressBody.parse(base)).toMatchObject({ pin: '560001', line2: '' });
    const wrong = addressBody.safeParse({ ...base, state: 'Tamil Nadu' });
    expect(wrong.error?.issues).toEqual([
      expect.objectContaining({
        path: ['pin'],
        message:
          'This PIN code is not in Tamil Nadu: PIN codes there start with 60, 61, 62, 63 or 64',
      }),
    ]);
    const bad = addressBody.safeParse({ ...base, state: 'Atlantis', pin: '56001', phone: '12345' });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'phone',
      'pin',
      'state',
    ]);
    expect(deliveryEstimateQuery.safeParse({ pin: 'abc' }).error?.issues[0]?.message).toBe(
      'Enter the 6-digit PIN code',
    );
  });
});

describe('one-line addresses', () => {
  it('writes an address on one line, leaving out empty parts', () => {
    expect(
      addressLine({
        line1: '12 MG Road',
        line2: '',
        city: 'Bengaluru',
        state: 'Karnataka',
        pin: '560001',
      }),
    ).toBe('12 MG Road, Bengaluru, Karnataka 560001');
  });

  it('reads a one-line address into parts for its PIN', () => {
    expect(parseAddressLine('12 MG Road, Indiranagar, Bengaluru 560 001')).toEqual({
      line1: '12 MG Road',
      line2: 'Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560001',
    });
    expect(parseAddressLine('Flat 4B, Sea View, Panaji, Goa - 403001')).toEqual({
      line1: 'Flat 4B',
      line2: 'Sea View',
      city: 'Panaji',
      state: 'Goa',
      pin: '403001',
    });
    expect(parseAddressLine('12 MG Road Bengaluru 560001')).toEqual({
      line1: '12 MG Road Bengaluru',
      line2: '',
      city: '',
      state: 'Karnataka',
      pin: '560001',
    });
    expect(parseAddressLine('no pin code here')).toBeNull();
  });
});

describe('zones', () => {
  it('picks the longest PIN prefix, then the state, then the rest of India', () => {
    expect(zoneOf(delivery, { pin: '560001' })?.name).toBe('Metro cities');
    expect(zoneOf(delivery, { pin: '793001' })?.name).toBe('North-east and the hills');
    expect(zoneOf(delivery, { pin: '744101' })).toMatchObject({ name: 'Islands', cod: false });
    expect(zoneOf(delivery, { pin: '641001' })).toMatchObject({
      name: 'Rest of India',
      minDays: 3,
      maxDays: 6,
    });
    const precise = {
      ...delivery,
      zones: [
        ...delivery.zones,
        { name: 'MG Road', states: [], pinPrefixes: ['5600'], minDays: 1, maxDays: 1, cod: true },
      ],
    };
    expect(zoneOf(precise, { pin: '560001' })?.name).toBe('MG Road');
  });

  it("uses the address's state, else the PIN's most precise state", () => {
    const zone = (name: 'Punjab' | 'Chandigarh', days: number) => ({
      name,
      states: [name],
      pinPrefixes: [],
      minDays: days,
      maxDays: days,
      cod: true,
    });
    const north = { ...delivery, zones: [zone('Punjab', 2), zone('Chandigarh', 1)] };
    expect(zoneOf(north, { pin: '160017', state: 'Punjab' })?.name).toBe('Punjab');
    expect(zoneOf(north, { pin: '160017' })?.name).toBe('Chandigarh');
    expect(zoneOf({ ...north, zones: [zone('Punjab', 2)] }, { pin: '160055' })?.name).toBe(
      'Punjab',
    );
  });

  it('serves no PIN outside every state, nor the rest of India when the shop says so', () => {
    expect(zoneOf(delivery, { pin: '999999' })).toBeNull();
    const notElsewhere = { ...delivery, elsewhere: { ...delivery.elsewhere, serviceable: false } };
    expect(zoneOf(notElsewhere, { pin: '641001' })).toBeNull();
    expect(zoneOf(notElsewhere, { pin: '560001' })?.name).toBe('Metro cities');
  });

  it('charges the fee below the free-delivery threshold only', () => {
    expect(deliveryFeePaise(delivery, 49899)).toBe(4900);
    expect(deliveryFeePaise(delivery, 49900)).toBe(0);
  });

  it('prices an order: T-shirts, delivery below the threshold, the COD fee when paid in cash', () => {
    const fees = { delivery, cod };
    expect(orderCharges(fees, 39_950, 'online')).toEqual({
      itemsPaise: 39_950,
      shippingFeePaise: 4900,
      codFeePaise: 0,
      totalPaise: 44_850,
    });
    expect(orderCharges(fees, 39_950, 'cod')).toEqual({
      itemsPaise: 39_950,
      shippingFeePaise: 4900,
      codFeePaise: 4000,
      totalPaise: 48_850,
    });
    // The threshold is judged on the T-shirts alone: the COD fee does not make delivery free.
    expect(orderCharges(fees, 49_900, 'cod')).toMatchObject({
      shippingFeePaise: 0,
      totalPaise: 53_900,
    });
  });
});

describe('delivery dates in India’s time', () => {
  const days = { minDays: 2, maxDays: 3 };

  it('dispatches today before the cut-off, tomorrow after it', () => {
    // Tuesday 1 December 2026, 13:59 and 14:00 in India.
    expect(deliveryDates(delivery, days, ist('2026-12-01T13:59:00'))).toEqual({
      dispatchOn: '2026-12-01',
      from: '2026-12-03',
      by: '2026-12-04',
    });
    expect(deliveryDates(delivery, days, ist('2026-12-01T14:00:00'))).toEqual({
      dispatchOn: '2026-12-02',
      from: '2026-12-04',
      by: '2026-12-05',
    });
  });

  it('counts the date in India, not UTC: 23:30 UTC is already the next morning there', () => {
    // Monday 30 November 2026, 23:30 UTC = Tuesday 1 December, 05:00 in India.
    expect(deliveryDates(delivery, days, new Date('2026-11-30T23:30:00Z')).dispatchOn).toBe(
      '2026-12-01',
    );
  });

  it('skips Sunday for dispatch and delivery', () => {
    // Saturday 5 December 2026 after the cut-off: dispatched Monday 7th; Sunday 13th is no delivery day.
    expect(deliveryDates(delivery, { minDays: 4, maxDays: 5 }, ist('2026-12-05T15:00:00'))).toEqual(
      {
        dispatchOn: '2026-12-07',
        from: '2026-12-11',
        by: '2026-12-12',
      },
    );
    expect(deliveryDates(delivery, { minDays: 5, maxDays: 6 }, ist('2026-12-05T15:00:00')).by).toBe(
      '2026-12-14',
    );
  });

  it('skips holidays for dispatch and delivery', () => {
    const withHolidays = { ...delivery, holidays: ['2026-12-02', '2026-12-04'] };
    // Tuesday 1 December after the cut-off: the 2nd is a holiday, so dispatch on the 3rd; the 4th delivers nothing.
    expect(deliveryDates(withHolidays, days, ist('2026-12-01T18:00:00'))).toEqual({
      dispatchOn: '2026-12-03',
      from: '2026-12-07',
      by: '2026-12-08',
    });
  });

  it('dispatches only on the dispatch days chosen', () => {
    const weekdays = { ...delivery, dispatchDays: [1, 2, 3, 4, 5] };
    // Friday 4 December 2026 after the cut-off: next dispatch is Monday the 7th.
    expect(deliveryDates(weekdays, days, ist('2026-12-04T16:00:00')).dispatchOn).toBe('2026-12-07');
  });
});

describe('cash on delivery', () => {
  const metro = zoneOf(delivery, { pin: '560001' });
  const islands = zoneOf(delivery, { pin: '744101' });

  it('is offered where the zone allows it, within the order value range', () => {
    expect(codRefusal(cod, { pin: '560001', zone: metro }, 99900)).toBeNull();
    expect(codRefusal(cod, { pin: '744101', zone: islands })).toBe('place');
    expect(
      codRefusal({ ...cod, excludedPinPrefixes: ['5600'] }, { pin: '560001', zone: metro }),
    ).toBe('place');
    expect(codRefusal({ ...cod, enabled: false }, { pin: '560001', zone: metro })).toBe('disabled');
    expect(codRefusal(cod, { pin: '999999', zone: null })).toBe('not_served');
    expect(
      codRefusal({ ...cod, minOrderPaise: 29900 }, { pin: '560001', zone: metro }, 29899),
    ).toBe('below_minimum');
    expect(codRefusal(cod, { pin: '560001', zone: metro }, 500001)).toBe('above_maximum');
  });

  it("weighs the customer's open COD orders and parcels returned unpaid", () => {
    const place = { pin: '560001', zone: metro };
    expect(codRefusal(cod, place, 99900, { open: 1, returned: 1 })).toBeNull();
    expect(codRefusal(cod, place, 99900, { open: 2, returned: 0 })).toBe('open_orders');
    expect(codRefusal(cod, place, 99900, { open: 0, returned: 2 })).toBe('returns');
  });

  it('says why, in words', () => {
    expect(codRefusalMessage('above_maximum', cod, '560001')).toBe(
      'Cash on delivery is for orders up to ₹5,000.',
    );
    expect(codRefusalMessage('place', cod, '744101')).toBe(
      'Cash on delivery is not available for PIN 744101.',
    );
    expect(codRefusalMessage('not_served', cod, '999999')).toBe(
      'Sorry, we do not deliver to PIN 999999 yet.',
    );
  });
});
