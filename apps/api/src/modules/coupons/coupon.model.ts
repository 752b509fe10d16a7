/**
 * The coupons module's collections:
 * - `coupons`: the codes, their terms (shared `couponBody`) and `uses`, the count held against
 *   `maxUses` (checkouts holding a use and orders that redeemed one), moved only by `$inc`;
 * - `offers`: the automatic offers and their terms (shared `offerBody`);
 * - `redemptions`: one document per use of a code by a customer, held by a checkout or
 *   redeemed by an order. The unique index on (coupon, user, slot) is the per-customer limit:
 *   a customer allowed 2 uses has slots "1" and "2", and a third insert is refused by the
 *   database whatever the number of devices or processes asking at once.
 * Both term documents carry a `version` moved by every save: an edit is written only over the
 * version it read.
 */
import mongoose, { type InferSchemaType, type Types } from 'mongoose';
import { DISCOUNT_KINDS, OFFER_KINDS } from '@repo/shared';

const ObjectId = mongoose.Schema.Types.ObjectId;
const nullableNumber = { type: Number, default: null };
const day = { type: String, default: null };

const couponSchema = new mongoose.Schema(
  {
    code: { type: String, required: true },
    description: { type: String, default: '' },
    kind: { type: String, enum: DISCOUNT_KINDS, required: true },
    percentOff: nullableNumber,
    amountOffPaise: nullableNumber,
    maxDiscountPaise: nullableNumber,
    minCartPaise: { type: Number, default: 0 },
    startsOn: day,
    endsOn: day,
    maxUses: nullableNumber,
    maxUsesPerCustomer: nullableNumber,
    firstOrderOnly: { type: Boolean, default: false },
    prepaidOnly: { type: Boolean, default: false },
    combinable: { type: Boolean, default: true },
    categories: { type: [ObjectId], default: [] },
    products: { type: [ObjectId], default: [] },
    paused: { type: Boolean, default: false },
    version: { type: Number, default: 0 },
    /** Uses held by checkouts or redeemed by orders: never above maxUses (uses.ts). */
    uses: { type: Number, default: 0 },
  },
  { timestamps: true },
);
couponSchema.index({ code: 1 }, { unique: true });
couponSchema.index({ createdAt: -1 });

export type CouponFields = InferSchemaType<typeof couponSchema>;
export type LeanCoupon = CouponFields & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const Coupon = mongoose.model('Coupon', couponSchema);

const offerSchema = new mongoose.Schema(
  {
    name: { type: String, required: true },
    kind: { type: String, enum: OFFER_KINDS, required: true },
    bundlePieces: nullableNumber,
    bundlePricePaise: nullableNumber,
    discountKind: { type: String, enum: [...DISCOUNT_KINDS, null], default: null },
    percentOff: nullableNumber,
    amountOffPaise: nullableNumber,
    maxDiscountPaise: nullableNumber,
    minCartPaise: { type: Number, default: 0 },
    categories: { type: [ObjectId], default: [] },
    startsOn: day,
    endsOn: day,
    paused: { type: Boolean, default: false },
    version: { type: Number, default: 0 },
  },
  { timestamps: true },
);
// Every cart reads the offers not paused (a handful), oldest first.
offerSchema.index({ paused: 1, createdAt: 1 });

export type OfferFields = InferSchemaType<typeof offerSchema>;
export type LeanOffer = OfferFields & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const Offer = mongoose.model('Offer', offerSchema);

/** held: a checkout is paying with it (until `heldUntil`); redeemed: an order used it. */
export const REDEMPTION_STATUSES = ['held', 'redeemed'] as const;

const redemptionSchema = new mongoose.Schema(
  {
    coupon: { type: ObjectId, ref: 'Coupon', required: true },
    user: { type: ObjectId, ref: 'User', required: true },
    /** "1" … the customer's limit; a use taken beyond it (a late payment) is "order:<id>". */
    slot: { type: String, required: true },
    status: { type: String, enum: REDEMPTION_STATUSES, required: true },
    /** The checkout holding it (its receipt), while held. */
    checkout: { type: String, default: null },
    heldUntil: { type: Date, default: null },
    /** The order that redeemed it. */
    order: { type: ObjectId, ref: 'Order', default: null },
    /** The coupon's `uses` counts it (set once its $inc is done). */
    counted: { type: Boolean, default: false },
  },
  { timestamps: true },
);
redemptionSchema.index({ coupon: 1, user: 1, slot: 1 }, { unique: true });
redemptionSchema.index({ checkout: 1 });
redemptionSchema.index({ order: 1 });
// The release job reads the holds that ran out.
redemptionSchema.index({ status: 1, heldUntil: 1 });

export type RedemptionFields = InferSchemaType<typeof redemptionSchema>;
export type LeanRedemption = RedemptionFields & { _id: Types.ObjectId };
export const Redemption = mongoose.model('Redemption', redemptionSchema);
