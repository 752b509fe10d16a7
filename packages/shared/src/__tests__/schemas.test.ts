import { describe, expect, it } from 'vitest';
import {
  categoryBody,
  ADDRESS_MESSAGE,
  filterProductsBody,
  isShippingAddress,
  loginBody,
  pinCode,
  PHONE_MESSAGE,
  productBody,
  profileBody,
  registerBody,
  resetPasswordBody,
  searchParams,
  slugParams,
  verifyPaymentBody,
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
      address: '12 MG Road, Bengaluru 560001',
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
  it('takes prices in whole paise: ₹499.50 and ₹699.99, never ₹699.995', () => {
    const priced = (price: string) =>
      productBody.safeParse({
        name: 'Tee',
        description: 'd',
        price,
        quantity: '1',
        category: 'a'.repeat(24),
      });
    expect(priced('499.50').data?.price).toBe(499.5);
    expect(priced('699.99').data?.price).toBe(699.99);
    expect(priced('699.995').error?.issues[0]?.message).toBe(
      'Price can have at most 2 decimal places',
    );
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
  it('refuses control characters where a value reaches a query, keeping line breaks in text', () => {
    const firstMessage = (r: { error?: { issues: { message: string }[] } }) =>
      r.error?.issues[0]?.message;
    expect(firstMessage(searchParams.safeParse({ keyword: 'tee\u0000' }))).toBe(
      'Keyword must not contain control characters',
    );
    expect(searchParams.safeParse({ keyword: 'vintage tee' }).success).toBe(true);
    expect(slugParams.safeParse({ slug: 'a\u001fb' }).success).toBe(false);
    expect(firstMessage(categoryBody.safeParse({ name: 'Tees\u0000' }))).toBe(
      'Name must not contain control characters',
    );
    const payment = {
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_1',
      razorpay_signature: 's',
      userId: 'a'.repeat(24),
    };
    expect(verifyPaymentBody.safeParse(payment).success).toBe(true);
    expect(
      verifyPaymentBody.safeParse({ ...payment, razorpay_order_id: 'order_1\u0000' }).success,
    ).toBe(false);
    const address = registerBody.safeParse({
      name: 'A',
      email: 'a@b.co',
      password: '12345678',
      phone: '9876543210',
      address: '12 MG Road\r\nBengaluru\t560001',
    });
    expect(address.success).toBe(true);
  });
  it('refuses passwords over 72 bytes, where bcrypt would stop reading', () => {
    const user = {
      name: 'A',
      email: 'a@b.co',
      phone: '9876543210',
      address: '12 MG Road, Bengaluru 560001',
    };
    expect(registerBody.safeParse({ ...user, password: 'p'.repeat(72) }).success).toBe(true);
    const long = registerBody.safeParse({ ...user, password: 'p'.repeat(73) });
    expect(long.error?.issues[0]?.message).toMatch(/^Password is too long: at most 72 bytes/);
    // 40 characters, 80 bytes: refused although short in characters.
    const accented = registerBody.safeParse({ ...user, password: 'é'.repeat(40) });
    expect(accented.error?.issues[0]?.message).toMatch(/^Password is too long/);
    expect(loginBody.safeParse({ email: 'a@b.co', password: 'p'.repeat(73) }).success).toBe(false);
  });

  const profile = { name: 'Asha', phone: '9876543210', address: '12 MG Road, Bengaluru 560001' };
  const register = { ...profile, email: 'asha@example.com', password: 'long-enough-1' };
  const firstMessage = (body: object) => profileBody.safeParse(body).error?.issues[0]?.message;

  it('accepts an Indian mobile number: 10 digits from 6-9, optionally +91, spaces or hyphens', () => {
    for (const phone of [
      '9876543210',
      '+919876543210',
      '+91 98765 43210',
      '98765-43210',
      '6000000000',
    ])
      expect(profileBody.safeParse({ ...profile, phone }).success, phone).toBe(true);
  });
  it('refuses other phone numbers with a message saying what is wanted', () => {
    for (const phone of ['12', '987654321', '98765432101', '5876543210', '+44 7911 123456', '+91'])
      expect(firstMessage({ ...profile, phone }), phone).toBe(PHONE_MESSAGE);
    expect(firstMessage({ ...profile, phone: ' ' })).toBe('Phone is required');
  });
  it('wants an address with a 6-digit PIN code', () => {
    for (const address of ['12 MG Road, Bengaluru 560001', 'Flat 4, Park St, Kolkata - 700 016'])
      expect(profileBody.safeParse({ ...profile, address }).success, address).toBe(true);
    for (const address of [
      'x',
      '12 MG Road, Bengaluru',
      'Road 56000',
      'Plot 0123456 Pune',
      '012345 Pune',
    ])
      expect(firstMessage({ ...profile, address }), address).toBe(ADDRESS_MESSAGE);
    expect(firstMessage({ ...profile, address: '' })).toBe('Address is required');
  });
  it('keeps a phone written as people write it in one form: +91 98765 43210', () => {
    for (const phone of [
      '091 98765 43210',
      '098765 43210',
      '91 98765 43210',
      '0091 98765 43210',
      '0091-98765-43210',
      '+91 98765 43210',
      '+919876543210',
      '(+91) 98765 43210',
      '98765 43210',
      '9876543210',
      '98765.43210',
    ]) {
      expect(registerBody.parse({ ...register, phone }).phone, phone).toBe('+91 98765 43210');
      expect(profileBody.parse({ ...profile, phone }).phone, phone).toBe('+91 98765 43210');
    }
    // Ten digits that begin with 91 are a number of their own, not a country code.
    expect(profileBody.parse({ ...profile, phone: '9198765432' }).phone).toBe('+91 91987 65432');
    for (const phone of ['0 91 5876543210', '+0919876543210', '919876543', '+9876543210'])
      expect(firstMessage({ ...profile, phone }), phone).toBe(PHONE_MESSAGE);
  });
  it('keeps the PIN code of an address as six digits ("560 001", "560-001" → "560001")', () => {
    const stored = (address: string) => profileBody.parse({ ...profile, address }).address;
    expect(stored('12 MG Road, Bengaluru 560 001')).toBe('12 MG Road, Bengaluru 560001');
    expect(stored('12 MG Road, Bengaluru 560-001')).toBe('12 MG Road, Bengaluru 560001');
    expect(stored('  12 MG Road, Bengaluru - 560001 ')).toBe('12 MG Road, Bengaluru - 560001');
    // The PIN is where an address ends: a number like one earlier in it is left as written.
    expect(stored('Plot 123 456, Baner, Pune 411 045.')).toBe('Plot 123 456, Baner, Pune 411045.');
    expect(pinCode.parse(' 560 001 ')).toBe('560001');
    expect(pinCode.parse('560-001')).toBe('560001');
    for (const pin of ['5600 01', '060001', '56001', '5600011'])
      expect(pinCode.safeParse(pin).error?.issues[0]?.message, pin).toMatch(
        /^Enter the 6-digit PIN code$/,
      );
  });
  it('states each limit in its message', () => {
    const issue = (body: object) => registerBody.safeParse(body).error?.issues[0]?.message;
    expect(issue({ ...register, name: 'a'.repeat(81) })).toBe('Name can be at most 80 characters');
    expect(issue({ ...register, phone: `98765 43210${' '.repeat(6)}0000` })).toBe(
      'Phone can be at most 20 characters',
    );
    expect(issue({ ...register, address: `560001 ${'a'.repeat(500)}` })).toBe(
      'Address can be at most 500 characters',
    );
    expect(issue({ ...register, email: `${'a'.repeat(250)}@b.co` })).toBe(
      'Email can be at most 254 characters',
    );
    expect(categoryBody.safeParse({ name: 'a'.repeat(61) }).error?.issues[0]?.message).toBe(
      'Name can be at most 60 characters',
    );
  });
  it('says whether an order can ship to an address (old profiles may have none or a bad one)', () => {
    expect(isShippingAddress('12 MG Road, Bengaluru 560001')).toBe(true);
    expect(isShippingAddress('x')).toBe(false);
    expect(isShippingAddress('')).toBe(false);
    expect(isShippingAddress(undefined)).toBe(false);
  });
});
