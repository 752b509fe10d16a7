import { describe, expect, it } from 'vitest';
import { formatMinorUnits, refundAccepted } from '../rules/money.js';
import {
  addToCart,
  cartTotal,
  catalogFilterOf,
  inlinedAnswerKey,
  parseCatalogParams,
  searchKeywordOf,
  formatRupees,
  hasNextPage,
  hasPreviousPage,
  landingPageOf,
  paiseToRupees,
  productDetailPath,
  mrpDiscount,
  subtotal,
  toPaise,
} from '../rules/index.js';
import {
  decreaseQuantity,
  increaseQuantity,
  itemCount,
  itemsText,
  removeFromCart,
} from '../rules/cart.js';
import { orderNumber, parseOrderNumber } from '../rules/orders.js';
import { photoTypeOf } from '../rules/photo.js';
import { PRICE_RANGES } from '../constants/index.js';
import { orderStatusColor } from '../constants/orders.js';

const tee = { _id: 'a', name: 'Tee', price: 499 };
const polo = { _id: 'b', name: 'Polo', price: 799 };

describe('cart rules', () => {
  it('adds a new product with quantity 1, and grows it by 1 when present', () => {
    const once = addToCart([], tee);
    expect(once).toEqual([{ ...tee, cartQuantity: 1 }]);
    const twice = addToCart(once, tee);
    expect(twice).toEqual([{ ...tee, cartQuantity: 2 }]);
    expect(addToCart(twice, polo)).toHaveLength(2);
  });

  it('increases, decreases and removes at 1', () => {
    let cart = addToCart(addToCart([], tee), polo);
    cart = increaseQuantity(cart, 'a');
    expect(cart.find((l) => l._id === 'a')?.cartQuantity).toBe(2);
    cart = decreaseQuantity(cart, 'a');
    expect(cart.find((l) => l._id === 'a')?.cartQuantity).toBe(1);
    cart = decreaseQuantity(cart, 'a');
    expect(cart.map((l) => l._id)).toEqual(['b']);
    expect(removeFromCart(cart, 'b')).toEqual([]);
  });

  it('never mutates the cart it is given', () => {
    const cart = Object.freeze([Object.freeze({ ...tee, cartQuantity: 1 })]);
    expect(() => increaseQuantity(cart, 'a')).not.toThrow();
    expect(cart[0]!.cartQuantity).toBe(1);
  });

  it('computes subtotal and total with a delivery charge of 0', () => {
    const cart = [
      { ...tee, cartQuantity: 2 },
      { ...polo, cartQuantity: 1 },
    ];
    expect(subtotal(cart)).toBe(499 * 2 + 799);
    expect(cartTotal(cart)).toBe(subtotal(cart));
    expect(subtotal([])).toBe(0);
    expect(itemCount(cart)).toBe(3);
    expect(itemCount([])).toBe(0);
    expect(itemsText(cart)).toBe('3 items');
    expect(itemsText([{ cartQuantity: 1 }])).toBe('1 item');
    expect(itemsText([])).toBe('0 items');
  });
});

describe('prices', () => {
  it('strikes the MRP only when it is above the price, with the share off rounded', () => {
    expect(mrpDiscount(799, 999)).toEqual({ mrp: 999, percentOff: 20 });
    expect(mrpDiscount(649, 999)).toEqual({ mrp: 999, percentOff: 35 }); // 35.04
    expect(mrpDiscount(1299, 1999)).toEqual({ mrp: 1999, percentOff: 35 }); // 35.02
    expect(mrpDiscount(500, 1000)).toEqual({ mrp: 1000, percentOff: 50 });
    expect(mrpDiscount(665, 1000)).toEqual({ mrp: 1000, percentOff: 34 }); // 33.5 rounds up
    expect(mrpDiscount(999, 999)).toBeUndefined();
    expect(mrpDiscount(999, 899)).toBeUndefined();
    expect(mrpDiscount(999, undefined)).toBeUndefined();
    expect(mrpDiscount(999, null)).toBeUndefined();
  });
  it('never says 0% or 100% off', () => {
    expect(mrpDiscount(998.5, 999)).toEqual({ mrp: 999, percentOff: 1 });
    expect(mrpDiscount(0.01, 10_000)).toEqual({ mrp: 10_000, percentOff: 99 });
  });
  it('converts rupees to whole paise without float drift', () => {
    expect(toPaise(19.99)).toBe(1999);
    expect(toPaise(1299)).toBe(129900);
  });
  it('turns paise back into rupees', () => {
    expect(paiseToRupees(49950)).toBe(499.5);
    expect(paiseToRupees(toPaise(1597.5))).toBe(1597.5);
  });
  it('writes rupees with Indian digit grouping, and both paise digits when there are any', () => {
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(499)).toBe('₹499');
    expect(formatRupees(1298)).toBe('₹1,298');
    expect(formatRupees(123456)).toBe('₹1,23,456');
    expect(formatRupees(499.5)).toBe('₹499.50');
    expect(formatRupees(1597.5)).toBe('₹1,597.50');
    expect(formatRupees(19.99)).toBe('₹19.99');
    expect(formatRupees(12345678)).toBe('₹1,23,45,678');
    expect(formatRupees(100000)).toBe('₹1,00,000');
    expect(formatRupees(99.999)).toBe('₹100.00');
  });
  it('counts a refund as on its way once the provider took it on (processed, or pending with an id)', () => {
    expect(refundAccepted({ status: 'processed', id: 'rfnd_1' })).toBe(true);
    expect(refundAccepted({ status: 'pending', id: 'rfnd_1' })).toBe(true);
    expect(refundAccepted({ status: 'pending', id: '' })).toBe(false);
    expect(refundAccepted({ status: 'failed', id: 'rfnd_1' })).toBe(false);
    expect(refundAccepted(null)).toBe(false);
  });
  it("writes a provider's amount in its currency's smallest unit", () => {
    expect(formatMinorUnits(49950, 'INR')).toBe('₹499.50');
    expect(formatMinorUnits(70000, 'inr')).toBe('₹700');
    expect(formatMinorUnits(700, 'USD')).toBe('7.00 USD');
    expect(formatMinorUnits(700, 'JPY')).toBe('700 JPY');
    expect(formatMinorUnits(700, 'XYZ1')).toBe('700 XYZ1');
  });
  it('writes rupees digit for digit as the en-IN number format does', () => {
    const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const paise = new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const amounts = [0, 7, 999, 1000, 99999, 100000, 9999999, 123456789, 0.5, 1.005, 1234.565];
    for (const n of [...amounts, ...amounts.map((a) => -a)].filter((a) => !Object.is(a, -0))) {
      const intl = (Number.isInteger(n) ? whole : paise).format(n);
      expect(formatRupees(n), String(n)).toBe(`₹${intl}`);
    }
  });
  it('has five price ranges that meet a paisa apart: every price is in exactly one', () => {
    expect(PRICE_RANGES.map((r) => r.range.slice())).toEqual([
      [0, 499.99],
      [500, 699.99],
      [700, 999.99],
      [1000, 1499.99],
      [1500, Number.MAX_SAFE_INTEGER],
    ]);
    const rangesOf = (price: number) =>
      PRICE_RANGES.filter(({ range: [min, max] }) => price >= min && price <= max).map((r) => r.id);
    // The first design's gap (₹449) and overlaps (₹700, ₹1,000, ₹1,500), the edges, and every paisa
    // around them.
    for (const price of [0.01, 100, 399, 400, 449, 499.99, 500, 699.99, 700, 999.99, 1000]) {
      expect(rangesOf(price), String(price)).toHaveLength(1);
    }
    for (const rupees of [500, 700, 1000, 1500])
      for (let paise = rupees * 100 - 3; paise <= rupees * 100 + 3; paise += 1)
        expect(rangesOf(paise / 100), String(paise / 100)).toHaveLength(1);
    expect(rangesOf(449)).toEqual(['under-500']);
    expect(rangesOf(700)).toEqual(['700-1000']);
    expect(rangesOf(1_000_000)).toEqual(['1500-up']);
  });
  it('labels the price ranges with whole rupees written as everywhere else ("₹1,000")', () => {
    expect(PRICE_RANGES.map((r) => r.label)).toEqual([
      'Under ₹500',
      '₹500 to ₹699',
      '₹700 to ₹999',
      '₹1,000 to ₹1,499',
      '₹1,500 and above',
    ]);
    for (const { label, range } of PRICE_RANGES) {
      const amounts = label.match(/₹[\d,]+/g)!;
      const bounds = range[0] === 0 ? [range[1] + 0.01] : [range[0], range[1]];
      expect(amounts, label).toEqual(
        bounds.filter((b) => b < Number.MAX_SAFE_INTEGER).map((b) => formatRupees(Math.floor(b))),
      );
    }
  });
  it('colours order statuses, grey for anything else', () => {
    expect(orderStatusColor('pending')).toBe('violet');
    expect(orderStatusColor('shipped')).toBe('blue');
    expect(orderStatusColor('delivered')).toBe('green');
    expect(orderStatusColor('cancelled')).toBe('grey');
    expect(orderStatusColor('weird')).toBe('grey');
  });
});

describe('pagination', () => {
  it('disables Previous on page 1', () => {
    expect(hasPreviousPage(1)).toBe(false);
    expect(hasPreviousPage(2)).toBe(true);
  });
  it('disables Next when page × 12 is at least the total', () => {
    expect(hasNextPage(1, 12)).toBe(false);
    expect(hasNextPage(1, 13)).toBe(true);
    expect(hasNextPage(2, 24)).toBe(false);
    expect(hasNextPage(1, 0)).toBe(false);
  });
});

describe('landing pages', () => {
  it('knows the home page and a product page, and no other page', () => {
    expect(landingPageOf('/')).toEqual({ page: 'home' });
    expect(landingPageOf('/product-detail/sakura-drift-tee')).toEqual({
      page: 'product',
      slug: 'sakura-drift-tee',
    });
    expect(landingPageOf('/product-detail/caf%C3%A9-tee')).toEqual({
      page: 'product',
      slug: 'café-tee',
    });
    for (const other of ['/cart', '/about', '/product-detail/', '/product-detail/a/b', '/Search'])
      expect(landingPageOf(other)).toBeUndefined();
  });

  it('a product path that is not valid URL encoding is a product page without a slug', () => {
    expect(landingPageOf('/product-detail/%E0%A4%A')).toEqual({ page: 'product', slug: null });
  });

  it('builds the product path that it reads back', () => {
    expect(productDetailPath('café $& tee')).toBe('/product-detail/caf%C3%A9%20%24%26%20tee');
    expect(landingPageOf(productDetailPath('café $& tee'))).toEqual({
      page: 'product',
      slug: 'café $& tee',
    });
  });
});

describe("the home page's URL", () => {
  const id = 'a'.repeat(24);

  it('reads categories, price, size, colour and page, dropping values that cannot be right', () => {
    expect(
      parseCatalogParams(
        new URLSearchParams(
          `category=${id},nope,${id.toUpperCase()}&price=500-700&size=M&colour=Bottle Green&page=3`,
        ),
      ),
    ).toEqual({ checked: [id], priceId: '500-700', size: 'M', colour: 'bottle-green', page: 3 });
    expect(
      parseCatalogParams(new URLSearchParams('price=cheap&size=XXXL&colour=<b>&page=0')),
    ).toEqual({
      checked: [],
      priceId: undefined,
      size: undefined,
      colour: undefined,
      page: 1,
    });
    expect(parseCatalogParams(new URLSearchParams(`colour=${'a'.repeat(41)}`)).colour).toBe(
      undefined,
    );
    expect(parseCatalogParams(new URLSearchParams('colour=')).colour).toBe(undefined);
  });

  it('asks for the filter call only when something is filtered', () => {
    const none = { checked: [], priceId: undefined, size: undefined, colour: undefined };
    expect(catalogFilterOf({ ...none, page: 2 })).toBeUndefined();
    expect(
      catalogFilterOf({ ...none, checked: [id], priceId: '500-700', size: 'M', page: 2 }),
    ).toEqual({
      checked: [id],
      radio: [500, 699.99],
      page: 2,
      size: 'M',
    });
    expect(catalogFilterOf({ ...none, size: 'S', page: 1 })).toEqual({
      checked: [],
      radio: [],
      page: 1,
      size: 'S',
    });
    expect(catalogFilterOf({ ...none, colour: 'bottle-green', size: 'S', page: 1 })).toEqual({
      checked: [],
      radio: [],
      page: 1,
      size: 'S',
      colour: 'bottle-green',
    });
  });
});

describe('inlined answers and search pages', () => {
  it('names a GET by its path and a POST by its method, path and body', () => {
    expect(inlinedAnswerKey('GET', '/product/productList/2')).toBe('/product/productList/2');
    expect(inlinedAnswerKey('POST', '/product/getFilter-product', { checked: [], page: 1 })).toBe(
      'POST /product/getFilter-product {"checked":[],"page":1}',
    );
  });

  it('reads the keyword of a search results URL, whatever the path’s case', () => {
    expect(searchKeywordOf('/Search', new URLSearchParams('q=naruto tee'))).toBe('naruto tee');
    expect(searchKeywordOf('/search', new URLSearchParams('q='))).toBe('');
    expect(searchKeywordOf('/Search', new URLSearchParams())).toBeUndefined();
    expect(searchKeywordOf('/about', new URLSearchParams('q=tee'))).toBeUndefined();
  });
});

describe('order number', () => {
  it('is the last 8 characters of the id in upper case', () => {
    expect(orderNumber('6650f1c2a1b2c3d408d68a95')).toBe('08D68A95');
  });
  it('reads what an admin types, with or without # and in any case', () => {
    expect(parseOrderNumber('#08d68a95')).toBe('08D68A95');
    expect(parseOrderNumber(' 08D68A95 ')).toBe('08D68A95');
    expect(parseOrderNumber('D68A95')).toBeNull();
    expect(parseOrderNumber('08D68A9Z')).toBeNull();
  });
});

describe('photo type by content', () => {
  const bytes = (...parts: Array<number[] | string>) =>
    new Uint8Array(
      parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
    );
  it('knows JPEG, PNG, GIF, WebP and AVIF by their first bytes', () => {
    expect(photoTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(photoTypeOf(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(photoTypeOf(bytes('GIF89a'))).toBe('gif');
    expect(photoTypeOf(bytes('RIFF', [0, 0, 0, 0], 'WEBP'))).toBe('webp');
    expect(photoTypeOf(bytes([0, 0, 0, 24], 'ftyp', 'mif1', [0, 0, 0, 0], 'avif'))).toBe('avif');
  });
  it('refuses a text file named like a picture, and what is too short to tell', () => {
    expect(photoTypeOf(bytes('just some text, no picture'))).toBeUndefined();
    expect(photoTypeOf(bytes([0x89], 'PNG'))).toBeUndefined();
    expect(photoTypeOf(new Uint8Array())).toBeUndefined();
  });
});
