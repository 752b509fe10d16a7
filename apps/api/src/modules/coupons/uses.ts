/**
 * Counting the uses of a code, with single-document atomic writes only (no transactions):
 *
 * - **Held at checkout** (`holdUse`): before the payment provider's order is made, the
 *   customer's use is written as a `held` redemption in one of their slots (the unique index on
 *   coupon + user + slot is the per-customer limit, on every device) and counted against the
 *   code's uses in all by a conditional `$inc` (`uses < maxUses`): of twenty shoppers racing
 *   for the last use, one gets it, the others are refused before they pay. A customer's newer
 *   checkout takes over their own hold (a retried checkout is not "already used").
 * - **Redeemed when paid** (`redeemUse`, from the one path that turns a payment into an
 *   order): the hold becomes the order's. A payment that comes after its hold ran out (or was
 *   taken over) still becomes its order at the price paid: the use is taken again, over the
 *   limit if none is left, and logged.
 * - **Released** when the checkout is abandoned: a hold lasts HOLD_MS, then the
 *   `coupon-holds` job gives it back; at once when the provider's order could not be made.
 * - **Given back** when the order is cancelled (`giveBackUse`): the redemption is deleted, then
 *   the count goes down. A crash between the two leaves the use counted: never more uses than
 *   allowed.
 */
import { Types } from 'mongoose';
import { COUPON_MESSAGES, type CouponRefusal } from '@repo/shared';
import { conflict, isDuplicateKey } from '../../lib/errors.js';
import type { Job } from '../../lib/jobs.js';
import type { AppDeps } from '../../lib/types.js';
import { Coupon, Redemption, type LeanCoupon, type LeanRedemption } from './coupon.model.js';

/** How long a checkout holds its use of a code before an unpaid one gives it back. */
export const HOLD_MS = 30 * 60_000;

const refused = (reason: CouponRefusal, message: string) => conflict(message, { reason });

/** The customer's slots: "1" … their limit (one for a first-order code), or a fresh one each time. */
function slotsOf(coupon: LeanCoupon): string[] {
  const limit = coupon.firstOrderOnly ? 1 : coupon.maxUsesPerCustomer;
  if (limit === null || limit === undefined) return [String(new Types.ObjectId())];
  return Array.from({ length: limit }, (_, i) => String(i + 1));
}

/** Counts a redemption against the code's uses in all, whatever the limit (a use already made). */
async function countAnyway(deps: AppDeps, redemption: LeanRedemption): Promise<void> {
  const coupon = await Coupon.findOneAndUpdate(
    { _id: redemption.coupon },
    { $inc: { uses: 1 } },
    { returnDocument: 'after' },
  ).lean<LeanCoupon>();
  await Redemption.updateOne({ _id: redemption._id }, { $set: { counted: true } });
  if (coupon?.maxUses != null && coupon.uses > coupon.maxUses)
    deps.logger.warn(
      { code: coupon.code, uses: coupon.uses, maxUses: coupon.maxUses },
      'a coupon went over its uses: a payment came after its hold was given back',
    );
}

/**
 * Holds one use of a code for the checkout `checkout` (its receipt), or throws a 409 with the
 * reason (`reason` beside the message): paused, used up, or the customer's uses taken.
 */
export async function holdUse(
  deps: AppDeps,
  hold: { couponId: string; userId: string; checkout: string },
): Promise<void> {
  const coupon = await Coupon.findById(hold.couponId).lean<LeanCoupon>();
  if (!coupon) throw refused('unknown', COUPON_MESSAGES.unknown);
  const heldUntil = new Date(deps.now().getTime() + HOLD_MS);
  const mine = { coupon: coupon._id, user: new Types.ObjectId(hold.userId) };

  // The customer's own earlier checkout, unpaid: this one takes its use over.
  const taken = await Redemption.findOneAndUpdate(
    { ...mine, status: 'held' },
    { $set: { checkout: hold.checkout, heldUntil } },
    { returnDocument: 'after' },
  ).lean<LeanRedemption>();
  if (taken) {
    if (!taken.counted) await countAnyway(deps, taken);
    return;
  }

  let redemption: LeanRedemption | null = null;
  for (const slot of slotsOf(coupon)) {
    try {
      const doc = await Redemption.create({
        ...mine,
        slot,
        status: 'held',
        checkout: hold.checkout,
        heldUntil,
      });
      redemption = doc.toObject() as LeanRedemption;
      break;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }
  if (!redemption) {
    const limit = coupon.firstOrderOnly ? 1 : (coupon.maxUsesPerCustomer ?? 1);
    throw refused('used', COUPON_MESSAGES.used(limit));
  }

  const counted = await Coupon.updateOne(
    {
      _id: coupon._id,
      paused: false,
      $or: [{ maxUses: null }, { $expr: { $lt: ['$uses', '$maxUses'] } }],
    },
    { $inc: { uses: 1 } },
  );
  if (counted.modifiedCount !== 1) {
    await Redemption.deleteOne({ _id: redemption._id });
    const now = await Coupon.findById(coupon._id, { paused: 1 }).lean();
    throw now?.paused
      ? refused('paused', COUPON_MESSAGES.paused)
      : refused('used-up', COUPON_MESSAGES.usedUp);
  }
  await Redemption.updateOne({ _id: redemption._id }, { $set: { counted: true } });
}

/** Gives back the use a checkout holds (its provider order could not be made). */
export async function releaseHold(checkout: string): Promise<void> {
  const gone = await Redemption.findOneAndDelete({
    checkout,
    status: 'held',
  }).lean<LeanRedemption>();
  if (gone?.counted) await Coupon.updateOne({ _id: gone.coupon }, { $inc: { uses: -1 } });
}

/**
 * The checkout `checkout` was paid and became the order `orderId`: its held use becomes the
 * order's. Safe to call again (a retried completion): an order redeems once.
 */
export async function redeemUse(
  deps: AppDeps,
  use: { couponId: string; userId: string; checkout: string; orderId: string },
): Promise<void> {
  const order = new Types.ObjectId(use.orderId);
  const held = await Redemption.findOneAndUpdate(
    { checkout: use.checkout, status: 'held' },
    { $set: { status: 'redeemed', order, checkout: null, heldUntil: null } },
    { returnDocument: 'after' },
  ).lean<LeanRedemption>();
  if (held) {
    if (!held.counted) await countAnyway(deps, held);
    return;
  }
  if (await Redemption.exists({ order })) return;
  // The hold ran out or was taken over before this payment: the order keeps the price it was
  // paid at, and its use is taken again (one slot per order, so a retry takes none more).
  try {
    const doc = await Redemption.create({
      coupon: use.couponId,
      user: use.userId,
      slot: `order:${use.orderId}`,
      status: 'redeemed',
      order,
    });
    await countAnyway(deps, doc.toObject() as LeanRedemption);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}

/** The order `orderId` was cancelled: its use of a code goes back. Answers whether there was one. */
export async function giveBackUse(orderId: string): Promise<boolean> {
  const gone = await Redemption.findOneAndDelete({
    order: new Types.ObjectId(orderId),
    status: 'redeemed',
  }).lean<LeanRedemption>();
  if (!gone) return false;
  if (gone.counted) await Coupon.updateOne({ _id: gone.coupon }, { $inc: { uses: -1 } });
  return true;
}

/** Gives back the holds of checkouts not paid within HOLD_MS; answers how many. */
export async function releaseRunOutHolds(
  now: Date,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const due = await Redemption.find({ status: 'held', heldUntil: { $lte: now } }, { _id: 1 })
    .limit(options.limit ?? 500)
    .lean();
  let released = 0;
  for (const { _id } of due) {
    if (options.signal?.aborted) break;
    // Only if still held and run out: a payment redeeming it meanwhile wins.
    const gone = await Redemption.findOneAndDelete({
      _id,
      status: 'held',
      heldUntil: { $lte: now },
    }).lean<LeanRedemption>();
    if (!gone) continue;
    released += 1;
    if (gone.counted) await Coupon.updateOne({ _id: gone.coupon }, { $inc: { uses: -1 } });
  }
  return released;
}

/** The job that gives back run-out holds, every minute, in one copy of the shop at a time. */
export function couponJobs(deps: AppDeps): Job[] {
  return [
    {
      name: 'coupon-holds',
      everyMs: 60_000,
      async run({ now, signal }) {
        const released = await releaseRunOutHolds(new Date(now()), { signal });
        if (released)
          deps.logger.info({ released }, 'gave back the coupon uses of unpaid checkouts');
      },
    },
  ];
}
