/**
 * Issuing an order's tax invoice and its credit notes: each is drawn up from what the order
 * recorded (its lines with the tax worked out when it was paid) and the seller's details at
 * the time, then numbered once (numbering.ts).
 */
import {
  gstSellerReady,
  gstStateCode,
  splitTax,
  taxDocumentSeries,
  TSHIRT_HSN,
  type GstSettings,
} from '@repo/shared';
import { Types } from 'mongoose';
import { badRequest } from '../../lib/errors.js';
import { issueNumbered } from './numbering.js';
import { TaxDocument, type LeanTaxDocument } from './tax-document.model.js';

/** One line of an order as the invoice prints it: a piece line or a charge (delivery, COD fee). */
export interface InvoiceLine {
  description: string;
  hsn: string;
  quantity: number;
  /** Delivery or the COD fee rather than pieces. */
  charge: boolean;
  rate: number;
  taxablePaise: number;
  taxPaise: number;
}

/** What an order tells its invoice. */
export interface InvoiceSubject {
  orderId: string;
  orderNumber: string;
  buyer: { name: string; address: string; state: string; gstin: string };
  lines: readonly InvoiceLine[];
}

/** How an invoice names a charge by its kind. */
const CHARGE_NAMES: Record<string, string> = {
  delivery: 'Delivery charges',
  cod: 'Cash on delivery fee',
};

/** The tax an order recorded when it was paid: per piece line, in order, and per charge. */
export interface RecordedTax {
  lines: ReadonlyArray<Pick<InvoiceLine, 'rate' | 'taxablePaise' | 'taxPaise'>>;
  charges: ReadonlyArray<{ kind: string; rate: number; taxablePaise: number; taxPaise: number }>;
}

/** An order's invoice lines: its pieces (each with its tax line), then its charges. */
export function invoiceLines(
  pieces: ReadonlyArray<{ description: string; quantity: number }>,
  tax: RecordedTax,
): InvoiceLine[] {
  return [
    ...pieces.map((piece, i) => ({
      ...piece,
      hsn: TSHIRT_HSN,
      charge: false,
      ...tax.lines[i]!,
    })),
    ...tax.charges.map((c) => ({
      description: CHARGE_NAMES[c.kind] ?? c.kind,
      hsn: TSHIRT_HSN,
      quantity: 1,
      charge: true,
      rate: c.rate,
      taxablePaise: c.taxablePaise,
      taxPaise: c.taxPaise,
    })),
  ];
}

const party = (p: { name: string; address: string; state: string; gstin: string }) => ({
  ...p,
  stateCode: gstStateCode(p.state) ?? '',
});

function documentLine(line: InvoiceLine, intraState: boolean) {
  const split = splitTax(line.taxPaise, intraState);
  return {
    description: line.description,
    hsn: line.hsn,
    quantity: line.quantity,
    charge: line.charge,
    rate: line.rate,
    taxablePaise: line.taxablePaise,
    ...split,
    totalPaise: line.taxablePaise + line.taxPaise,
  };
}

type DocumentLine = ReturnType<typeof documentLine>;

function totalsOf(lines: readonly DocumentLine[]) {
  const sum = (key: keyof Omit<DocumentLine, 'description' | 'hsn' | 'charge'>) =>
    lines.reduce((s, l) => s + l[key], 0);
  return {
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    totalPaise: sum('totalPaise'),
  };
}

/**
 * The order's tax invoice: the one issued already, else a new one numbered now in the seller's
 * invoice series, dated `at`. Null while the seller's details are not filled in (no invoice can
 * be made without them). The place of supply is the state shipped to; an address whose state is
 * unknown (orders paid before addresses named their state) is taken to be in the seller's state.
 */
export async function issueInvoice(
  seller: GstSettings,
  subject: InvoiceSubject,
  at: Date,
): Promise<LeanTaxDocument | null> {
  if (!gstSellerReady(seller)) return null;
  const supplyState = gstStateCode(subject.buyer.state) ? subject.buyer.state : seller.state;
  const intraState = supplyState === seller.state;
  const lines = subject.lines.map((l) => documentLine(l, intraState));
  return issueNumbered(taxDocumentSeries(seller.invoicePrefix, at), at, {
    kind: 'invoice',
    order: new Types.ObjectId(subject.orderId),
    orderNumber: subject.orderNumber,
    purpose: 'sale',
    seller: party({
      name: seller.legalName,
      address: seller.address,
      state: seller.state,
      gstin: seller.gstin,
    }),
    buyer: party(subject.buyer),
    placeOfSupply: { state: supplyState, stateCode: gstStateCode(supplyState) ?? '' },
    intraState,
    lines,
    totals: totalsOf(lines),
  });
}

/** Part of an invoice line given back: `quantity` of its pieces (a return). */
export interface CreditedPart {
  line: number;
  quantity: number;
}

/**
 * `quantity` pieces of an invoice line given back after `before` of its pieces were: each amount
 * is the line's share for all pieces given back so far less the share of those before, so the
 * parts given back over several returns add up exactly to the line.
 */
function creditedLine(
  line: DocumentLine,
  index: number,
  before: number,
  quantity: number,
  intraState: boolean,
) {
  const upTo = (paise: number, pieces: number) => Math.round((paise * pieces) / line.quantity);
  const part = (paise: number) => upTo(paise, before + quantity) - upTo(paise, before);
  const totalPaise = part(line.totalPaise);
  const taxablePaise = part(line.taxablePaise);
  return {
    ...documentLine(
      { ...line, quantity, taxablePaise, taxPaise: totalPaise - taxablePaise },
      intraState,
    ),
    invoiceLine: index,
  };
}

/**
 * A credit note against the order's invoice, in the seller's credit-note series: the whole
 * invoice (a cancellation) or the parts given back (a return), with the same rates and split as
 * the invoice. Once per order and purpose ("cancel", or a return's own key). Null when the order
 * has no invoice, or every piece was given back already (nothing to credit).
 */
export async function issueCreditNote(
  seller: GstSettings,
  input: {
    orderId: string;
    purpose: string;
    reason: string;
    parts?: readonly CreditedPart[];
  },
  at: Date,
): Promise<LeanTaxDocument | null> {
  const invoice = await invoiceOf(input.orderId);
  if (!invoice) return null;
  const issued = await TaxDocument.findOne({
    order: invoice.order,
    kind: 'credit-note',
    purpose: input.purpose,
  }).lean<LeanTaxDocument>();
  if (issued) return issued;
  const invoiceLines = invoice.lines as DocumentLine[];
  const given = await piecesGivenBack(input.orderId);
  // The whole invoice by default: every piece not given back already.
  const parts =
    input.parts ??
    invoiceLines
      .map((l, line) => ({ line, quantity: l.quantity - (given.get(line) ?? 0) }))
      .filter((p) => p.quantity > 0);
  if (!parts.length) return null;
  const lines = parts.map((p) => {
    const line = invoiceLines[p.line];
    const before = given.get(p.line) ?? 0;
    if (
      !line ||
      !Number.isInteger(p.quantity) ||
      p.quantity < 1 ||
      before + p.quantity > line.quantity
    )
      throw badRequest('A credit note can give back only pieces the invoice charged for');
    return creditedLine(line, p.line, before, p.quantity, invoice.intraState);
  });
  const { _id, number, series, sequence, issuedAt, ...rest } = invoice;
  void _id;
  void series;
  void sequence;
  return issueNumbered(taxDocumentSeries(seller.creditNotePrefix, at), at, {
    ...rest,
    kind: 'credit-note',
    purpose: input.purpose,
    refersTo: { number, issuedAt },
    reason: input.reason,
    lines,
    totals: totalsOf(lines),
  });
}

/** How many pieces of each invoice line earlier credit notes gave back. */
async function piecesGivenBack(orderId: string): Promise<Map<number, number>> {
  const notes = await TaxDocument.find(
    { order: new Types.ObjectId(orderId), kind: 'credit-note' },
    { lines: 1 },
  ).lean<Pick<LeanTaxDocument, 'lines'>[]>();
  const given = new Map<number, number>();
  for (const l of notes.flatMap((n) => n.lines))
    if (l.invoiceLine != null)
      given.set(l.invoiceLine, (given.get(l.invoiceLine) ?? 0) + l.quantity);
  return given;
}

/** The order's invoice, or null. */
export function invoiceOf(orderId: string): Promise<LeanTaxDocument | null> {
  return TaxDocument.findOne({
    order: new Types.ObjectId(orderId),
    kind: 'invoice',
    purpose: 'sale',
  }).lean<LeanTaxDocument>();
}

/** Every document of the order, the invoice first, then its credit notes in order. */
export function documentsOf(orderId: string): Promise<LeanTaxDocument[]> {
  return TaxDocument.find({ order: new Types.ObjectId(orderId) })
    .sort({ issuedAt: 1, sequence: 1 })
    .lean<LeanTaxDocument[]>();
}
