/**
 * GST on a tax-inclusive sale: which rate each line pays, the tax inside what the shopper paid
 * (worked back in whole paise, line by line, so the lines add up exactly to the payment), how it
 * splits into CGST and SGST or IGST, and the financial-year series of invoice numbers.
 * The rates themselves are data (constants/gst.ts).
 */
import {
  APPAREL_GST_RULES,
  GST_STATES,
  INDIA_OFFSET_MINUTES,
  TAX_DOCUMENT_NUMBER_MAX,
  TAX_DOCUMENT_SEQUENCE_DIGITS,
  type GstRuleSet,
  type GstSlab,
  type GstStateName,
} from '../constants/gst.js';
import { INDIAN_STATES, type IndianStateName } from '../constants/india.js';
import { parseAddressLine } from './address.js';

/** The date in India ("2025-09-22") of an instant. */
export function indiaDate(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The rule set in force on a day in India; the oldest one for days before any rule. */
export function gstRulesOn(at: Date, rules: readonly GstRuleSet[] = APPAREL_GST_RULES): GstRuleSet {
  const day = indiaDate(at);
  let found = rules[0]!;
  for (const set of rules) if (set.from <= day) found = set;
  return found;
}

/**
 * `amount × num / den` rounded to the nearest whole number, halves up, in integers (amounts in
 * paise times 10,000 stay far below 2^53).
 */
function roundedRatio(amount: number, num: number, den: number): number {
  return Math.floor((2 * amount * num + den) / (2 * den));
}

/** A rate in basis points (5% → 500), so rates like 2.5% stay whole numbers. */
const basisPoints = (rate: number) => Math.round(rate * 100);

/** The taxable value inside a tax-inclusive amount at a rate, rounded to the paisa. */
export function taxableInside(paidPaise: number, rate: number): number {
  return roundedRatio(paidPaise, 10_000, 10_000 + basisPoints(rate));
}

/**
 * The slab a piece falls in: the first whose bound its taxable value at that slab's rate does not
 * exceed. `linePaise` is what the shopper pays for `quantity` pieces, after any discount on the
 * line, so a piece is worth `linePaise / quantity` (compared without dividing: no rounding).
 * ₹2,625.00 a piece is ₹2,500.00 taxable at 5%: inside; ₹2,625.01 is over and pays 18%.
 */
export function slabFor(linePaise: number, quantity: number, slabs: readonly GstSlab[]): GstSlab {
  for (const slab of slabs) {
    if (slab.upToPaise === undefined) return slab;
    if (linePaise * 10_000 <= slab.upToPaise * (10_000 + basisPoints(slab.rate)) * quantity)
      return slab;
  }
  return slabs[slabs.length - 1]!;
}

/** A line as priced: what the shopper pays for it (paise, after discount) and how many pieces. */
export interface PricedLine {
  paidPaise: number;
  quantity: number;
}

/** A charge of the order that is not a piece (delivery, cash-on-delivery fee). */
export interface PricedCharge {
  kind: string;
  paidPaise: number;
}

/** The tax inside one line or charge: `taxablePaise + taxPaise` is what was paid for it. */
export interface TaxedAmount {
  rate: number;
  taxablePaise: number;
  taxPaise: number;
}

export interface OrderTax {
  /** The date (`from`) of the rule set used: an order keeps its rates whatever changes later. */
  rulesFrom: string;
  lines: TaxedAmount[];
  charges: Array<TaxedAmount & { kind: string }>;
  taxablePaise: number;
  taxPaise: number;
  /** Equals the sum of every line's and charge's paid amount. */
  totalPaise: number;
}

function taxed(paidPaise: number, rate: number): TaxedAmount {
  const taxablePaise = taxableInside(paidPaise, rate);
  return { rate, taxablePaise, taxPaise: paidPaise - taxablePaise };
}

/**
 * The tax inside an order, worked out per line from the rules of its date. Charges (delivery, the
 * COD fee) go with the goods they deliver, as one composite supply whose principal supply is the
 * goods: they pay the highest rate among the order's lines, so the tax is never understated when
 * an order mixes slabs (docs/behaviour/gst.md says why).
 */
export function orderTax(input: {
  at: Date;
  lines: readonly PricedLine[];
  charges?: readonly PricedCharge[];
  rules?: readonly GstRuleSet[];
}): OrderTax {
  const rules = gstRulesOn(input.at, input.rules);
  const lines = input.lines.map((line) => {
    if (!Number.isInteger(line.paidPaise) || line.paidPaise < 0)
      throw new RangeError('A line is paid in whole, non-negative paise');
    if (!Number.isInteger(line.quantity) || line.quantity < 1)
      throw new RangeError('A line has at least one piece');
    return taxed(line.paidPaise, slabFor(line.paidPaise, line.quantity, rules.slabs).rate);
  });
  const chargeRate = Math.max(rules.slabs[0]!.rate, ...lines.map((l) => l.rate));
  const charges = (input.charges ?? [])
    .filter((c) => c.paidPaise > 0)
    .map((c) => ({ kind: c.kind, ...taxed(c.paidPaise, chargeRate) }));
  const all = [...lines, ...charges];
  const taxablePaise = all.reduce((sum, a) => sum + a.taxablePaise, 0);
  const taxPaise = all.reduce((sum, a) => sum + a.taxPaise, 0);
  return {
    rulesFrom: rules.from,
    lines,
    charges,
    taxablePaise,
    taxPaise,
    totalPaise: taxablePaise + taxPaise,
  };
}

export interface TaxSplit {
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * Within the seller's state the tax is CGST and SGST, half each (an odd paisa goes to SGST, so
 * the two add up to the tax); to another state it is all IGST.
 */
export function splitTax(taxPaise: number, intraState: boolean): TaxSplit {
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const cgstPaise = Math.floor(taxPaise / 2);
  return { cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0 };
}

/** The state's GST code ("29" for Karnataka), or null for a name GST does not know. */
export function gstStateCode(state: string): string | null {
  return GST_STATES.find((s) => s.name === state)?.code ?? null;
}

/** The state of a GST code ("29" → Karnataka), or null. */
export function gstStateName(code: string): GstStateName | null {
  return GST_STATES.find((s) => s.code === code)?.name ?? null;
}

/**
 * The financial year (1 April to 31 March, in India) of an instant, as invoices write it:
 * "26-27" for 1 April 2026 to 31 March 2027.
 */
export function financialYear(at: Date): string {
  const [year, month] = indiaDate(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return `${two(start)}-${two(start + 1)}`;
}

/** The series a document's number belongs to: prefix and financial year ("TS/26-27"). */
export function taxDocumentSeries(prefix: string, at: Date): string {
  return `${prefix}/${financialYear(at)}`;
}

/**
 * The number of the `sequence`th document of a series ("TS/26-27/000123"). Throws when it would
 * be longer than the law's 16 characters (a prefix of at most 3 characters and under a million
 * documents a year always fit).
 */
export function taxDocumentNumber(series: string, sequence: number): string {
  const number = `${series}/${String(sequence).padStart(TAX_DOCUMENT_SEQUENCE_DIGITS, '0')}`;
  if (number.length > TAX_DOCUMENT_NUMBER_MAX)
    throw new RangeError(`${number} is longer than ${TAX_DOCUMENT_NUMBER_MAX} characters`);
  return number;
}

/**
 * The state an address is in: the state it names (the last one named, as addresses end with the
 * state), else the one its PIN code belongs to (parseAddressLine); null when neither tells.
 */
export function stateOfAddress(address: string): IndianStateName | null {
  const text = ` ${address.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  let named: { state: IndianStateName; at: number } | null = null;
  for (const s of INDIAN_STATES) {
    const at = text.lastIndexOf(` ${s.name.toLowerCase()} `);
    if (at >= 0 && (!named || at > named.at)) named = { state: s.name, at };
  }
  if (named) return named.state;
  return (parseAddressLine(address)?.state as IndianStateName | undefined) || null;
}
