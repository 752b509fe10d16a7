/**
 * Coupons and offers: the codes a shopper types and the offers that apply on their own (a
 * bundle "3 for ₹999", a cart-value discount), as the admin writes them and as
 * `POST /api/coupons/apply` answers. Amounts the admin writes are whole paise (₹999 is 99900),
 * as the server counts money; answers to shoppers are rupees. What the terms mean, and how a
 * code and an offer combine, is in rules/discounts.ts.
 */
import { z } from 'zod';
import { couponCode, objectId, optionalCouponCode, requiredText } from './common.js';

import { PAYMENT_METHODS } from '../constants/orders.js';
import { checkoutItem } from './payment.js';
import { isoDate, settingPaise } from './settings.js';

export const DISCOUNT_KINDS = ['percent', 'flat'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const OFFER_KINDS = ['bundle', 'cart'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

const count = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-IN')}`);

const percentOff = z
  .number({ error: 'Percent off must be a number' })
  .int('Percent off must be a whole number')
  .min(1, 'Percent off must be at least 1%')
  .max(90, 'Percent off must be at most 90%');

/** The dates a code or offer runs, in India's calendar, both days included (null: open). */
const window = {
  startsOn: isoDate.nullable().default(null),
  endsOn: isoDate.nullable().default(null),
};

/** How much comes off: a percentage (up to a maximum) or a flat amount. */
const amountOff = {
  kind: z.enum(DISCOUNT_KINDS, { error: 'Choose percent or flat' }),
  percentOff: percentOff.nullable().default(null),
  amountOffPaise: settingPaise('Amount off').nullable().default(null),
  /** A percentage's largest discount (null: none). */
  maxDiscountPaise: settingPaise('Maximum discount').nullable().default(null),
};

/** Categories and products the discount is for (both empty: every T-shirt). */
const limitedTo = {
  categories: z.array(objectId).max(100, 'At most 100 categories').default([]),
  products: z.array(objectId).max(500, 'At most 500 products').default([]),
};

type AmountOff = { kind: DiscountKind; percentOff: number | null; amountOffPaise: number | null };
type Windowed = { startsOn: string | null; endsOn: string | null };

/** The checks across fields that codes and cart offers share, each beside its field. */
function checkAmountOff(
  v: AmountOff & { maxDiscountPaise: number | null },
  ctx: z.RefinementCtx,
): void {
  if (v.kind === 'percent' && v.percentOff === null)
    ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Enter the percent off' });
  if (v.kind === 'percent' && v.amountOffPaise !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['amountOffPaise'],
      message: 'A percentage discount has no flat amount',
    });
  if (v.kind === 'flat' && (v.amountOffPaise === null || v.amountOffPaise < 100))
    ctx.addIssue({
      code: 'custom',
      path: ['amountOffPaise'],
      message: 'Enter the amount off (at least ₹1)',
    });
  if (v.kind === 'flat' && v.percentOff !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['percentOff'],
      message: 'A flat discount has no percent',
    });
  if (v.kind === 'flat' && v.maxDiscountPaise !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['maxDiscountPaise'],
      message: 'A flat discount has no maximum: it is the amount off',
    });
}

function checkWindow(v: Windowed, ctx: z.RefinementCtx): void {
  if (v.startsOn && v.endsOn && v.endsOn < v.startsOn)
    ctx.addIssue({
      code: 'custom',
      path: ['endsOn'],
      message: 'The last day cannot be before the first',
    });
}

export const couponFields = z.object({
  code: couponCode,
  /** What the shopper reads beside the code ("10% off your first order"). */
  description: z.string().trim().max(120, 'At most 120 characters').default(''),
  ...amountOff,
  /** The cart (after any automatic offer it is combined with) must come to at least this. */
  minCartPaise: settingPaise('Minimum cart value').default(0),
  ...window,
  /** Uses in all (null: no limit); a use is held from checkout to payment, and given back on cancel. */
  maxUses: count('Uses in all', 1_000_000).nullable().default(null),
  /** Uses per customer account (null: no limit). */
  maxUsesPerCustomer: count('Uses per customer', 1000).nullable().default(1),
  firstOrderOnly: z.boolean().default(false),
  /** Not with cash on delivery. */
  prepaidOnly: z.boolean().default(false),
  /** May it add to the automatic offer? If not, the shopper gets the better of the two. */
  combinable: z.boolean().default(true),
  ...limitedTo,
  paused: z.boolean().default(false),
});

/** `POST /api/admin/coupons`: a new code (every field checked, 400 beside the field). */
export const couponBody = couponFields.superRefine((v, ctx) => {
  checkAmountOff(v, ctx);
  checkWindow(v, ctx);
});
export type CouponBody = z.input<typeof couponBody>;
export type CouponTerms = z.output<typeof couponBody>;

/** `PUT /api/admin/coupons/{id}`: the whole code again, with the version read (409 if stale). */
export const updateCouponBody = couponFields
  .extend({ version: z.number().int().min(0) })
  .superRefine((v, ctx) => {
    checkAmountOff(v, ctx);
    checkWindow(v, ctx);
  });
export type UpdateCouponBody = z.input<typeof updateCouponBody>;

export const offerFields = z.object({
  /** The admin's name for it; shoppers read the headline made from its numbers. */
  name: requiredText('Name', 60),
  kind: z.enum(OFFER_KINDS, { error: 'Choose a bundle or a cart-value offer' }),
  /** bundle: this many pieces … */
  bundlePieces: count('Pieces in the bundle', 10).nullable().default(null),
  /** … for this price, repeating per that many pieces. */
  bundlePricePaise: settingPaise('Bundle price').nullable().default(null),
  /** cart: how much comes off a cart of at least `minCartPaise`. */
  discountKind: z.enum(DISCOUNT_KINDS).nullable().default(null),
  percentOff: percentOff.nullable().default(null),
  amountOffPaise: settingPaise('Amount off').nullable().default(null),
  maxDiscountPaise: settingPaise('Maximum discount').nullable().default(null),
  minCartPaise: settingPaise('Minimum cart value').default(0),
  /** The categories whose T-shirts count (empty: every T-shirt). */
  categories: limitedTo.categories,
  ...window,
  paused: z.boolean().default(false),
});

function checkOffer(v: z.output<typeof offerFields>, ctx: z.RefinementCtx): void {
  checkWindow(v, ctx);
  if (v.kind === 'bundle') {
    if (v.bundlePieces === null || v.bundlePieces < 2)
      ctx.addIssue({
        code: 'custom',
        path: ['bundlePieces'],
        message: 'A bundle has at least 2 pieces',
      });
    if (v.bundlePricePaise === null || v.bundlePricePaise < 100)
      ctx.addIssue({
        code: 'custom',
        path: ['bundlePricePaise'],
        message: 'Enter the bundle price (at least ₹1)',
      });
    for (const field of [
      'discountKind',
      'percentOff',
      'amountOffPaise',
      'maxDiscountPaise',
    ] as const)
      if (v[field] !== null)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'A bundle has a price, not a discount',
        });
    if (v.minCartPaise !== 0)
      ctx.addIssue({
        code: 'custom',
        path: ['minCartPaise'],
        message: 'A bundle has no minimum cart value',
      });
    return;
  }
  if (v.discountKind === null) {
    ctx.addIssue({ code: 'custom', path: ['discountKind'], message: 'Choose percent or flat' });
    return;
  }
  for (const field of ['bundlePieces', 'bundlePricePaise'] as const)
    if (v[field] !== null)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: 'A cart-value offer has no bundle',
      });
  checkAmountOff({ ...v, kind: v.discountKind }, ctx);
}

/** `POST /api/admin/offers`: a new automatic offer. */
export const offerBody = offerFields.superRefine(checkOffer);
export type OfferBody = z.input<typeof offerBody>;
export type OfferTerms = z.output<typeof offerBody>;

/** `PUT /api/admin/offers/{id}`: the whole offer again, with the version read. */
export const updateOfferBody = offerFields
  .extend({ version: z.number().int().min(0) })
  .superRefine(checkOffer);
export type UpdateOfferBody = z.input<typeof updateOfferBody>;

/** What a code or offer has done so far: orders that used it and what it took off them. */
const usage = {
  /** Uses counted against the limits: orders paid with it and checkouts still holding one. */
  uses: z.number(),
  /** Orders placed with it (cancelled ones give theirs back). */
  orders: z.number(),
  /** What it took off those orders, in rupees. */
  givenAway: z.number(),
};

export const adminCoupon = couponFields
  .extend({
    _id: objectId,
    version: z.number(),
    ...usage,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminCoupon' });
export type AdminCoupon = z.infer<typeof adminCoupon>;

export const adminOffer = offerFields
  .extend({
    _id: objectId,
    version: z.number(),
    /** What shoppers read: "3 for ₹999", "10% off above ₹1,499". */
    headline: z.string(),
    orders: usage.orders,
    givenAway: usage.givenAway,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminOffer' });
export type AdminOffer = z.infer<typeof adminOffer>;

export const adminCouponsResponse = z.object({
  success: z.boolean(),
  coupons: z.array(adminCoupon),
  offers: z.array(adminOffer),
});
export type AdminCouponsResponse = z.infer<typeof adminCouponsResponse>;

export const couponMutationResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  coupon: adminCoupon,
});
export type CouponMutationResponse = z.infer<typeof couponMutationResponse>;
export const offerMutationResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  offer: adminOffer,
});
export type OfferMutationResponse = z.infer<typeof offerMutationResponse>;

/** `PATCH /api/admin/coupons/{id}` and `/offers/{id}`: pause or resume, nothing else. */
export const pauseBody = z.object({ paused: z.boolean() });
export type PauseBody = z.infer<typeof pauseBody>;

/**
 * `POST /api/coupons/apply`: the cart's lines (as checkout sends them) and the code typed, if
 * any; without a code the answer is the automatic offer alone. `payment` says how the shopper
 * means to pay (a code may be for prepaid orders only).
 */
export const applyCouponBody = z.object({
  code: optionalCouponCode,
  items: z.array(checkoutItem).min(1, 'The cart is empty').max(100),
  payment: z.enum(PAYMENT_METHODS).default('online'),
});
export type ApplyCouponBody = z.input<typeof applyCouponBody>;

/**
 * Why a code gives nothing: unknown, needs a signed-in shopper, paused, not started, expired,
 * used up (in all), not with cash on delivery, first order only, already used (by this
 * shopper), not for these items, minimum not met, or the automatic offer saves more and the
 * two do not combine.
 */
export const COUPON_REFUSALS = [
  'unknown',
  'sign-in',
  'paused',
  'not-started',
  'expired',
  'used-up',
  'cod',
  'first-order',
  'used',
  'items',
  'minimum',
  'offer-better',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/** One cart line's discount, in rupees: from the offer, from the code, and both. */
export const discountLine = z.object({
  _id: objectId,
  /** The line's size and colour as sent. */
  size: z.string().optional(),
  colour: z.string().optional(),
  offer: z.number(),
  code: z.number(),
  discount: z.number(),
});
export type DiscountLineJson = z.infer<typeof discountLine>;

export const applyCouponResponse = z
  .object({
    /** The code was applied (without a code: true). */
    success: z.boolean(),
    /** Everything off the cart, in rupees: the offer's and the code's. */
    discount: z.number(),
    lines: z.array(discountLine),
    /** The code's outcome in words: what it saves, or why it gives nothing. */
    message: z.string(),
    /** Why the code gives nothing (absent when it was applied or none was sent). */
    reason: z.enum(COUPON_REFUSALS).optional(),
    code: z.object({ code: z.string(), description: z.string(), amount: z.number() }).nullable(),
    /** The automatic offer that applies: "Offer: 3 for ₹999 – you save ₹648". */
    offer: z.object({ headline: z.string(), label: z.string(), amount: z.number() }).nullable(),
    /** "Add 1 more tee … to get 3 for ₹999": one step from an offer. */
    nudge: z.string().nullable(),
    /** The items at their prices, and after the discount (rupees; delivery comes on top). */
    subtotal: z.number(),
    total: z.number(),
  })
  .meta({ id: 'ApplyCouponResponse' });
export type ApplyCouponResponse = z.infer<typeof applyCouponResponse>;
