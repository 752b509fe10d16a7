import { describe, expect, it } from 'vitest';
import { isDuplicateKey, toErrorResponse } from '../errors.js';

// The shape of the driver's MongoServerError for a unique-index clash.
const clash = (field: string) =>
  Object.assign(new Error(`E11000 duplicate key error dup key: { ${field}: "x" }`), {
    code: 11000,
    keyPattern: { [field]: 1 },
    keyValue: { [field]: 'x' },
  });

describe('isDuplicateKey', () => {
  it('is true for a duplicate-key error, and with a field only for a clash on that field', () => {
    expect(isDuplicateKey(clash('slug'))).toBe(true);
    expect(isDuplicateKey(clash('slug'), 'slug')).toBe(true);
    expect(isDuplicateKey(clash('slug'), 'nameKey')).toBe(false);
  });

  it('is false for any other error or value', () => {
    expect(isDuplicateKey(Object.assign(new Error('x'), { code: 11001 }))).toBe(false);
    expect(isDuplicateKey(new Error('E11000'))).toBe(false);
    expect(isDuplicateKey(null)).toBe(false);
    expect(isDuplicateKey(undefined, 'slug')).toBe(false);
  });

  it('answers 409 naming the field when a duplicate key reaches the error handler', () => {
    expect(toErrorResponse(clash('email'))).toMatchObject({
      status: 409,
      body: { success: false, message: 'That email is already taken' },
    });
  });
});
