import { describe, expect, it } from 'vitest';
import {
  filterProductsBody,
  loginBody,
  productBody,
  registerBody,
  resetPasswordBody,
} from '../index.js';

describe('schemas', () => {
  it('refuses an operator object where an email belongs', () => {
    expect(loginBody.safeParse({ email: { $ne: null }, password: 'x' }).success).toBe(false);
  });
  it('normalises email to trimmed lower case', () => {
    const r = registerBody.parse({
      name: 'A',
      email: ' A@B.Co ',
      password: '12345678',
      phone: '98765 43210',
      address: 'x',
    });
    expect(r.email).toBe('a@b.co');
  });
  it('parses multipart product fields', () => {
    const r = productBody.parse({
      name: 'Tee',
      description: 'd',
      price: '499',
      quantity: '3',
      shipping: 'Yes',
      category: 'a'.repeat(24),
    });
    expect(r).toMatchObject({ price: 499, quantity: 3, shipping: true });
    expect(
      productBody.safeParse({
        name: 'Tee',
        description: 'd',
        price: '0',
        quantity: '3',
        category: 'a'.repeat(24),
      }).success,
    ).toBe(false);
    expect(
      productBody.safeParse({
        name: 'Tee',
        description: 'd',
        price: '5',
        quantity: '1.5',
        category: 'a'.repeat(24),
      }).success,
    ).toBe(false);
    expect(
      productBody.safeParse({
        name: 'Tee',
        description: 'd',
        price: '5',
        quantity: '1',
        shipping: 'maybe',
        category: 'a'.repeat(24),
      }).success,
    ).toBe(false);
  });
  it('accepts either filter alone and refuses an inverted range', () => {
    expect(filterProductsBody.parse({ checked: [], radio: [100, 400] })).toMatchObject({ page: 1 });
    expect(filterProductsBody.parse({ checked: ['a'.repeat(24)], radio: [] }).checked).toHaveLength(
      1,
    );
    expect(filterProductsBody.safeParse({ radio: [400, 100] }).success).toBe(false);
  });
  it('reports a password mismatch', () => {
    const r = resetPasswordBody.safeParse({
      email: 'a@b.co',
      otp: '123456',
      newPassword: '12345678',
      confirmPassword: '12345679',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Passwords do not match');
  });
});
