import { describe, expect, it } from 'vitest';
import {
  codeOutcome,
  codeRefusal,
  dayText,
  indiaDay,
  offerHeadline,
  percentOfPaise,
  priceDiscount,
  spreadPaise,
  type Code,
  type CodeContext,
  type DiscountLine,
  type Offer,
} from '../rules/discounts.js';
import { couponBody, offerBody, applyCouponBody } from '../schemas/coupon.js';

const GRAPHIC = 'c1';
const PLAIN = 'c2';
const line = (product: string, rupees: number, quantity = 1, category = GRAPHIC): DiscountLine => ({
  product,
  category,
  unitPaise: rupees * 100,
  quantity,
});

const graphicBundle = (over: Partial<Offer> = {}): Offer => ({
  id: 'o1',
  kind: 'bundle',
  bundlePieces: 3,
  bundlePricePaise: 99_900,
  discountKind: null,
  percentOff: null,
  amountOffPaise: null,
  maxDiscountPaise: null,
  minCartPaise: 0,
  categories: [],
  startsOn: null,
  endsOn: null,
  paused: false,
  ...over,
});

const bundle = graphicBundle;

const cartOffer = (over: Partial<Offer> = {}): Offer => ({
  ...graphicBundle(),
  id: 'o2',
  kind: 'cart',
  bundlePieces: null,
  bundlePricePaise: null,
  discountKind: 'percent',
  percentOff: 10,
  minCartPaise: 149_900,
  ...over,
});

const code = (over: Partial<Code> = {}): Code => ({
  code: 'WELCOME10',
  description: '',
  kind: 'percent',
  percentOff: 10,
  amountOffPaise: null,
  maxDiscountPaise: null,
  minCartPaise: 0,
  startsOn: null,
  endsOn: null,
  maxUses: null,
  maxUsesPerCustomer: 1,
  firstOrderOnly: false,
  prepaidOnly: false,
  combinable: true,
  categories: [],
  products: [],
  paused: false,
  ...over,
});

const ctx = (over: Partial<CodeContext> = {}): CodeContext => ({
  today: '2026-05-10',
  payment: 'online',
  uses: 0,
  customer: { firstOrder: true, uses: 0 },
  ...over,
});

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('spreading a discount over lines (largest remainder)', () => {
  it('gives each line its share in whole paise, adding up exactly', () => {
    expect(spreadPaise(100, [500, 500, 500])).toEqual([34, 33, 33]);
    expect(spreadPaise(64_800, [54_900, 54_900, 54_900])).toEqual([21_600, 21_600, 21_600]);
    // 1000 over 3:2:2 → 428.57, 285.71, 285.71: the two largest remainders get the extra paise.
    expect(spreadPaise(1000, [3000, 2000, 2000])).toEqual([428, 286, 286]);
    expect(spreadPaise(0, [5, 5])).toEqual([0, 0]);
    expect(spreadPaise(7, [0, 10, 0])).toEqual([0, 7, 0]);
  });

  it('adds up to the paisa and never gives a line more than it is worth, whatever the numbers', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 500; round += 1) {
      const weights = Array.from({ length: 1 + random(8) }, () => random(500_000));
      const total = random(sum(weights) + 1);
      const shares = spreadPaise(total, weights);
      expect(sum(shares)).toBe(total);
      shares.forEach((share, i) => {
        expect(Number.isInteger(share)).toBe(true);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(weights[i]!);
        // Within a paisa of the exact share.
        expect(Math.abs(share - (total * weights[i]!) / sum(weights))).toBeLessThan(1);
      });
    }
  });

  it('refuses to spread more than the lines are worth, or part of a paisa', () => {
    expect(() => spreadPaise(11, [5, 5])).toThrow(RangeError);
    expect(() => spreadPaise(1.5, [5, 5])).toThrow(RangeError);
  });
});

describe('amounts and dates', () => {
  it('takes percentages in whole rupees, halves up', () => {
    expect(percentOfPaise(164_700, 10)).toBe(16_500); // ₹164.70 → ₹165
    expect(percentOfPaise(164_400, 10)).toBe(16_400); // ₹164.40 → ₹164
    expect(percentOfPaise(105_000, 10)).toBe(10_500);
    expect(percentOfPaise(49_950, 10)).toBe(5_000); // ₹49.95 → ₹50
  });

  it("reads today's date in India's time and writes days as shoppers read them", () => {
    // 18:30 UTC is midnight in India: the next day.
    expect(indiaDay(new Date('2026-04-30T18:29:59Z'))).toBe('2026-04-30');
    expect(indiaDay(new Date('2026-04-30T18:30:00Z'))).toBe('2026-05-01');
    expect(dayText('2026-05-01')).toBe('1 May 2026');
  });
});

describe('the bundle offer ("any 3 for ₹999", repeating per 3)', () => {
  it('sells three ₹549 tees for ₹999: you save ₹648, a third of it on each', () => {
    const d = priceDiscount({
      lines: [line('a', 549), line('b', 549), line('c', 549)],
      offers: [bundle()],
      context: ctx(),
    });
    expect(d.amountPaise).toBe(64_800);
    expect(d.offer).toEqual({
      id: 'o1',
      headline: '3 for ₹999',
      label: 'Offer: 3 for ₹999 – you save ₹648',
      amountPaise: 64_800,
    });
    expect(d.lines.map((l) => l.offerPaise)).toEqual([21_600, 21_600, 21_600]);
    expect(d.nudge).toBeNull();
  });

  it('bundles the dearest pieces, repeats per 3, and leaves the rest at full price', () => {
    // 8 pieces: 799×2, 699, 599, 549×2, 399×2. Bundles: (799, 799, 699) and (599, 549, 549);
    // the 399s are left.
    const lines = [
      line('a', 799, 2),
      line('b', 399, 2),
      line('c', 549, 2),
      line('d', 699),
      line('e', 599),
    ];
    const d = priceDiscount({ lines, offers: [bundle()], context: ctx() });
    const first = 799 * 2 + 699 - 999;
    const second = 599 + 549 * 2 - 999;
    expect(d.amountPaise).toBe((first + second) * 100);
    expect(d.lines[1]!.offerPaise).toBe(0); // the ₹399 tees are not in a bundle
    expect(sum(d.lines.map((l) => l.paise))).toBe(d.amountPaise);
    // Each bundle's saving is shared by its pieces by price: 799/2297 of ₹1,298 for each 799.
    expect(d.lines[0]!.offerPaise).toBe(
      2 * Math.round((first * 100 * 79_900) / (2 * 79_900 + 69_900)),
    );
    // Two left: one more completes a third bundle.
    expect(d.nudge).toBe('Add 1 more tee to get another 3 for ₹999');
  });

  it('never bundles pieces that cost less together than the bundle price', () => {
    const d = priceDiscount({
      lines: [line('a', 299, 3)],
      offers: [bundle()],
      context: ctx(),
    });
    expect(d.amountPaise).toBe(0);
    expect(d.offer).toBeNull();
  });

  it('counts only the tees of its categories, and nudges when one more completes it', () => {
    const offer = bundle({ categories: [GRAPHIC], categoryNames: ['Graphic Tees'] });
    const lines = [line('a', 599), line('b', 599), line('p', 899, 1, PLAIN)];
    const d = priceDiscount({ lines, offers: [offer], context: ctx() });
    expect(d.amountPaise).toBe(0);
    expect(d.nudge).toBe('Add 1 more tee from Graphic Tees to get 3 for ₹999');
    const done = priceDiscount({
      lines: [line('a', 599, 3), line('p', 899, 1, PLAIN)],
      offers: [offer],
      context: ctx(),
    });
    expect(done.amountPaise).toBe((599 * 3 - 999) * 100);
    expect(done.lines[1]!.paise).toBe(0);
  });

  it('applies only while running: not paused, within its dates', () => {
    const lines = [line('a', 549, 3)];
    const at = (offer: Offer) =>
      priceDiscount({ lines, offers: [offer], context: ctx() }).amountPaise;
    expect(at(bundle({ paused: true }))).toBe(0);
    expect(at(bundle({ startsOn: '2026-05-11' }))).toBe(0);
    expect(at(bundle({ endsOn: '2026-05-09' }))).toBe(0);
    expect(at(bundle({ startsOn: '2026-05-10', endsOn: '2026-05-10' }))).toBe(64_800);
  });
});

describe('the cart-value offer', () => {
  it('takes its percentage off a cart above its minimum, and nudges below it', () => {
    const below = priceDiscount({
      lines: [line('a', 1000)],
      offers: [cartOffer()],
      context: ctx(),
    });
    expect(below.amountPaise).toBe(0);
    expect(below.nudge).toBe('Add ₹499 more to get 10% off');
    const above = priceDiscount({
      lines: [line('a', 1000), line('b', 499)],
      offers: [cartOffer()],
      context: ctx(),
    });
    expect(above.amountPaise).toBe(15_000); // 10% of ₹1,499 = ₹149.90 → ₹150
    expect(above.lines.map((l) => l.offerPaise)).toEqual([10_007, 4_993]);
    expect(above.offer!.label).toBe('Offer: 10% off above ₹1,499 – you save ₹150');
  });

  it('of several offers running, the one that saves the most applies', () => {
    const lines = [line('a', 549, 3)];
    const d = priceDiscount({
      lines,
      offers: [cartOffer({ percentOff: 20 }), bundle()],
      context: ctx(),
    });
    expect(d.offer!.id).toBe('o1'); // ₹648 beats 20% of ₹1,647 (₹329)
  });

  it('writes its headline from its numbers', () => {
    expect(
      offerHeadline(cartOffer({ discountKind: 'flat', percentOff: null, amountOffPaise: 20_000 })),
    ).toBe('₹200 off above ₹1,499');
    expect(offerHeadline(cartOffer({ minCartPaise: 0, maxDiscountPaise: 30_000 }))).toBe(
      '10% up to ₹300 off',
    );
  });
});

describe('a code and its refusals', () => {
  const cart = [line('a', 800), line('b', 700)];

  it('takes a percentage up to its maximum, or a flat amount, spread by line value', () => {
    const d = priceDiscount({ lines: cart, offers: [], code: code(), context: ctx() });
    expect(d.refusal).toBeNull();
    expect(d.code).toEqual({ code: 'WELCOME10', description: '', amountPaise: 15_000 });
    expect(d.lines.map((l) => l.codePaise)).toEqual([8_000, 7_000]);
    const capped = priceDiscount({
      lines: cart,
      offers: [],
      code: code({ percentOff: 50, maxDiscountPaise: 30_000 }),
      context: ctx(),
    });
    expect(capped.amountPaise).toBe(30_000);
    const flat = priceDiscount({
      lines: cart,
      offers: [],
      code: code({ kind: 'flat', percentOff: null, amountOffPaise: 10_000 }),
      context: ctx(),
    });
    expect(flat.lines.map((l) => l.codePaise)).toEqual([5_333, 4_667]);
  });

  it('gives the reason it is refused: paused, dates, uses, cash on delivery, sign-in, first order, own uses', () => {
    const reason = (c: Partial<Code>, x: Partial<CodeContext> = {}) => codeRefusal(code(c), ctx(x));
    expect(reason({ paused: true })).toEqual({
      reason: 'paused',
      message: "This code isn't active right now.",
    });
    expect(reason({ startsOn: '2026-05-11' })).toEqual({
      reason: 'not-started',
      message: 'This code starts on 11 May 2026.',
    });
    expect(reason({ endsOn: '2026-04-30' })).toEqual({
      reason: 'expired',
      message: 'This code expired on 30 April 2026.',
    });
    expect(reason({ endsOn: '2026-05-10' })).toBeNull(); // its last day still counts
    expect(reason({ maxUses: 100 }, { uses: 100 })?.reason).toBe('used-up');
    expect(reason({ maxUses: 100 }, { uses: 99 })).toBeNull();
    expect(reason({ prepaidOnly: true }, { payment: 'cod' })).toEqual({
      reason: 'cod',
      message: "This code can't be used with cash on delivery. Pay online to use it.",
    });
    expect(reason({}, { customer: undefined })?.reason).toBe('sign-in');
    expect(reason({ firstOrderOnly: true }, { customer: { firstOrder: false, uses: 0 } })).toEqual({
      reason: 'first-order',
      message: 'This code is only for your first order.',
    });
    expect(reason({}, { customer: { firstOrder: false, uses: 1 } })).toEqual({
      reason: 'used',
      message: 'You have already used this code.',
    });
    expect(reason({ maxUsesPerCustomer: 3 }, { customer: { firstOrder: false, uses: 2 } })).toBe(
      null,
    );
    expect(
      reason({ maxUsesPerCustomer: null }, { customer: { firstOrder: false, uses: 50 } }),
    ).toBe(null);
  });

  it('is refused below its minimum cart value, saying how much more to add', () => {
    expect(codeOutcome(code({ minCartPaise: 199_900 }), cart)).toEqual({
      reason: 'minimum',
      message: 'Add ₹499 more to use this code (minimum cart value ₹1,999).',
    });
  });

  it('applies only to its categories or products, and is refused for a cart without them', () => {
    const limited = code({ categories: [PLAIN], products: ['b'] });
    const d = codeOutcome(limited, [line('a', 800), line('b', 700), line('p', 500, 1, PLAIN)]);
    expect(d).toEqual({ lines: [0, 7_000, 5_000], amountPaise: 12_000 });
    expect(codeOutcome(code({ categories: [PLAIN] }), cart)).toEqual({
      reason: 'items',
      message: "This code isn't for the items in your cart.",
    });
  });
});

describe('a code with the automatic offer', () => {
  // Three graphic tees in the bundle, a plain one outside it.
  const tees = [line('a', 549, 3), line('b', 800, 1, PLAIN)];
  const bundle = (over: Partial<Offer> = {}) => graphicBundle({ categories: [GRAPHIC], ...over });

  it('adds to the offer when it combines, worked out on what the offer left to pay', () => {
    const d = priceDiscount({ lines: tees, offers: [bundle()], code: code(), context: ctx() });
    // The offer: ₹648 off the 549s. Left: ₹999 + ₹800 = ₹1,799; 10% = ₹180.
    expect(d.offer!.amountPaise).toBe(64_800);
    expect(d.code!.amountPaise).toBe(18_000);
    expect(d.amountPaise).toBe(82_800);
    expect(d.lines).toEqual([
      // ₹180 by what is left: 999 : 800 → 99.955 and 80.044: the larger remainder gets the paisa.
      { offerPaise: 64_800, codePaise: 9_996, paise: 74_796 },
      { offerPaise: 0, codePaise: 8_004, paise: 8_004 },
    ]);
    expect(d.refusal).toBeNull();
  });

  it('when it does not combine, the shopper gets the better of the two and is told why', () => {
    const weak = priceDiscount({
      lines: tees,
      offers: [bundle()],
      code: code({ combinable: false }),
      context: ctx(),
    });
    expect(weak.code).toBeNull();
    expect(weak.amountPaise).toBe(64_800);
    expect(weak.refusal).toEqual({
      reason: 'offer-better',
      message:
        "WELCOME10 would save ₹245, but your offer 3 for ₹999 saves ₹648 and the two can't be combined. We kept the offer.",
    });
    const strong = priceDiscount({
      lines: tees,
      offers: [bundle()],
      code: code({ combinable: false, percentOff: 50 }),
      context: ctx(),
    });
    expect(strong.offer).toBeNull();
    expect(strong.code!.amountPaise).toBe(122_400); // 50% of ₹2,447 (rounded up from ₹1,223.50)
    expect(strong.refusal).toBeNull();
    expect(strong.nudge).toBeNull();
  });

  it('on a tie, keeps the offer (the shopper keeps the use of the code)', () => {
    const d = priceDiscount({
      lines: [line('a', 549, 3)],
      offers: [bundle()],
      code: code({ combinable: false, kind: 'flat', percentOff: null, amountOffPaise: 64_800 }),
      context: ctx(),
    });
    expect(d.code).toBeNull();
    expect(d.refusal?.reason).toBe('offer-better');
  });

  it("uses the code alone when the offer's prices no longer reach the code's minimum and that saves more", () => {
    // The bundle brings ₹1,647 down to ₹999, under the code's ₹1,500 minimum; the code alone: 50% of ₹1,647.
    const d = priceDiscount({
      lines: [line('a', 549, 3)],
      offers: [bundle()],
      code: code({ percentOff: 50, minCartPaise: 150_000 }),
      context: ctx(),
    });
    expect(d.offer).toBeNull();
    expect(d.code!.amountPaise).toBe(82_400);
  });

  it('a combining code whose minimum the offer takes it under, and that saves less alone, tells the minimum', () => {
    // ₹1,647 → ₹999 with the bundle, under FLAT200's ₹1,499; alone it saves ₹200, the bundle ₹648.
    const d = priceDiscount({
      lines: [line('a', 549, 3)],
      offers: [bundle()],
      code: code({ kind: 'flat', percentOff: null, amountOffPaise: 20_000, minCartPaise: 149_900 }),
      context: ctx(),
    });
    expect(d.code).toBeNull();
    expect(d.amountPaise).toBe(64_800);
    expect(d.refusal).toEqual({
      reason: 'minimum',
      message: 'Add ₹500 more to use this code (minimum cart value ₹1,499).',
    });
  });

  it('tells the minimum reached with the offer when the code cannot apply either way', () => {
    const d = priceDiscount({
      lines: [line('a', 549, 3)],
      offers: [bundle()],
      code: code({ minCartPaise: 200_000 }),
      context: ctx(),
    });
    expect(d.refusal).toEqual({
      reason: 'minimum',
      message: 'Add ₹1,001 more to use this code (minimum cart value ₹2,000).',
    });
    expect(d.amountPaise).toBe(64_800); // the offer still applies
  });

  it('keeps the offer when the code is refused', () => {
    const d = priceDiscount({
      lines: tees,
      offers: [bundle()],
      code: code({ endsOn: '2026-01-01' }),
      context: ctx(),
    });
    expect(d.refusal?.reason).toBe('expired');
    expect(d.amountPaise).toBe(64_800);
  });
});

describe('the schemas', () => {
  it('reads codes in capitals and checks the fields that go together, each beside its field', () => {
    const ok = couponBody.parse({ code: ' welcome10 ', kind: 'percent', percentOff: 10 });
    expect(ok).toMatchObject({ code: 'WELCOME10', maxUsesPerCustomer: 1, combinable: true });
    const bad = couponBody.safeParse({
      code: 'X',
      kind: 'flat',
      percentOff: 10,
      maxDiscountPaise: 100,
      startsOn: '2026-05-10',
      endsOn: '2026-05-01',
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'code',
        'amountOffPaise',
        'percentOff',
        'maxDiscountPaise',
        'endsOn',
      ]),
    );
  });

  it('checks an offer by its kind', () => {
    expect(
      offerBody.safeParse({
        name: '3 for 999',
        kind: 'bundle',
        bundlePieces: 3,
        bundlePricePaise: 99_900,
      }).success,
    ).toBe(true);
    const bad = offerBody.safeParse({ name: 'x', kind: 'bundle', percentOff: 10 });
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining(['bundlePieces', 'bundlePricePaise', 'percentOff']),
    );
    expect(offerBody.safeParse({ name: 'x', kind: 'cart' }).error!.issues[0]!.path).toEqual([
      'discountKind',
    ]);
  });

  it('takes an empty code as no code, and refuses one that cannot be a code', () => {
    const items = [{ _id: 'a'.repeat(24), cartQuantity: 1, size: 'M' }];
    expect(applyCouponBody.parse({ code: ' ', items }).code).toBe('');
    expect(applyCouponBody.parse({ code: 'save-20', items }).code).toBe('SAVE-20');
    expect(applyCouponBody.safeParse({ code: 'no way!', items }).success).toBe(false);
  });
});
