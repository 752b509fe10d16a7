/**
 * Discounts: what a code and the automatic offers take off a cart, line by line, in whole
 * paise. Pure: the server prices the cart from the database, counts uses and passes in today's
 * date and what it knows of the shopper; the cart page shows the server's answer.
 *
 * How they combine (docs/behaviour/coupons.md):
 * - Of the automatic offers running, the one that saves the most applies (at most one).
 * - At most one code. It adds to the offer (worked out on what the offer left to pay) unless
 *   the code says it does not combine; then the shopper gets whichever of the two saves more.
 *   Whenever several ways are possible (a combinable code whose minimum the offer's prices no
 *   longer reach, say), the shopper gets the one that saves the most.
 * - A bundle ("3 for ₹999", repeating per 3) takes the dearest pieces that count, and bundles
 *   only while a bundle costs less than its pieces: that is what saves the shopper the most,
 *   and adding a cheaper tee never takes away a saving.
 * - Every discount is spread over the lines it applies to in whole paise, in proportion to
 *   what each line costs, the leftover paise going to the largest remainders (each line's share
 *   is then within a paisa of exact, and the lines add up to the discount exactly), so tax and
 *   refunds can be worked out per line.
 *
 * Zod-free (types only): the cart page imports it.
 */
import type { CouponRefusal, CouponTerms, DiscountKind, OfferTerms } from '../schemas/coupon.js';
import type { PaymentMethod } from '../constants/orders.js';
import { formatRupees, paiseToRupees } from './index.js';

/** A cart line priced by the server. */
export interface DiscountLine {
  product: string;
  category: string;
  /** The price of one piece, in paise. */
  unitPaise: number;
  quantity: number;
}

const lineValue = (line: DiscountLine) => line.unitPaise * line.quantity;

/**
 * `total` paise spread over `weights` in proportion, each share whole, adding up exactly: the
 * floor of each exact share, then one more paisa to the largest remainders (ties: the larger
 * weight, then the earlier line). A share never exceeds its weight while total ≤ sum of weights.
 */
export function spreadPaise(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!Number.isInteger(total) || total < 0) throw new RangeError('Spread whole, positive paise');
  if (total > sum) throw new RangeError('Cannot spread more than the lines are worth');
  if (total === 0) return weights.map(() => 0);
  const shares = weights.map((w, i) => ({
    i,
    w,
    floor: Math.floor((total * w) / sum),
    rest: (total * w) % sum,
  }));
  let left = total - shares.reduce((a, s) => a + s.floor, 0);
  const order = [...shares].sort((a, b) => b.rest - a.rest || b.w - a.w || a.i - b.i);
  const out = shares.map((s) => s.floor);
  for (const s of order) {
    if (left === 0) break;
    out[s.i]! += 1;
    left -= 1;
  }
  return out;
}

/** A percentage of an amount, in whole rupees (halves up), as paise: 10% of ₹1,647 is ₹165. */
export function percentOfPaise(amountPaise: number, percent: number): number {
  return Math.floor((amountPaise * percent + 5000) / 10000) * 100;
}

interface AmountOffTerms {
  kind: DiscountKind;
  percentOff: number | null;
  amountOffPaise: number | null;
  maxDiscountPaise: number | null;
}

/** What comes off `valuePaise`: a percentage up to its maximum, or the flat amount; never more than the value. */
function amountOff(terms: AmountOffTerms, valuePaise: number): number {
  const off =
    terms.kind === 'percent'
      ? Math.min(
          percentOfPaise(valuePaise, terms.percentOff ?? 0),
          terms.maxDiscountPaise ?? Infinity,
        )
      : (terms.amountOffPaise ?? 0);
  return Math.min(off, valuePaise);
}

/** "10%" or "₹200" (and "10% up to ₹300"). */
function amountOffText(terms: AmountOffTerms): string {
  if (terms.kind === 'flat') return formatRupees(paiseToRupees(terms.amountOffPaise ?? 0));
  const upTo = terms.maxDiscountPaise
    ? ` up to ${formatRupees(paiseToRupees(terms.maxDiscountPaise))}`
    : '';
  return `${terms.percentOff ?? 0}%${upTo}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** India's time is UTC+5:30 all year. */
const INDIA_OFFSET_MS = 330 * 60_000;

/** The date in India ("2026-05-01") of an instant: codes and offers run by India's calendar. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** "1 May 2026" from "2026-05-01". */
export function dayText(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
}

type Windowed = { startsOn: string | null; endsOn: string | null; paused: boolean };

/** Running today: not paused, on or after its first day and on or before its last. */
export function isRunning(terms: Windowed, today: string): boolean {
  return (
    !terms.paused &&
    (!terms.startsOn || terms.startsOn <= today) &&
    (!terms.endsOn || terms.endsOn >= today)
  );
}

/** An automatic offer as the rules see it: its terms, its id and the names of its categories. */
export type Offer = Pick<
  OfferTerms,
  | 'kind'
  | 'bundlePieces'
  | 'bundlePricePaise'
  | 'discountKind'
  | 'percentOff'
  | 'amountOffPaise'
  | 'maxDiscountPaise'
  | 'minCartPaise'
  | 'categories'
  | 'startsOn'
  | 'endsOn'
  | 'paused'
> & { id: string; categoryNames?: readonly string[] | undefined };

/** What shoppers read of an offer: "3 for ₹999", "10% off above ₹1,499", "₹200 off". */
export function offerHeadline(offer: Offer): string {
  if (offer.kind === 'bundle')
    return `${offer.bundlePieces} for ${formatRupees(paiseToRupees(offer.bundlePricePaise ?? 0))}`;
  const off = `${amountOffText({ ...offer, kind: offer.discountKind ?? 'percent' })} off`;
  return offer.minCartPaise > 0
    ? `${off} above ${formatRupees(paiseToRupees(offer.minCartPaise))}`
    : off;
}

const countsFor = (categories: readonly string[], line: DiscountLine) =>
  categories.length === 0 || categories.includes(line.category);

/** "from Graphic Tees or Anime" (nothing when every tee counts). */
function fromCategories(offer: Offer): string {
  const names = offer.categoryNames ?? [];
  if (!names.length) return '';
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return ` from ${list}`;
}

export interface OfferOutcome {
  offer: Offer;
  /** Paise off each line (same order as the lines). */
  lines: number[];
  amountPaise: number;
}

/**
 * A bundle: the pieces that count, dearest first, in groups of `bundlePieces`; each group that
 * costs more than the bundle's price is sold at that price, its saving spread over its pieces.
 */
function bundleOutcome(offer: Offer, lines: readonly DiscountLine[]) {
  const size = offer.bundlePieces ?? 0;
  const price = offer.bundlePricePaise ?? 0;
  const pieces = lines
    .flatMap((line, i) =>
      countsFor(offer.categories, line)
        ? Array.from({ length: line.quantity }, () => ({ i, unit: line.unitPaise }))
        : [],
    )
    .sort((a, b) => b.unit - a.unit || a.i - b.i);
  const off = lines.map(() => 0);
  let bundled = 0;
  for (let at = 0; size >= 2 && at + size <= pieces.length; at += size) {
    const group = pieces.slice(at, at + size);
    const cost = group.reduce((sum, p) => sum + p.unit, 0);
    // Sorted dearest first: once a group does not save, no later one would.
    if (cost <= price) break;
    spreadPaise(
      cost - price,
      group.map((p) => p.unit),
    ).forEach((share, k) => (off[group[k]!.i]! += share));
    bundled += size;
  }
  const left = pieces.length - bundled;
  return { off, bundled, oneMore: size >= 2 && left % size === size - 1 };
}

/** What one automatic offer takes off the cart, or why it does not apply yet (a nudge). */
export function offerOutcome(
  offer: Offer,
  lines: readonly DiscountLine[],
): { outcome: OfferOutcome | null; nudge: string | null } {
  const headline = offerHeadline(offer);
  if (offer.kind === 'bundle') {
    const { off, bundled, oneMore } = bundleOutcome(offer, lines);
    const amountPaise = off.reduce((a, b) => a + b, 0);
    const another = bundled > 0 ? 'another ' : '';
    const nudge = oneMore
      ? `Add 1 more tee${fromCategories(offer)} to get ${another}${headline}`
      : null;
    return { outcome: amountPaise > 0 ? { offer, lines: off, amountPaise } : null, nudge };
  }
  const cartPaise = lines.reduce((sum, line) => sum + lineValue(line), 0);
  if (cartPaise < offer.minCartPaise) {
    const short = formatRupees(paiseToRupees(offer.minCartPaise - cartPaise));
    const off = amountOffText({ ...offer, kind: offer.discountKind ?? 'percent' });
    return { outcome: null, nudge: `Add ${short} more to get ${off} off` };
  }
  const weights = lines.map((line) => (countsFor(offer.categories, line) ? lineValue(line) : 0));
  const value = weights.reduce((a, b) => a + b, 0);
  const amountPaise = amountOff({ ...offer, kind: offer.discountKind ?? 'percent' }, value);
  if (amountPaise === 0) return { outcome: null, nudge: null };
  return {
    outcome: { offer, lines: spreadPaise(amountPaise, weights), amountPaise },
    nudge: null,
  };
}

/**
 * The offer running today that saves the most on this cart (the first listed on a tie), and a
 * nudge: one more tee for another bundle of the offer that applies, or, when none applies, how
 * far the cart is from the first offer that could.
 */
export function bestOffer(
  offers: readonly Offer[],
  lines: readonly DiscountLine[],
  today: string,
): { outcome: OfferOutcome | null; nudge: string | null } {
  let best: { outcome: OfferOutcome; nudge: string | null } | null = null;
  let firstNudge: string | null = null;
  for (const offer of offers) {
    if (!isRunning(offer, today)) continue;
    const { outcome, nudge } = offerOutcome(offer, lines);
    if (outcome && (!best || outcome.amountPaise > best.outcome.amountPaise))
      best = { outcome, nudge };
    firstNudge ??= nudge;
  }
  return best ?? { outcome: null, nudge: firstNudge };
}

/** A code as the rules see it. */
export type Code = Pick<
  CouponTerms,
  | 'code'
  | 'description'
  | 'kind'
  | 'percentOff'
  | 'amountOffPaise'
  | 'maxDiscountPaise'
  | 'minCartPaise'
  | 'startsOn'
  | 'endsOn'
  | 'maxUses'
  | 'maxUsesPerCustomer'
  | 'firstOrderOnly'
  | 'prepaidOnly'
  | 'combinable'
  | 'categories'
  | 'products'
  | 'paused'
>;

/** What the server knows when it checks a code. */
export interface CodeContext {
  /** Today in India ("2026-05-01"). */
  today: string;
  payment: PaymentMethod;
  /** Uses of the code counted so far by other checkouts and orders. */
  uses: number;
  /** The signed-in shopper: whether they have ordered before, and their uses of this code. */
  customer?: { firstOrder: boolean; uses: number } | undefined;
}

export interface Refusal {
  reason: CouponRefusal;
  message: string;
}

/** The shopper's words for each refusal (some with the code's own numbers). */
export const COUPON_MESSAGES = {
  unknown: "This code isn't valid. Please check it and try again.",
  signIn: 'Please log in to use a coupon code.',
  paused: "This code isn't active right now.",
  notStarted: (day: string) => `This code starts on ${dayText(day)}.`,
  expired: (day: string) => `This code expired on ${dayText(day)}.`,
  usedUp: 'This code has been fully used.',
  cod: "This code can't be used with cash on delivery. Pay online to use it.",
  firstOrder: 'This code is only for your first order.',
  used: (times: number) =>
    times === 1
      ? 'You have already used this code.'
      : `You have already used this code ${times} times, its limit.`,
  items: "This code isn't for the items in your cart.",
  minimum: (shortPaise: number, minPaise: number) =>
    `Add ${formatRupees(paiseToRupees(shortPaise))} more to use this code (minimum cart value ${formatRupees(paiseToRupees(minPaise))}).`,
  offerBetter: (code: string, codePaise: number, offer: string, offerPaise: number) =>
    `${code} would save ${formatRupees(paiseToRupees(codePaise))}, but your offer ${offer} saves ${formatRupees(paiseToRupees(offerPaise))} and the two can't be combined. We kept the offer.`,
  applied: (code: string, paise: number) =>
    `${code} applied: you save ${formatRupees(paiseToRupees(paise))}.`,
} as const;

const refuse = (reason: CouponRefusal, message: string): Refusal => ({ reason, message });

/**
 * The checks that do not depend on the cart's lines, in the order a shopper would want to
 * hear them: paused, dates, uses in all, cash on delivery, sign-in, first order, own uses.
 */
export function codeRefusal(code: Code, ctx: CodeContext): Refusal | null {
  if (code.paused) return refuse('paused', COUPON_MESSAGES.paused);
  if (code.startsOn && code.startsOn > ctx.today)
    return refuse('not-started', COUPON_MESSAGES.notStarted(code.startsOn));
  if (code.endsOn && code.endsOn < ctx.today)
    return refuse('expired', COUPON_MESSAGES.expired(code.endsOn));
  if (code.maxUses !== null && ctx.uses >= code.maxUses)
    return refuse('used-up', COUPON_MESSAGES.usedUp);
  if (code.prepaidOnly && ctx.payment === 'cod') return refuse('cod', COUPON_MESSAGES.cod);
  if (!ctx.customer) return refuse('sign-in', COUPON_MESSAGES.signIn);
  if (code.firstOrderOnly && !ctx.customer.firstOrder)
    return refuse('first-order', COUPON_MESSAGES.firstOrder);
  if (code.maxUsesPerCustomer !== null && ctx.customer.uses >= code.maxUsesPerCustomer)
    return refuse('used', COUPON_MESSAGES.used(code.maxUsesPerCustomer));
  return null;
}

const codeCounts = (code: Code, line: DiscountLine) =>
  (code.categories.length === 0 && code.products.length === 0) ||
  code.categories.includes(line.category) ||
  code.products.includes(line.product);

/**
 * What a code takes off the lines once `before` (paise per line, an offer's) is off them:
 * the lines it is for, the cart's value after `before` against its minimum, then its amount
 * spread over those lines by what is left of each.
 */
export function codeOutcome(
  code: Code,
  lines: readonly DiscountLine[],
  before: readonly number[] = lines.map(() => 0),
): { lines: number[]; amountPaise: number } | Refusal {
  const left = lines.map((line, i) => lineValue(line) - (before[i] ?? 0));
  const weights = lines.map((line, i) => (codeCounts(code, line) ? left[i]! : 0));
  if (!lines.some((line) => codeCounts(code, line))) return refuse('items', COUPON_MESSAGES.items);
  const cartPaise = left.reduce((a, b) => a + b, 0);
  if (cartPaise < code.minCartPaise)
    return refuse(
      'minimum',
      COUPON_MESSAGES.minimum(code.minCartPaise - cartPaise, code.minCartPaise),
    );
  const value = weights.reduce((a, b) => a + b, 0);
  const amountPaise = amountOff(code, value);
  if (amountPaise === 0) return refuse('items', COUPON_MESSAGES.items);
  return { lines: spreadPaise(amountPaise, weights), amountPaise };
}

export interface LineDiscount {
  offerPaise: number;
  codePaise: number;
  /** offerPaise + codePaise: what comes off the line. */
  paise: number;
}

export interface Discount {
  lines: LineDiscount[];
  offer: { id: string; headline: string; label: string; amountPaise: number } | null;
  code: { code: string; description: string; amountPaise: number } | null;
  amountPaise: number;
  /** Why the code sent gives nothing (null when it applies, or none was sent). */
  refusal: Refusal | null;
  nudge: string | null;
}

/**
 * The discount on a cart: the best automatic offer, and the code (if any) on top of it or
 * instead of it, whichever way saves the shopper the most (see the file's header).
 */
export function priceDiscount(input: {
  lines: readonly DiscountLine[];
  offers: readonly Offer[];
  code?: Code | null | undefined;
  context: CodeContext;
}): Discount {
  const { lines, context } = input;
  const zero = lines.map(() => 0);
  const { outcome: offer, nudge } = bestOffer(input.offers, lines, context.today);

  type Way = { offer: OfferOutcome | null; code: number[] | null; codePaise: number };
  const ways: Way[] = [{ offer, code: null, codePaise: 0 }];
  let refusal: Refusal | null = null;
  // Why the code could not apply one of the ways tried (on top of the offer first).
  let firstRefusal: Refusal | null = null;
  const code = input.code ?? null;
  if (code) {
    refusal = codeRefusal(code, context);
    if (!refusal) {
      // On top of the offer when it combines (the first way whose refusal is told), and alone.
      const tries: Array<OfferOutcome | null> = [];
      if (offer && code.combinable) tries.push(offer);
      tries.push(null);
      for (const under of tries) {
        const got = codeOutcome(code, lines, under?.lines ?? zero);
        if ('reason' in got) firstRefusal ??= got;
        else ways.push({ offer: under, code: got.lines, codePaise: got.amountPaise });
      }
      if (ways.length === 1) refusal = firstRefusal;
    }
  }
  const total = (w: Way) => (w.offer?.amountPaise ?? 0) + w.codePaise;
  // The most saved; on a tie, a way without the code (the shopper keeps the use).
  const best = ways.reduce((a, b) => (total(b) > total(a) ? b : a));
  if (code && !refusal && !best.code) {
    const withCode = ways.filter((w) => w.code).reduce((a, b) => (total(b) > total(a) ? b : a));
    // A code that combines but not on top of this offer (its minimum, once the offer is off)
    // says that; one that does not combine says the offer saves more.
    refusal =
      firstRefusal ??
      refuse(
        'offer-better',
        COUPON_MESSAGES.offerBetter(
          code.code,
          total(withCode),
          offerHeadline(best.offer!.offer),
          total(best),
        ),
      );
  }

  const offerLines = best.offer?.lines ?? zero;
  const codeLines = best.code ?? zero;
  const amountPaise = total(best);
  return {
    lines: lines.map((_, i) => ({
      offerPaise: offerLines[i]!,
      codePaise: codeLines[i]!,
      paise: offerLines[i]! + codeLines[i]!,
    })),
    offer: best.offer
      ? {
          id: best.offer.offer.id,
          headline: offerHeadline(best.offer.offer),
          label: `Offer: ${offerHeadline(best.offer.offer)} – you save ${formatRupees(paiseToRupees(best.offer.amountPaise))}`,
          amountPaise: best.offer.amountPaise,
        }
      : null,
    code:
      best.code && code
        ? { code: code.code, description: code.description, amountPaise: best.codePaise }
        : null,
    amountPaise,
    refusal,
    // The offer's nudge, unless the code won without the offer.
    nudge: best.offer === offer ? nudge : null,
  };
}
