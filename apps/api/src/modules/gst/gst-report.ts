/**
 * The month's GST report as CSV, for the accountant filing the returns (GSTR-1 and GSTR-3B):
 * sales to consumers summed per place of supply and rate, every invoice to a GSTIN line by line,
 * the credit notes, a summary per HSN and rate, and the totals. Made from the documents as
 * issued in that month (dates in India), never recomputed.
 */
import { finishPendingClaims } from './numbering.js';
import { indianDay } from './tax-document-pdf.js';
import { TaxDocument, type LeanTaxDocument } from './tax-document.model.js';

type Line = LeanTaxDocument['lines'][number];
type Amounts = Pick<Line, 'taxablePaise' | 'igstPaise' | 'cgstPaise' | 'sgstPaise' | 'totalPaise'>;

const zero = (): Amounts => ({
  taxablePaise: 0,
  igstPaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  totalPaise: 0,
});
function add(into: Amounts, from: Amounts, sign = 1): void {
  into.taxablePaise += sign * from.taxablePaise;
  into.igstPaise += sign * from.igstPaise;
  into.cgstPaise += sign * from.cgstPaise;
  into.sgstPaise += sign * from.sgstPaise;
  into.totalPaise += sign * from.totalPaise;
}

/** Rupees with two decimals and no grouping ("2625.00", "-12.50"), as spreadsheets read them. */
const rupees = (paise: number) => (paise / 100).toFixed(2);
const amountCells = (a: Amounts) =>
  [a.taxablePaise, a.igstPaise, a.cgstPaise, a.sgstPaise, a.totalPaise].map(rupees);
const AMOUNT_TITLES = ['Taxable value', 'IGST', 'CGST', 'SGST', 'Total'];

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; text that a spreadsheet
 * would run as a formula (= + - @ first) gets a leading apostrophe.
 */
function cell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The month's first instant in India and the next month's. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return {
    from: new Date(`${month}-01T00:00:00+05:30`),
    to: new Date(`${next}-01T00:00:00+05:30`),
  };
}

function summed<K>(entries: Array<[K, Amounts]>, keyOf: (k: K) => string) {
  const groups = new Map<string, { key: K; amounts: Amounts }>();
  for (const [key, amounts] of entries) {
    const id = keyOf(key);
    const group = groups.get(id) ?? { key, amounts: zero() };
    add(group.amounts, amounts);
    groups.set(id, group);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, g]) => g);
}

export interface GstReport {
  csv: string;
  invoices: number;
  creditNotes: number;
  /** Invoices' totals less credit notes', paise. */
  netPaise: number;
}

export async function gstReport(
  month: string,
  seller: { legalName: string; gstin: string },
): Promise<GstReport> {
  await finishPendingClaims();
  const { from, to } = monthBounds(month);
  const docs = await TaxDocument.find({ issuedAt: { $gte: from, $lt: to } })
    .sort({ issuedAt: 1, number: 1 })
    .lean<LeanTaxDocument[]>();
  const invoices = docs.filter((d) => d.kind === 'invoice');
  const credits = docs.filter((d) => d.kind === 'credit-note');
  const rows: Array<Array<string | number>> = [];
  const blank = () => rows.push([]);

  rows.push(['GST report', month]);
  rows.push(['Seller', seller.legalName, 'GSTIN', seller.gstin]);
  rows.push(['Dates are in India (IST); amounts in rupees']);
  blank();

  rows.push(['B2C sales by place of supply and rate (invoices without a buyer GSTIN)']);
  rows.push(['Place of supply', 'State code', 'Rate %', ...AMOUNT_TITLES]);
  const b2c = summed(
    invoices
      .filter((d) => !d.buyer.gstin)
      .flatMap((d) => d.lines.map((l): [[LeanTaxDocument, Line], Amounts] => [[d, l], l])),
    ([d, l]) => `${d.placeOfSupply.stateCode}|${String(l.rate).padStart(5, '0')}`,
  );
  for (const { key, amounts } of b2c) {
    const [d, l] = key;
    rows.push([d.placeOfSupply.state, d.placeOfSupply.stateCode, l.rate, ...amountCells(amounts)]);
  }
  blank();

  rows.push(['B2B invoices line by line (buyers with a GSTIN)']);
  rows.push([
    'Invoice number',
    'Invoice date',
    'Buyer GSTIN',
    'Buyer name',
    'Place of supply',
    'State code',
    'Invoice value',
    'Line',
    'Description',
    'HSN',
    'Quantity',
    'Rate %',
    ...AMOUNT_TITLES,
  ]);
  for (const d of invoices.filter((i) => i.buyer.gstin))
    d.lines.forEach((l, i) =>
      rows.push([
        d.number,
        indianDay(d.issuedAt),
        d.buyer.gstin,
        d.buyer.name,
        d.placeOfSupply.state,
        d.placeOfSupply.stateCode,
        rupees(d.totals.totalPaise),
        i + 1,
        l.description,
        l.hsn,
        l.quantity,
        l.rate,
        ...amountCells(l),
      ]),
    );
  blank();

  rows.push(['Credit notes (by rate)']);
  rows.push([
    'Credit note number',
    'Date',
    'Against invoice',
    'Invoice date',
    'Buyer GSTIN',
    'Place of supply',
    'State code',
    'Reason',
    'Rate %',
    ...AMOUNT_TITLES,
  ]);
  for (const d of credits)
    for (const { key: rate, amounts } of summed(
      d.lines.map((l): [number, Amounts] => [l.rate, l]),
      (r) => String(r).padStart(5, '0'),
    ))
      rows.push([
        d.number,
        indianDay(d.issuedAt),
        d.refersTo?.number ?? '',
        d.refersTo ? indianDay(d.refersTo.issuedAt) : '',
        d.buyer.gstin,
        d.placeOfSupply.state,
        d.placeOfSupply.stateCode,
        d.reason,
        rate,
        ...amountCells(amounts),
      ]);
  blank();

  rows.push(['Summary by HSN and rate (invoices less credit notes)']);
  rows.push(['HSN', 'Rate %', 'Quantity', ...AMOUNT_TITLES]);
  const hsn = new Map<string, { hsn: string; rate: number; quantity: number; amounts: Amounts }>();
  for (const d of docs) {
    const sign = d.kind === 'invoice' ? 1 : -1;
    for (const l of d.lines) {
      const id = `${l.hsn}|${String(l.rate).padStart(5, '0')}`;
      const group = hsn.get(id) ?? { hsn: l.hsn, rate: l.rate, quantity: 0, amounts: zero() };
      // Charges (delivery, COD fee) are part of the goods' supply: counted in value, not pieces.
      if (!l.charge) group.quantity += sign * l.quantity;
      add(group.amounts, l, sign);
      hsn.set(id, group);
    }
  }
  for (const [, g] of [...hsn.entries()].sort(([a], [b]) => a.localeCompare(b)))
    rows.push([g.hsn, g.rate, g.quantity, ...amountCells(g.amounts)]);
  blank();

  const invoiceTotals = zero();
  for (const d of invoices) add(invoiceTotals, d.totals);
  const creditTotals = zero();
  for (const d of credits) add(creditTotals, d.totals);
  const net = zero();
  add(net, invoiceTotals);
  add(net, creditTotals, -1);
  rows.push(['Totals']);
  rows.push(['', 'Documents', ...AMOUNT_TITLES]);
  rows.push(['Invoices', invoices.length, ...amountCells(invoiceTotals)]);
  rows.push(['Credit notes', credits.length, ...amountCells(creditTotals)]);
  rows.push(['Net', '', ...amountCells(net)]);

  return {
    csv: `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`,
    invoices: invoices.length,
    creditNotes: credits.length,
    netPaise: net.totalPaise,
  };
}
