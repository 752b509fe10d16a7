/**
 * The admin's codes and offers: list them with what each has done, create, edit (written only
 * over the version read, so two admins lose nothing) and pause or resume. The terms are
 * checked whole with the shared schemas before anything is written; a category or product that
 * no longer exists is refused beside its field.
 */
import {
  offerHeadline,
  paiseToRupees,
  type AdminCoupon,
  type AdminOffer,
  type CouponTerms,
  type OfferTerms,
} from '@repo/shared';
import { AppError, conflict, isDuplicateKey, notFound } from '../../lib/errors.js';
import { categoryNames } from '../categories/index.js';
import { productsForSale } from '../products/index.js';
import { Coupon, Offer, type LeanCoupon, type LeanOffer } from './coupon.model.js';

/** What orders did with each code and offer, counted from the orders (cancelled ones left out). */
export interface DiscountTotals {
  /** By coupon id. */
  coupons: Map<string, { orders: number; givenAwayPaise: number }>;
  /** By offer id. */
  offers: Map<string, { orders: number; givenAwayPaise: number }>;
}
export type ReadDiscountTotals = () => Promise<DiscountTotals>;

const NO_ORDERS = { orders: 0, givenAwayPaise: 0 };
const ids = (list: readonly unknown[]) => list.map(String);

/** A code's terms as stored (older documents' missing fields read as their defaults). */
export function couponTerms(c: LeanCoupon): CouponTerms {
  return {
    code: c.code,
    description: c.description ?? '',
    kind: c.kind,
    percentOff: c.percentOff ?? null,
    amountOffPaise: c.amountOffPaise ?? null,
    maxDiscountPaise: c.maxDiscountPaise ?? null,
    minCartPaise: c.minCartPaise ?? 0,
    startsOn: c.startsOn ?? null,
    endsOn: c.endsOn ?? null,
    maxUses: c.maxUses ?? null,
    maxUsesPerCustomer: c.maxUsesPerCustomer ?? null,
    firstOrderOnly: c.firstOrderOnly ?? false,
    prepaidOnly: c.prepaidOnly ?? false,
    combinable: c.combinable ?? true,
    categories: ids(c.categories ?? []),
    products: ids(c.products ?? []),
    paused: c.paused ?? false,
  };
}

export function toAdminCoupon(c: LeanCoupon, totals = NO_ORDERS): AdminCoupon {
  return {
    ...couponTerms(c),
    _id: String(c._id),
    version: c.version ?? 0,
    uses: c.uses ?? 0,
    orders: totals.orders,
    givenAway: paiseToRupees(totals.givenAwayPaise),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** An offer's terms as the shared rules read them. */
export function offerTerms(o: LeanOffer) {
  return {
    id: String(o._id),
    kind: o.kind,
    bundlePieces: o.bundlePieces ?? null,
    bundlePricePaise: o.bundlePricePaise ?? null,
    discountKind: o.discountKind ?? null,
    percentOff: o.percentOff ?? null,
    amountOffPaise: o.amountOffPaise ?? null,
    maxDiscountPaise: o.maxDiscountPaise ?? null,
    minCartPaise: o.minCartPaise ?? 0,
    categories: ids(o.categories ?? []),
    startsOn: o.startsOn ?? null,
    endsOn: o.endsOn ?? null,
    paused: o.paused ?? false,
  };
}

export function toAdminOffer(o: LeanOffer, totals = NO_ORDERS): AdminOffer {
  const { id, ...terms } = offerTerms(o);
  return {
    ...terms,
    _id: id,
    name: o.name,
    version: o.version ?? 0,
    headline: offerHeadline({ id, ...terms }),
    orders: totals.orders,
    givenAway: paiseToRupees(totals.givenAwayPaise),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** GET /api/admin/coupons: every code (newest first) and every offer, with what each gave. */
export async function listCouponsAndOffers(totals: ReadDiscountTotals) {
  const [coupons, offers, done] = await Promise.all([
    Coupon.find().sort({ createdAt: -1 }).lean<LeanCoupon[]>(),
    Offer.find().sort({ createdAt: 1 }).lean<LeanOffer[]>(),
    totals(),
  ]);
  return {
    success: true,
    coupons: coupons.map((c) => toAdminCoupon(c, done.coupons.get(String(c._id)))),
    offers: offers.map((o) => toAdminOffer(o, done.offers.get(String(o._id)))),
  };
}

/** A 400 beside the field when a category or product listed no longer exists. */
async function checkExisting(terms: { categories: string[]; products?: string[] }) {
  const issue = (path: string, message: string) =>
    new AppError(400, `${path}: ${message}`, { issues: [{ path, message }] });
  if (terms.categories.length) {
    const found = await categoryNames(terms.categories);
    if (terms.categories.some((id) => !found.has(id)))
      throw issue('categories', 'A category in the list no longer exists');
  }
  if (terms.products?.length) {
    const found = await productsForSale(terms.products);
    if (terms.products.some((id) => !found.has(id.toLowerCase())))
      throw issue('products', 'A product in the list no longer exists');
  }
}

const codeTaken = (code: string) =>
  conflict(`A coupon with the code ${code} already exists`, {
    issues: [{ path: 'code', message: 'This code is already in use' }],
  });
const changedMeanwhile = (what: string) =>
  conflict(`This ${what} was changed by someone else meanwhile. Reload it to see their changes.`);

export async function createCoupon(terms: CouponTerms) {
  await checkExisting(terms);
  try {
    const created = await Coupon.create({ ...terms, version: 0, uses: 0 });
    return {
      success: true,
      message: `Coupon ${terms.code} created`,
      coupon: toAdminCoupon(created.toObject() as LeanCoupon),
    };
  } catch (err) {
    if (isDuplicateKey(err)) throw codeTaken(terms.code);
    throw err;
  }
}

/**
 * Replaces a code's terms over the version read. `uses` is never written here: a lower
 * `maxUses` than the uses already counted only stops further uses.
 */
export async function updateCoupon(id: string, terms: CouponTerms & { version: number }) {
  await checkExisting(terms);
  const { version, ...fields } = terms;
  try {
    const saved = await Coupon.findOneAndUpdate(
      { _id: id, version },
      { $set: fields, $inc: { version: 1 } },
      { returnDocument: 'after' },
    ).lean<LeanCoupon>();
    if (!saved) {
      if (!(await Coupon.exists({ _id: id }))) throw notFound('Coupon not found');
      throw changedMeanwhile('coupon');
    }
    return { success: true, message: `Coupon ${saved.code} saved`, coupon: toAdminCoupon(saved) };
  } catch (err) {
    if (isDuplicateKey(err)) throw codeTaken(terms.code);
    throw err;
  }
}

export async function pauseCoupon(id: string, paused: boolean) {
  const saved = await Coupon.findOneAndUpdate(
    { _id: id },
    { $set: { paused }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<LeanCoupon>();
  if (!saved) throw notFound('Coupon not found');
  return {
    success: true,
    message: `Coupon ${saved.code} ${paused ? 'paused' : 'resumed'}`,
    coupon: toAdminCoupon(saved),
  };
}

export async function createOffer(terms: OfferTerms) {
  await checkExisting(terms);
  const created = await Offer.create({ ...terms, version: 0 });
  return {
    success: true,
    message: `Offer ${terms.name} created`,
    offer: toAdminOffer(created.toObject() as LeanOffer),
  };
}

export async function updateOffer(id: string, terms: OfferTerms & { version: number }) {
  await checkExisting(terms);
  const { version, ...fields } = terms;
  const saved = await Offer.findOneAndUpdate(
    { _id: id, version },
    { $set: fields, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<LeanOffer>();
  if (!saved) {
    if (!(await Offer.exists({ _id: id }))) throw notFound('Offer not found');
    throw changedMeanwhile('offer');
  }
  return { success: true, message: `Offer ${saved.name} saved`, offer: toAdminOffer(saved) };
}

export async function pauseOffer(id: string, paused: boolean) {
  const saved = await Offer.findOneAndUpdate(
    { _id: id },
    { $set: { paused }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<LeanOffer>();
  if (!saved) throw notFound('Offer not found');
  return {
    success: true,
    message: `Offer ${saved.name} ${paused ? 'paused' : 'resumed'}`,
    offer: toAdminOffer(saved),
  };
}
