/**
 * Tax invoices and credit notes as issued: each a snapshot of everything it printed (seller,
 * buyer, place of supply, lines with their tax), so a PDF or a report made years later shows
 * exactly what was issued, whatever the settings, prices or rules say by then. Never changed
 * after insert; never deleted.
 */
import mongoose, { type InferSchemaType, type Types } from 'mongoose';
import { TAX_DOCUMENT_KINDS } from '@repo/shared';

const partySchema = new mongoose.Schema(
  {
    name: { type: String, required: true },
    address: { type: String, default: '' },
    /** The state's name and GST code ("Karnataka", "29"); empty when unknown. */
    state: { type: String, default: '' },
    stateCode: { type: String, default: '' },
    gstin: { type: String, default: '' },
  },
  { _id: false },
);

/** The amounts of a line, and of the document's totals (paise). */
const amountFields = {
  taxablePaise: { type: Number, required: true },
  cgstPaise: { type: Number, required: true },
  sgstPaise: { type: Number, required: true },
  igstPaise: { type: Number, required: true },
  totalPaise: { type: Number, required: true },
} as const;

/** One printed line: goods or a charge; paise; `totalPaise = taxable + cgst + sgst + igst`. */
const documentLineSchema = new mongoose.Schema(
  {
    description: { type: String, required: true },
    hsn: { type: String, required: true },
    quantity: { type: Number, required: true },
    /** A charge (delivery, the COD fee) rather than pieces: its quantity counts no pieces. */
    charge: { type: Boolean, default: false },
    /** On a credit note: the invoice's line (from 0) it gives back. */
    invoiceLine: { type: Number, default: null },
    rate: { type: Number, required: true },
    ...amountFields,
  },
  { _id: false },
);

const totalsSchema = new mongoose.Schema(amountFields, { _id: false });

export const taxDocumentFields = {
  kind: { type: String, enum: TAX_DOCUMENT_KINDS, required: true },
  /** "TS/26-27/000123": unique across every series and year. */
  number: { type: String, required: true },
  /** "TS/26-27" and the running number within it. */
  series: { type: String, required: true },
  sequence: { type: Number, required: true },
  issuedAt: { type: Date, required: true },
  order: { type: mongoose.Schema.Types.ObjectId, required: true },
  orderNumber: { type: String, required: true },
  /**
   * What the document is for, unique per order and kind: "sale" for the invoice, "cancel" for
   * the credit note of a cancellation (a return will use its own key).
   */
  purpose: { type: String, required: true },
  seller: { type: partySchema, required: true },
  buyer: { type: partySchema, required: true },
  placeOfSupply: { type: partySchema.pick(['state', 'stateCode']), required: true },
  /** Within the seller's state (CGST + SGST) or across states (IGST). */
  intraState: { type: Boolean, required: true },
  lines: { type: [documentLineSchema], required: true },
  totals: { type: totalsSchema, required: true },
  /** A credit note's invoice. */
  refersTo: {
    type: new mongoose.Schema(
      { number: { type: String, required: true }, issuedAt: { type: Date, required: true } },
      { _id: false },
    ),
    default: null,
  },
  reason: { type: String, default: '' },
} as const;

const taxDocumentSchema = new mongoose.Schema(taxDocumentFields, { timestamps: false });
// A number is never issued twice; an order has at most one document per purpose.
taxDocumentSchema.index({ number: 1 }, { unique: true });
taxDocumentSchema.index({ order: 1, kind: 1, purpose: 1 }, { unique: true });
// The month's report reads by date.
taxDocumentSchema.index({ issuedAt: 1 });

export type TaxDocumentFields = InferSchemaType<typeof taxDocumentSchema>;
export type LeanTaxDocument = TaxDocumentFields & { _id: Types.ObjectId };
export const TaxDocument = mongoose.model('TaxDocument', taxDocumentSchema);

/**
 * One counter per series and financial year ("TS/26-27"): `last` is the last number written on a
 * document; `pending` the next one, claimed but maybe not yet written (see numbering.ts).
 */
const taxCounterSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    last: { type: Number, required: true, default: 0 },
    pending: { type: mongoose.Schema.Types.Mixed, default: null },
  },
  { versionKey: false },
);
export const TaxCounter = mongoose.model('TaxCounter', taxCounterSchema);
