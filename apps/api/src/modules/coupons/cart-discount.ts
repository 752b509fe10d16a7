/**
 * The discount on a cart, worked out on the server: the offers running, the code (looked up,
 * with its uses and what is known of the customer), and the shared rules
 * (rules/discounts.ts) that combine them. The cart's "Apply code" and checkout both come here,
 * so the cart shows what checkout will charge.
 */
import {
  COUPON_MESSAGES,
  indiaDay,
  paiseToRupees,
  priceDiscount,
  toPaise,
  type ApplyCouponResponse,
  type Discount,
  type DiscountLine,
  type Offer as OfferRule,
  type PaymentMethod,
} from '@repo/shared';
import { conflict } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/types.js';
import { categoryNames } from '../categories/index.js';
import { productsForSale } from '../products/index.js';
import { couponTerms, offerTerms } from './coupons.admin.js';
import { Coupon, Offer, Redemption, type LeanCoupon, type LeanOffer } from './coupon.model.js';

/** Whether a customer has no order yet (a cancelled one does not count): the orders module's. */
export type IsFirstOrder = (userId: string) => Promise<boolean>;

export interface CartDiscountInput {
  lines: readonly DiscountLine[];
  /** The code typed, in capitals ('' or absent: none). */
  code?: string | undefined;
  payment: PaymentMethod;
  /** The signed-in customer; codes need one. */
  userId?: string | undefined;
  isFirstOrder: IsFirstOrder;
}

export interface CartDiscount extends Discount {
  /** The code applied, to hold its use at checkout. */
  coupon: { id: string; code: string } | null;
}

/** The offers not paused, as the rules read them, with their categories' names (for nudges). */
async function offersToday(): Promise<OfferRule[]> {
  const offers = await Offer.find({ paused: false }).sort({ createdAt: 1 }).lean<LeanOffer[]>();
  const names = await categoryNames([...new Set(offers.flatMap((o) => o.categories.map(String)))]);
  return offers.map((o) => {
    const terms = offerTerms(o);
    return {
      ...terms,
      categoryNames: terms.categories.map((id) => names.get(id)).filter((n) => n !== undefined),
    };
  });
}

/**
 * The uses that count against the code for this customer: the others' (a use the customer's
 * own earlier checkout still holds is theirs to take over), and how many orders the customer
 * has redeemed it on.
 */
async function usesFor(coupon: LeanCoupon, userId: string) {
  const mine = { coupon: coupon._id, user: userId };
  const [redeemed, holding] = await Promise.all([
    Redemption.countDocuments({ ...mine, status: 'redeemed' }),
    Redemption.exists({ ...mine, status: 'held' }),
  ]);
  return { others: (coupon.uses ?? 0) - (holding ? 1 : 0), redeemed };
}

export async function cartDiscount(
  deps: Pick<AppDeps, 'now'>,
  input: CartDiscountInput,
): Promise<CartDiscount> {
  const code = input.code || undefined;
  const today = indiaDay(deps.now());
  const offers = await offersToday();
  const base = { lines: input.lines, offers, context: { today, payment: input.payment, uses: 0 } };
  const without = (reason: 'unknown' | 'sign-in', message: string): CartDiscount => ({
    ...priceDiscount(base),
    refusal: { reason, message },
    coupon: null,
  });
  if (!code) return { ...priceDiscount(base), coupon: null };
  // A guest learns nothing about the code (not even whether it exists) before signing in.
  if (!input.userId) return without('sign-in', COUPON_MESSAGES.signIn);
  const coupon = await Coupon.findOne({ code }).lean<LeanCoupon>();
  if (!coupon) return without('unknown', COUPON_MESSAGES.unknown);

  const terms = couponTerms(coupon);
  const uses = await usesFor(coupon, input.userId);
  const firstOrder = terms.firstOrderOnly ? await input.isFirstOrder(input.userId) : false;
  const discount = priceDiscount({
    ...base,
    code: terms,
    context: { ...base.context, uses: uses.others, customer: { firstOrder, uses: uses.redeemed } },
  });
  return {
    ...discount,
    coupon: discount.code ? { id: String(coupon._id), code: coupon.code } : null,
  };
}

/**
 * What an order (and its checkout) keeps of a cart's discount: the code and the offer, what
 * each took off, and each line's share (`lines[i]` off the cart's line i). Null: nothing off.
 */
export interface DiscountRecord {
  code: string | null;
  couponId: string | null;
  offer: string | null;
  offerId: string | null;
  amount: number;
  amountPaise: number;
  codePaise: number;
  offerPaise: number;
  lines: Array<{ amountPaise: number; offerPaise: number; codePaise: number }>;
}

export function discountRecord(d: CartDiscount): DiscountRecord | null {
  if (d.amountPaise === 0) return null;
  return {
    code: d.coupon?.code ?? null,
    couponId: d.coupon?.id ?? null,
    offer: d.offer?.headline ?? null,
    offerId: d.offer?.id ?? null,
    amount: paiseToRupees(d.amountPaise),
    amountPaise: d.amountPaise,
    codePaise: d.code?.amountPaise ?? 0,
    offerPaise: d.offer?.amountPaise ?? 0,
    lines: d.lines.map((l) => ({
      amountPaise: l.paise,
      offerPaise: l.offerPaise,
      codePaise: l.codePaise,
    })),
  };
}

/** A cart line as the shopper sends it (the checkout's `items`). */
export interface CartItemInput {
  _id: string;
  cartQuantity: number;
  size?: string | undefined;
  colour?: string | undefined;
}

/**
 * The cart's lines priced from the database, for the cart's "Apply code": the same product in
 * the same size (and colour) twice is one line. Stock is checkout's to check; a product no
 * longer sold is a 409, as at checkout.
 */
export async function linesOfCart(items: readonly CartItemInput[]) {
  const merged = new Map<string, CartItemInput>();
  for (const item of items) {
    const _id = item._id.toLowerCase();
    const key = `${_id}:${item.size ?? ''}:${item.colour ?? ''}`;
    const quantity = (merged.get(key)?.cartQuantity ?? 0) + item.cartQuantity;
    merged.set(key, { ...item, _id, cartQuantity: quantity });
  }
  const carts = [...merged.values()];
  const products = await productsForSale([...new Set(carts.map((c) => c._id))]);
  return carts.map((item) => {
    const product = products.get(item._id);
    if (!product)
      throw conflict(
        'A product in your cart is no longer available. Please remove it and review your cart.',
        { productId: item._id },
      );
    const line: DiscountLine = {
      product: item._id,
      category: product.category,
      unitPaise: toPaise(product.price),
      quantity: item.cartQuantity,
    };
    return { item, line };
  });
}

/** POST /api/coupons/apply: what the code and the offer take off the cart, in rupees. */
export async function applyCoupon(
  deps: AppDeps,
  input: Omit<CartDiscountInput, 'lines'> & { items: readonly CartItemInput[] },
): Promise<ApplyCouponResponse> {
  const priced = await linesOfCart(input.items);
  const d = await cartDiscount(deps, { ...input, lines: priced.map((p) => p.line) });
  const subtotalPaise = priced.reduce((s, p) => s + p.line.unitPaise * p.line.quantity, 0);
  const rupees = paiseToRupees;
  const message =
    d.refusal?.message ??
    (d.code ? COUPON_MESSAGES.applied(d.code.code, d.code.amountPaise) : (d.offer?.label ?? ''));
  return {
    success: d.refusal === null,
    discount: rupees(d.amountPaise),
    lines: priced.map(({ item }, i) => ({
      _id: item._id,
      ...(item.size !== undefined ? { size: item.size } : {}),
      ...(item.colour !== undefined ? { colour: item.colour } : {}),
      offer: rupees(d.lines[i]!.offerPaise),
      code: rupees(d.lines[i]!.codePaise),
      discount: rupees(d.lines[i]!.paise),
    })),
    message,
    ...(d.refusal ? { reason: d.refusal.reason } : {}),
    code: d.code
      ? { code: d.code.code, description: d.code.description, amount: rupees(d.code.amountPaise) }
      : null,
    offer: d.offer
      ? { headline: d.offer.headline, label: d.offer.label, amount: rupees(d.offer.amountPaise) }
      : null,
    nudge: d.nudge,
    subtotal: rupees(subtotalPaise),
    total: rupees(subtotalPaise - d.amountPaise),
  };
}
