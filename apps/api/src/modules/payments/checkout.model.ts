import mongoose, { type InferSchemaType } from 'mongoose';
import { REFUND_STATUSES } from '@repo/shared';
import { discountSchema, purchasedItemFields } from '../orders/index.js';

/**
 * A checkout: the cart as the server priced it when the provider's order was created. The
 * order is later built from this record alone, never from what the client sends at verify.
 */
const checkoutItemSchema = new mongoose.Schema(purchasedItemFields, { _id: false });

/** Reconciliation first asks the provider about a checkout this long after it was made. */
export const FIRST_CHECK_MS = 15 * 60_000;

/** flagged: a payment was captured for another amount or currency; the admin settles it. */
export const CHECKOUT_STATUSES = ['pending', 'paid', 'failed', 'flagged'] as const;

/** A captured payment that did not match its checkout (never made an order). */
const mismatchedPaymentSchema = new mongoose.Schema(
  {
    paymentId: { type: String, required: true },
    amountPaise: { type: Number, required: true },
    currency: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { _id: false },
);

/** A refund the admin asked for one of the checkout's payments to settle (never its order's). */
const paymentRefundSchema = new mongoose.Schema(
  {
    paymentId: { type: String, required: true },
    /** The provider's refund id; empty until it answers. */
    id: { type: String, default: '' },
    amountPaise: { type: Number, required: true },
    status: { type: String, enum: REFUND_STATUSES, required: true },
    failureReason: { type: String, default: '' },
    createdAt: { type: Date, required: true },
    /** When a click last asked the provider (the epoch once that ask ended unanswered). */
    askedAt: { type: Date, required: true },
    /** Set once the shopper was told this refund is on its way (unsettled.ts: once). */
    shopperTold: { type: Boolean },
  },
  { _id: false },
);

const checkoutSchema = new mongoose.Schema(
  {
    provider: { type: String, required: true },
    providerOrderId: { type: String, required: true },
    receipt: { type: String, required: true },
    /** The signed-in shopper at checkout, when a token was sent. */
    user: { type: mongoose.Schema.Types.ObjectId, ref: 'User', default: null },
    items: { type: [checkoutItemSchema], required: true },
    amount: { type: Number, required: true },
    /** The whole amount to pay, delivery included. */
    amountPaise: { type: Number, required: true },
    /** Of which the delivery fee (older checkouts: none). */
    shippingFeePaise: { type: Number, default: 0 },
    /** The latest day it should arrive, as estimated at checkout (YYYY-MM-DD; older: none). */
    deliveryBy: { type: String, default: null },
    currency: { type: String, default: 'INR' },
    /** Where to ship, checked before the provider's order was made (older checkouts: empty). */
    shippingAddress: { type: String, default: '' },
    /** A business buyer's GSTIN for the tax invoice ("" for none). */
    buyerGstin: { type: String, default: '' },
    /** What a code and the offer took off (`lines[i]` off `items[i]`); the order keeps it. */
    discount: { type: discountSchema, default: null },
    status: { type: String, enum: CHECKOUT_STATUSES, default: 'pending' },
    /**
     * While pending: when reconciliation next asks the provider about it (reconcile.ts): 15
     * minutes on when made, one pass on once a payment is reported, later and later while the
     * provider has none. Older checkouts have none: their age decides.
     */
    checkAt: { type: Date },
    /** Set once paid: the order it became and the payment that paid it. */
    order: { type: mongoose.Schema.Types.ObjectId, ref: 'Order', default: null },
    paymentId: { type: String, default: null },
    /** Further payments for an already-paid checkout (money to refund by hand). */
    extraPayments: { type: [String], default: [] },
    /** Captured payments whose amount or currency differed from the checkout's: not completed. */
    mismatchedPayments: { type: [mismatchedPaymentSchema], default: [] },
    /**
     * Set while a captured payment of this checkout has no order and no refund on its way (a
     * mismatched or extra one): the admin's list of payments to settle (unsettled.ts).
     */
    unsettledSince: { type: Date },
    paymentRefunds: { type: [paymentRefundSchema], default: [] },
    /** Moves with every change to the payments to settle and their refunds (unsettled.ts). */
    settleRev: { type: Number },
  },
  { timestamps: true },
);
checkoutSchema.index({ providerOrderId: 1 }, { unique: true });
// Reconciliation reads the pending checkouts due a check (older ones: the oldest).
checkoutSchema.index({ status: 1, checkAt: 1 });
checkoutSchema.index({ status: 1, createdAt: 1 });
// The admin's payments to settle, longest waiting first; a refund's webhook finds its checkout.
checkoutSchema.index({ unsettledSince: 1 }, { sparse: true });
checkoutSchema.index({ 'paymentRefunds.paymentId': 1 }, { sparse: true });
// Reconciliation reads the refunds still pending.
checkoutSchema.index({ 'paymentRefunds.status': 1 }, { sparse: true });

export type CheckoutFields = InferSchemaType<typeof checkoutSchema>;
export const Checkout = mongoose.model('Checkout', checkoutSchema);
