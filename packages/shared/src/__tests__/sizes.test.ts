import { describe, expect, it } from 'vitest';
import { ONE_SIZE } from '../constants/index.js';
import { cmToInches } from '../constants/size-guide.js';
import { addToCart, isOneSize, isSoldOut, sizesOf, stockOfSize } from '../rules/index.js';
import {
  cartLineProblem,
  decreaseQuantity,
  increaseQuantity,
  removeFromCart,
} from '../rules/cart.js';
import { checkoutItem, filterProductsBody, productBody } from '../index.js';

const tee = {
  _id: 'a',
  price: 499,
  quantity: 7,
  sizes: [
    { size: 'L', quantity: 0 },
    { size: 'S', quantity: 2 },
    { size: 'M', quantity: 5 },
  ],
};
const base = { name: 'Tee', description: 'd', price: '499', category: 'a'.repeat(24) };

describe('sizes', () => {
  it('lists sizes in the shop order and reads the stock of one', () => {
    expect(sizesOf(tee).map((s) => s.size)).toEqual(['S', 'M', 'L']);
    expect(stockOfSize(tee, 'M')).toBe(5);
    expect(stockOfSize(tee, 'XL')).toBe(0);
    expect(isOneSize(tee)).toBe(false);
    expect(isSoldOut(tee)).toBe(false);
    expect(isSoldOut({ ...tee, sizes: [{ size: 'M', quantity: 0 }] })).toBe(true);
  });

  it('reads a product saved before sizes as One size holding its quantity', () => {
    const old = { quantity: 4 };
    expect(sizesOf(old)).toEqual([{ size: ONE_SIZE, quantity: 4 }]);
    expect(isOneSize(old)).toBe(true);
    expect(isSoldOut({ quantity: 0 })).toBe(true);
  });

  it('keeps two sizes of one T-shirt as two cart lines', () => {
    let cart = addToCart(addToCart(addToCart([], tee, 'M'), tee, 'S'), tee, 'M');
    expect(cart.map((l) => [l.size, l.cartQuantity])).toEqual([
      ['M', 2],
      ['S', 1],
    ]);
    cart = increaseQuantity(cart, 'a', 'S');
    cart = decreaseQuantity(cart, 'a', 'M');
    expect(cart.map((l) => [l.size, l.cartQuantity])).toEqual([
      ['M', 1],
      ['S', 2],
    ]);
    expect(removeFromCart(cart, 'a', 'S').map((l) => l.size)).toEqual(['M']);
  });

  it('says what stops a cart line from being bought', () => {
    expect(cartLineProblem({ cartQuantity: 1 }, tee)).toEqual({ kind: 'no-size' });
    expect(cartLineProblem({ cartQuantity: 1, size: 'XL' }, tee)).toEqual({ kind: 'not-made' });
    expect(cartLineProblem({ cartQuantity: 1, size: 'L' }, tee)).toEqual({ kind: 'sold-out' });
    expect(cartLineProblem({ cartQuantity: 3, size: 'S' }, tee)).toEqual({
      kind: 'short',
      available: 2,
    });
    expect(cartLineProblem({ cartQuantity: 2, size: 'S' }, tee)).toBeNull();
  });

  it('gives the size guide in inches to the nearest half', () => {
    expect(cmToInches(97)).toBe(38);
    expect(cmToInches(72)).toBe(28.5);
  });
});

describe('the multipart sizes field', () => {
  it('parses JSON, sorts it and allows quantity as the total or left out', () => {
    const r = productBody.parse({
      ...base,
      sizes: '[{"size":"L","quantity":1},{"size":"M","quantity":5}]',
    });
    expect(r.sizes).toEqual([
      { size: 'M', quantity: 5 },
      { size: 'L', quantity: 1 },
    ]);
    expect(r.quantity).toBeUndefined();
    expect(
      productBody.parse({ ...base, quantity: '6', sizes: '[{"size":"M","quantity":6}]' }).quantity,
    ).toBe(6);
  });

  it.each([
    ['not JSON', '[{size:M}]', /Sizes must be JSON/],
    ['an unknown size', '[{"size":"XXXL","quantity":1}]', /Size must be one of/],
    ['a negative stock', '[{"size":"M","quantity":-1}]', /cannot be negative/],
    ['a fractional stock', '[{"size":"M","quantity":1.5}]', /whole number/],
    ['no size', '[]', /Choose at least one size/],
    ['a size twice', '[{"size":"M","quantity":1},{"size":"M","quantity":2}]', /M is listed twice/],
    [
      'One size with others',
      '[{"size":"One size","quantity":1},{"size":"M","quantity":2}]',
      /One size cannot be combined/,
    ],
  ])('refuses %s', (_what, sizes, message) => {
    const r = productBody.safeParse({ ...base, sizes });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).join(' ')).toMatch(message);
  });

  it('refuses a quantity that is not the total of the sizes, and no quantity without sizes', () => {
    const r = productBody.safeParse({
      ...base,
      quantity: '9',
      sizes: '[{"size":"M","quantity":6}]',
    });
    expect(r.error?.issues[0]).toMatchObject({
      path: ['quantity'],
      message: 'Quantity must be the total of the sizes (6)',
    });
    expect(productBody.safeParse(base).error?.issues[0]?.message).toBe('Quantity is required');
  });

  it('takes a size on checkout items and the size filter', () => {
    expect(checkoutItem.parse({ _id: 'a'.repeat(24), cartQuantity: 1, size: 'M' }).size).toBe('M');
    expect(
      checkoutItem.safeParse({ _id: 'a'.repeat(24), cartQuantity: 1, size: 'm' }).success,
    ).toBe(false);
    expect(filterProductsBody.parse({ size: 'XL' })).toMatchObject({ size: 'XL', page: 1 });
    expect(filterProductsBody.safeParse({ size: 'One size' }).success).toBe(false);
  });
});
