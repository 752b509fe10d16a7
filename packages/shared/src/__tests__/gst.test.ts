import { describe, expect, it } from 'vitest';
import { APPAREL_GST_RULES } from '../constants/gst.js';
import { INDIAN_STATE_NAMES } from '../constants/india.js';
import { numberInWords, rupeesInWords } from '../rules/amount-in-words.js';
import {
  financialYear,
  gstRulesOn,
  gstStateCode,
  stateOfAddress,
  orderTax,
  splitTax,
  taxDocumentNumber,
  taxDocumentSeries,
} from '../rules/gst.js';
import { gstinCheckCharacter, gstinProblem, gstinState, isGstin } from '../rules/gstin.js';
import {
  gstin,
  gstReportQuery,
  gstSellerReady,
  gstSettings,
  optionalGstin,
} from '../schemas/gst.js';

/** Instants in India (UTC+5:30), as the shop's dates are read. */
const ist = (local: string) => new Date(`${local}+05:30`);
const AFTER = ist('2025-10-01T12:00:00');
const BEFORE = ist('2025-09-01T12:00:00');

const one = (paidPaise: number, at = AFTER, quantity = 1) =>
  orderTax({ at, lines: [{ paidPaise, quantity }] }).lines[0]!;

describe('GST slabs (HSN 6109)', () => {
  it('from 22 September 2025: 5% while a piece is worth at most ₹2,500 before tax, 18% above', () => {
    expect(one(262_500)).toEqual({ rate: 5, taxablePaise: 250_000, taxPaise: 12_500 });
    expect(one(262_501)).toEqual({ rate: 18, taxablePaise: 222_458, taxPaise: 40_043 });
    expect(one(262_600)).toEqual({ rate: 18, taxablePaise: 222_542, taxPaise: 40_058 });
    expect(one(99_900)).toEqual({ rate: 5, taxablePaise: 95_143, taxPaise: 4_757 });
  });

  it('before 22 September 2025: 5% up to ₹1,000 a piece before tax, 12% above', () => {
    expect(one(105_000, BEFORE)).toEqual({ rate: 5, taxablePaise: 100_000, taxPaise: 5_000 });
    expect(one(105_001, BEFORE)).toEqual({ rate: 12, taxablePaise: 93_751, taxPaise: 11_250 });
    expect(one(200_000, BEFORE).rate).toBe(12);
  });

  it('changes at midnight in India between 21 and 22 September 2025', () => {
    const lastOld = new Date('2025-09-21T18:29:59.999Z');
    const firstNew = new Date('2025-09-21T18:30:00.000Z');
    expect(gstRulesOn(lastOld).from).toBe('2017-07-01');
    expect(gstRulesOn(firstNew).from).toBe('2025-09-22');
    expect(one(200_000, lastOld)).toEqual({ rate: 12, taxablePaise: 178_571, taxPaise: 21_429 });
    expect(one(200_000, firstNew)).toEqual({ rate: 5, taxablePaise: 190_476, taxPaise: 9_524 });
    expect(orderTax({ at: firstNew, lines: [] }).rulesFrom).toBe('2025-09-22');
  });

  it('chooses the slab by one piece of the line, whatever the quantity', () => {
    expect(one(787_500, AFTER, 3).rate).toBe(5); // 3 × ₹2,625
    expect(one(787_503, AFTER, 3).rate).toBe(18); // 3 × ₹2,625.01
    expect(one(300_000, BEFORE, 3).rate).toBe(5); // 3 × ₹1,000: ₹952.38 taxable each
  });

  it('a discount on the line can move a piece into the lower slab', () => {
    expect(one(280_000).rate).toBe(18); // ₹2,800 tee at full price
    expect(one(252_000)).toEqual({ rate: 5, taxablePaise: 240_000, taxPaise: 12_000 }); // 10% off
  });

  it('a new rule set is a new row: the rules given are the ones used', () => {
    const rules = [
      ...APPAREL_GST_RULES,
      { from: '2030-01-01', source: 'test', slabs: [{ rate: 3 }] },
    ];
    const tax = orderTax({
      at: ist('2030-01-01T00:00:00'),
      lines: [{ paidPaise: 10_300, quantity: 1 }],
      rules,
    });
    expect(tax.rulesFrom).toBe('2030-01-01');
    expect(tax.lines[0]).toEqual({ rate: 3, taxablePaise: 10_000, taxPaise: 300 });
  });
});

describe('tax inside what was paid', () => {
  it('rounds each line to the paisa, and the lines add up exactly to the payment', () => {
    const lines = [
      { paidPaise: 49_999, quantity: 1 },
      { paidPaise: 133_333, quantity: 2 },
      { paidPaise: 1, quantity: 1 },
      { paidPaise: 999_997, quantity: 3 },
      { paidPaise: 262_501, quantity: 1 },
    ];
    const tax = orderTax({ at: AFTER, lines, charges: [{ kind: 'delivery', paidPaise: 4_999 }] });
    const paid = lines.reduce((s, l) => s + l.paidPaise, 0) + 4_999;
    expect(tax.totalPaise).toBe(paid);
    expect(tax.taxablePaise + tax.taxPaise).toBe(paid);
    for (const [i, line] of tax.lines.entries())
      expect(line.taxablePaise + line.taxPaise).toBe(lines[i]!.paidPaise);
    expect(tax.lines[0]).toEqual({ rate: 5, taxablePaise: 47_618, taxPaise: 2_381 });
    expect(tax.lines[2]).toEqual({ rate: 5, taxablePaise: 1, taxPaise: 0 });
  });

  it('taxes delivery and the COD fee at the highest rate of the goods they deliver', () => {
    const mixed = orderTax({
      at: AFTER,
      lines: [
        { paidPaise: 49_900, quantity: 1 },
        { paidPaise: 300_000, quantity: 1 },
      ],
      charges: [
        { kind: 'delivery', paidPaise: 5_900 },
        { kind: 'cod', paidPaise: 0 },
      ],
    });
    expect(mixed.charges).toEqual([
      { kind: 'delivery', rate: 18, taxablePaise: 5_000, taxPaise: 900 },
    ]);
    const low = orderTax({
      at: AFTER,
      lines: [{ paidPaise: 49_900, quantity: 1 }],
      charges: [{ kind: 'cod', paidPaise: 4_200 }],
    });
    expect(low.charges).toEqual([{ kind: 'cod', rate: 5, taxablePaise: 4_000, taxPaise: 200 }]);
  });

  it('refuses amounts that are not whole paise and lines without pieces', () => {
    expect(() => orderTax({ at: AFTER, lines: [{ paidPaise: 10.5, quantity: 1 }] })).toThrow(
      RangeError,
    );
    expect(() => orderTax({ at: AFTER, lines: [{ paidPaise: 100, quantity: 0 }] })).toThrow(
      RangeError,
    );
  });

  it('within the seller’s state: CGST and SGST half each; across states: IGST', () => {
    expect(splitTax(4_763, true)).toEqual({ cgstPaise: 2_381, sgstPaise: 2_382, igstPaise: 0 });
    expect(splitTax(4_762, true)).toEqual({ cgstPaise: 2_381, sgstPaise: 2_381, igstPaise: 0 });
    expect(splitTax(4_763, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 4_763 });
  });
});

describe('financial years and numbers', () => {
  it('a financial year runs from 1 April to 31 March, in India', () => {
    expect(financialYear(ist('2026-03-31T23:59:59.999'))).toBe('25-26');
    expect(financialYear(ist('2026-04-01T00:00:00'))).toBe('26-27');
    expect(financialYear(ist('2027-01-15T10:00:00'))).toBe('26-27');
    expect(financialYear(ist('2099-12-01T10:00:00'))).toBe('99-00');
  });

  it('numbers a series per financial year, at most 16 characters', () => {
    const series = taxDocumentSeries('TS', ist('2026-11-05T10:00:00'));
    expect(taxDocumentNumber(series, 123)).toBe('TS/26-27/000123');
    expect(taxDocumentNumber('CN/26-27', 7)).toBe('CN/26-27/000007');
    expect(taxDocumentNumber('ABC/26-27', 999_999)).toHaveLength(16);
    expect(() => taxDocumentNumber('ABCD/26-27', 1)).toThrow(/16 characters/);
  });
});

describe('GST state codes', () => {
  it('every state and union territory an address may name has its GST code', () => {
    for (const state of INDIAN_STATE_NAMES) expect(gstStateCode(state), state).toMatch(/^\d{2}$/);
    expect(gstStateCode('Karnataka')).toBe('29');
    expect(gstStateCode('Ladakh')).toBe('38');
  });
});

describe('the state of an address', () => {
  it('is the state the address names, else its PIN code’s', () => {
    expect(stateOfAddress('12 MG Road, Bengaluru 560001')).toBe('Karnataka');
    expect(stateOfAddress('7 Lake Road, Pune 411001')).toBe('Maharashtra');
    expect(stateOfAddress('Flat 2, Sector 17, Chandigarh 160017')).toBe('Chandigarh');
    expect(stateOfAddress('House 4, Mohali, Punjab 160055')).toBe('Punjab');
    expect(stateOfAddress('3 Beach Road, Kochi, Kerala 682001')).toBe('Kerala');
    expect(stateOfAddress('22 Park Street, Kolkata 700016')).toBe('West Bengal');
    expect(stateOfAddress('somewhere without a code')).toBeNull();
  });
});

describe('seller settings', () => {
  it('checks the GSTIN against the state, and the two prefixes differ', () => {
    const ok = gstSettings.parse({
      legalName: 'Bright Threads Private Limited',
      address: 'Bengaluru 560034',
      state: 'Karnataka',
      gstin: '29aagcb7383j1z4',
      invoicePrefix: 'ts',
    });
    expect(ok).toMatchObject({
      gstin: '29AAGCB7383J1Z4',
      invoicePrefix: 'TS',
      creditNotePrefix: 'CN',
    });
    expect(gstSellerReady(ok)).toBe(true);
    expect(gstSellerReady(gstSettings.parse({}))).toBe(false);
    const wrongState = gstSettings.safeParse({ state: 'Kerala', gstin: '29AAGCB7383J1Z4' });
    expect(wrongState.error?.issues[0]).toMatchObject({
      path: ['gstin'],
      message: 'This GSTIN is registered in Karnataka, not Kerala',
    });
    const samePrefix = gstSettings.safeParse({ invoicePrefix: 'CN' });
    expect(samePrefix.error?.issues[0]?.path).toEqual(['creditNotePrefix']);
    expect(gstSettings.safeParse({ invoicePrefix: 'ABCD' }).success).toBe(false);
  });
});

describe('GSTIN', () => {
  it('accepts a GSTIN whose check character is right, as typed', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(isGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(gstin.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(gstinState('29AAGCB7383J1Z4')).toBe('Karnataka');
    expect(gstinState('25AAPFU0939F1ZV')).toBe('Dadra and Nagar Haveli and Daman and Diu');
  });

  it('refuses a wrong format, state code or check character, saying which', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27AAPF00939F1ZV')).toMatch(/15 characters/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toMatch(/state code/);
    expect(gstin.safeParse('27AAPFU0939F1ZW').success).toBe(false);
    expect(optionalGstin.parse('')).toBe('');
  });
});

describe('amounts in words', () => {
  it('counts in thousands, lakhs and crores', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(15)).toBe('Fifteen');
    expect(numberInWords(2_626)).toBe('Two Thousand Six Hundred Twenty-Six');
    expect(numberInWords(1_00_000)).toBe('One Lakh');
    expect(numberInWords(12_34_56_789)).toBe(
      'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine',
    );
    expect(numberInWords(1_000_00_00_000)).toBe('One Thousand Crore');
  });

  it('writes rupees and paise', () => {
    expect(rupeesInWords(262_550)).toBe(
      'Rupees Two Thousand Six Hundred Twenty-Five and Fifty Paise Only',
    );
    expect(rupeesInWords(50_000)).toBe('Rupees Five Hundred Only');
    expect(rupeesInWords(5)).toBe('Rupees Zero and Five Paise Only');
  });
});

describe('GST report month', () => {
  it('takes a month like 2026-11 and nothing else', () => {
    expect(gstReportQuery.parse({ month: '2026-11' })).toEqual({ month: '2026-11' });
    expect(gstReportQuery.safeParse({ month: '2026-13' }).success).toBe(false);
    expect(gstReportQuery.safeParse({ month: '2026-1' }).success).toBe(false);
  });
});
