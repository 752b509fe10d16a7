import mongoose, { type InferSchemaType, type Types } from 'mongoose';
import {
  ONE_SIZE,
  ORDER_ACTORS,
  ORDER_EVENTS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  RETURN_KINDS,
  RETURN_REASONS,
  RETURN_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from '@repo/shared';
import type { StoredPhoto } from '../../lib/storage/index.js';

/**
 * What happened to an item's stock once the order was paid:
 * - pending: not settled yet (whoever completes the payment next settles it),
 * - taking: claimed by one process, which is taking it from stock right now (one that stopped
 *   half-way is taken over once its claim is STOCK_CLAIM_MS old: order-stock.ts),
 * - taken: the quantity was taken from stock,
 * - short: stock had run out between checkout and payment; the admin must act.
 */
export const STOCK_OUTCOMES = ['pending', 'taking', 'taken', 'short'] as const;

/**
 * One bought line, as the checkout priced it: the payments module's checkout records these
 * fields, and an order's item is the same line with what happened to its stock.
 */
export const purchasedItemFields = {
  product: { type: mongoose.Schema.Types.ObjectId, ref: 'Product', required: true },
  name: { type: String, required: true },
  photo: { type: String, default: '' },
  /** Unit price in rupees, as charged. */
  price: { type: Number, required: true },
  cartQuantity: { type: Number, required: true, min: 1 },
  /** The size bought; lines recorded before sizes existed read as One size. */
  size: { type: String, default: ONE_SIZE },
  /**
   * The colour bought, by name. Lines recorded before colours existed have none: their stock
   * is the product's first colour's, the one its older stock became.
   */
  colour: { type: String },
} as const;

const orderItemSchema = new mongoose.Schema(
  {
    ...purchasedItemFields,
    /**
     * The line's own id (an ObjectId's hex): returns name the line by it, since two lines can
     * be the same tee. Orders recorded before it get theirs from a release step
     * (backfillItemIds) or when first read (withItemIds).
     */
    itemId: { type: String },
    stock: { type: String, enum: STOCK_OUTCOMES, default: 'pending' },
  },
  { _id: false },
);

/**
 * The refund of a cancelled paid order. Written in the same update that cancels the order
 * (status pending, id empty), so exactly one cancel starts it; the provider's answer, its
 * webhooks and reconciliation then fill in the id and move the status.
 */
const refundFields = {
  /** The provider's refund id (a return's COD transfer: its reference); empty until answered. */
  id: { type: String, default: '' },
  /** Paise: the whole payment (a cancel), or the pieces returned (a return). */
  amount: { type: Number, required: true },
  status: { type: String, enum: REFUND_STATUSES, required: true },
  createdAt: { type: Date, required: true },
  /** The provider's reason (or ours) when it failed: the admin acts on it. */
  failureReason: { type: String, default: '' },
} as const;
const refundSchema = new mongoose.Schema(refundFields, { _id: false });

/** What the discount took off one item (the item at the same index), in paise. */
const discountLineSchema = new mongoose.Schema(
  {
    /** offerPaise + codePaise. */
    amountPaise: { type: Number, required: true },
    offerPaise: { type: Number, default: 0 },
    codePaise: { type: Number, default: 0 },
  },
  { _id: false },
);

/**
 * The discount the order was paid with, as checkout worked it out (coupons module; the
 * checkout records the same): the code
 * and the automatic offer, and what each took off. `lines[i]` is what came off `items[i]`:
 * an item's price paid is `price × cartQuantity` in paise minus `lines[i].amountPaise` (tax
 * and refunds per line work from it); the lines add up to `amountPaise` exactly.
 */
export const discountSchema = new mongoose.Schema(
  {
    code: { type: String, default: null },
    couponId: { type: mongoose.Schema.Types.ObjectId, ref: 'Coupon', default: null },
    /** The offer's headline as the shopper read it ("3 for ₹999"). */
    offer: { type: String, default: null },
    offerId: { type: mongoose.Schema.Types.ObjectId, ref: 'Offer', default: null },
    /** Rupees (amountPaise / 100). */
    amount: { type: Number, required: true },
    amountPaise: { type: Number, required: true },
    codePaise: { type: Number, default: 0 },
    offerPaise: { type: Number, default: 0 },
    lines: { type: [discountLineSchema], default: [] },
  },
  { _id: false },
);

/** One dated change of the order, for the shopper's timeline ("paid" is the order's createdAt). */
const historySchema = new mongoose.Schema(
  {
    event: { type: String, enum: ORDER_EVENTS, required: true },
    at: { type: Date, required: true },
    by: { type: String, enum: ORDER_ACTORS },
    /** Why the admin moved the order back (required for a backward move). */
    reason: { type: String },
  },
  { _id: false },
);

/** How the order was shipped: the courier (an id of the shared COURIERS) and its AWB. */
const shipmentSchema = new mongoose.Schema(
  {
    courier: { type: String, required: true },
    awb: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { _id: false },
);

/** The tax inside one line or charge, as worked out when the order was paid (shared orderTax). */
const taxedFields = {
  rate: { type: Number, required: true },
  taxablePaise: { type: Number, required: true },
  taxPaise: { type: Number, required: true },
} as const;
const taxedSchema = new mongoose.Schema(taxedFields, { _id: false });

/**
 * The order's GST, worked out once when it was paid with the rules of that day, so its invoice,
 * credit notes and reports never recompute it with later rules (docs/behaviour/gst.md).
 */
const orderTaxSchema = new mongoose.Schema(
  {
    /** The date the rule set used took effect. */
    rulesFrom: { type: String, required: true },
    /** One per item, in the items' order. */
    lines: { type: [taxedSchema], required: true },
    charges: {
      type: [
        new mongoose.Schema(
          { kind: { type: String, required: true }, ...taxedFields },
          { _id: false },
        ),
      ],
      default: [],
    },
    /** The state shipped to (place of supply); empty when the address does not say. */
    placeOfSupply: { type: String, default: '' },
  },
  { _id: false },
);

/** A tax document issued for the order (the gst module keeps the document itself). */
const taxDocumentRefSchema = new mongoose.Schema(
  { number: { type: String, required: true }, issuedAt: { type: Date, required: true } },
  { _id: false },
);

/**
 * A return or exchange of some pieces of one line (returns.ts). Its status moves only by
 * conditional updates on the status read (return-moves.ts), so of two staff moving it at once
 * one wins. `hold` is the exchange's stock: taken from the size wanted when asked for (held),
 * given back if the request ends unused (released), or shipped as the replacement (shipped).
 */
const returnSchema = new mongoose.Schema({
  kind: { type: String, enum: RETURN_KINDS, required: true },
  status: { type: String, enum: RETURN_STATUSES, required: true },
  items: {
    type: [
      new mongoose.Schema(
        {
          itemId: { type: String, required: true },
          product: { type: mongoose.Schema.Types.ObjectId, required: true },
          name: { type: String, required: true },
          quantity: { type: Number, required: true, min: 1 },
          size: { type: String, required: true },
          colour: { type: String },
          wantedSize: { type: String },
          wantedColour: { type: String },
        },
        { _id: false },
      ),
    ],
    required: true,
  },
  reason: { type: String, enum: RETURN_REASONS, required: true },
  comment: { type: String },
  /** The shopper's photo of the piece, as the photo store keeps it (lib/storage). */
  photo: {
    type: new mongoose.Schema(
      {
        key: { type: String, required: true },
        url: { type: String, required: true },
        widths: [{ _id: false, width: Number, url: String }],
      },
      { _id: false },
    ),
    default: undefined,
  },
  hold: { type: String, enum: ['none', 'held', 'released', 'shipped'], default: 'none' },
  /**
   * The pieces sent back, once the check passed: `due` (written with the move), `done` once
   * they are back in stock (return-stock.ts). Absent on requests that never passed, and on
   * those that passed before the field existed (their pieces went back then).
   */
  restock: { type: String, enum: ['due', 'done'] },
  /** A return whose credit note was issued (none while the GST details are unset: caught up later). */
  credited: { type: Boolean, default: false },
  /** The money back (returns that passed): written with the move, like a cancel's refund claim. */
  refund: {
    type: new mongoose.Schema(
      { method: { type: String, enum: ['provider', 'transfer'], required: true }, ...refundFields },
      { _id: false },
    ),
    default: null,
  },
  /** An exchange that passed: the replacement order. */
  replacement: {
    type: new mongoose.Schema(
      {
        orderId: { type: mongoose.Schema.Types.ObjectId, required: true },
        number: { type: String, required: true },
      },
      { _id: false },
    ),
    default: null,
  },
  timeline: {
    type: [
      new mongoose.Schema(
        {
          status: { type: String, enum: RETURN_STATUSES, required: true },
          at: { type: Date, required: true },
          by: { type: String, enum: ORDER_ACTORS, required: true },
          note: { type: String },
        },
        { _id: false },
      ),
    ],
    default: [],
  },
  createdAt: { type: Date, required: true },
});

const orderSchema = new mongoose.Schema(
  {
    /** The number people quote (shared orderNumber of the id), indexed so the admin can find it. */
    number: { type: String },
    /** The shopper; null only when a webhook completed a checkout made without a signed-in user. */
    user: { type: mongoose.Schema.Types.ObjectId, ref: 'User', default: null },
    /** The payer's email and phone as the provider reported them (for orders without a user). */
    contact: { email: { type: String, default: '' }, phone: { type: String, default: '' } },
    items: { type: [orderItemSchema], required: true },
    /** Rupees, as charged (amountPaise / 100). */
    amount: { type: Number, required: true },
    /** The whole amount, T-shirts and fees (rupees in `amount`). */
    amountPaise: { type: Number, required: true },
    /** Of which the delivery fee and the cash-on-delivery fee (older orders: none). */
    shippingFeePaise: { type: Number, default: 0 },
    codFeePaise: { type: Number, default: 0 },
    /** The latest day it should arrive, as estimated when it was ordered (YYYY-MM-DD; older: none). */
    deliveryBy: { type: String, default: null },
    currency: { type: String, default: 'INR' },
    shippingAddress: { type: String, default: '' },
    /** Fulfilment: "pending" means paid and awaiting shipping. */
    status: { type: String, enum: ORDER_STATUSES, default: 'pending' },
    paymentStatus: { type: String, enum: ['paid'], default: 'paid' },
    /** How it is paid and where the money is (older orders: none, read as paid online). */
    payment: {
      type: new mongoose.Schema(
        {
          method: { type: String, enum: PAYMENT_METHODS, required: true },
          status: { type: String, enum: PAYMENT_STATUSES, required: true },
          /** COD: the courier's remittance reference once the cash is collected. */
          reference: { type: String },
          /** COD: when it was collected or came back unpaid. */
          settledAt: { type: Date },
        },
        { _id: false },
      ),
      default: () => ({ method: 'online', status: 'paid' }),
    },
    provider: { type: String, required: true },
    paymentId: { type: String, required: true },
    providerOrderId: { type: String, required: true },
    /**
     * The mails already sent about this order, each once: the status mails (shipped, delivered)
     * and follow-ups (the review request: purchases.ts).
     */
    mailed: { type: [String], default: [] },
    /** True when any item's stock ran short: the order stands, the admin decides. */
    stockShortage: { type: Boolean, default: false },
    /** Who is taking the `taking` items from stock, and since when (order-stock.ts). */
    stockClaim: { type: String },
    stockClaimedAt: { type: Date },
    refund: { type: refundSchema, default: null },
    /**
     * Further payments the shopper made for this order (charged twice), refunded from the
     * admin's "Payments to settle": each once, by payment (extra-payments.ts).
     */
    extraPaymentRefunds: {
      type: [
        new mongoose.Schema(
          {
            paymentId: { type: String, required: true },
            refundId: { type: String, required: true },
            amountPaise: { type: Number, required: true },
            at: { type: Date, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    history: { type: [historySchema], default: [] },
    /** True when it was paid without a usable shipping address: the admin asks the shopper. */
    addressNeeded: { type: Boolean, default: false },
    shipment: { type: shipmentSchema, default: null },
    tax: { type: orderTaxSchema, default: null },
    /** The buyer's GSTIN when a business bought (printed on the invoice). */
    buyerGstin: { type: String, default: '' },
    /** The tax invoice, once issued; then the credit notes against it. */
    invoice: { type: taxDocumentRefSchema, default: null },
    creditNotes: { type: [taxDocumentRefSchema], default: [] },
    /** What a code or an offer took off (null: paid at list prices). */
    discount: { type: discountSchema, default: null },
    /** Returns and exchanges asked for, oldest first (only ever appended to). */
    returns: { type: [returnSchema], default: [] },
    /** A replacement shipped at no charge: the order and the exchange it is for. */
    exchangeFor: {
      type: new mongoose.Schema(
        {
          orderId: { type: mongoose.Schema.Types.ObjectId, required: true },
          returnId: { type: mongoose.Schema.Types.ObjectId, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { timestamps: true },
);
// One payment → one order, one checkout → at most one order: the database decides races.
orderSchema.index({ paymentId: 1 }, { unique: true });
orderSchema.index({ providerOrderId: 1 }, { unique: true });
orderSchema.index({ user: 1, createdAt: -1 });
// A customer's COD standing (open COD orders, parcels returned unpaid).
orderSchema.index({ user: 1, 'payment.method': 1, 'payment.status': 1 });
orderSchema.index({ createdAt: -1 });
orderSchema.index({ status: 1 });
orderSchema.index({ number: 1 });
// Photo files an order shows are kept when the product's photo changes (products module).
orderSchema.index({ 'items.photo': 1 });
// Reconciliation finds items whose stock a stopped process left half-taken.
orderSchema.index({ 'items.stock': 1, createdAt: 1 });
// Follow-up mails (the review request) read the orders delivered in a window of days.
orderSchema.index({ 'history.event': 1, 'history.at': 1 });
// The admin's coupons page sums what each code and offer gave (orders with a discount only).
orderSchema.index({ 'discount.amountPaise': 1 }, { sparse: true });
// Reconciliation reads the oldest refunds still pending.
orderSchema.index({ 'refund.status': 1, 'refund.createdAt': 1 });

// A return is moved by its id; the admin's Returns page filters by status; reconciliation reads
// return refunds still pending; older orders' lines get their itemId.
orderSchema.index({ 'returns._id': 1 });
orderSchema.index({ 'returns.status': 1, 'returns.createdAt': -1 });
orderSchema.index({ 'returns.refund.status': 1, 'returns.refund.createdAt': 1 });
// The return-stock job finds requests that passed whose pieces are not back in stock yet.
orderSchema.index({ 'returns.restock': 1 }, { sparse: true });
orderSchema.index({ 'items.itemId': 1 });

// Orders still owed their invoice or credit note (the tax-documents job issues them).
orderSchema.index({ invoice: 1, status: 1 });

export type OrderFields = InferSchemaType<typeof orderSchema>;
export const Order = mongoose.model('Order', orderSchema);
export type LeanOrder = OrderFields & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };

/** The refund as the order stores it (Mongoose's inferred subdocument, made concrete). */
export interface StoredRefund {
  id: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  createdAt: Date;
  failureReason?: string | null;
}

/** The discount as the order stores it (Mongoose's inferred subdocument, made concrete). */
export interface StoredDiscount {
  code: string | null;
  couponId: Types.ObjectId | null;
  offer: string | null;
  offerId: Types.ObjectId | null;
  amount: number;
  amountPaise: number;
  codePaise: number;
  offerPaise: number;
  lines: Array<{ amountPaise: number; offerPaise: number; codePaise: number }>;
}

export const discountOf = (order: Pick<LeanOrder, 'discount'>): StoredDiscount | null =>
  (order.discount as StoredDiscount | null | undefined) ?? null;

export interface StoredShipment {
  courier: string;
  awb: string;
  at: Date;
}
export const shipmentOf = (order: Pick<LeanOrder, 'shipment'>): StoredShipment | null =>
  (order.shipment as StoredShipment | null | undefined) ?? null;

/** How the order is paid: an order from before payment methods was paid online. */
export const paymentOf = (
  order: Pick<LeanOrder, 'payment'>,
): { method: PaymentMethod; status: PaymentStatus } =>
  (order.payment as { method: PaymentMethod; status: PaymentStatus } | null | undefined) ?? {
    method: 'online',
    status: 'paid',
  };

export const refundOf = (order: Pick<LeanOrder, 'refund'>): StoredRefund | null =>
  (order.refund as StoredRefund | null | undefined) ?? null;

export type StoredReturn = Omit<NonNullable<LeanOrder['returns']>[number], 'photo'> & {
  _id: Types.ObjectId;
  photo?: StoredPhoto | null;
};
export type StoredReturnRefund = StoredRefund & { method: 'provider' | 'transfer' };
export const returnRefundOf = (r: Pick<StoredReturn, 'refund'>): StoredReturnRefund | null =>
  (r.refund as StoredReturnRefund | null | undefined) ?? null;
