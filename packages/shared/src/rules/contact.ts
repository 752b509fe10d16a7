/**
 * An Indian mobile number: 10 digits starting with 6–9, optionally after +91; spaces and
 * hyphens between digits are allowed ("+91 98765-43210").
 */
export function isIndianMobile(value: string): boolean {
  return /^(\+91)?[6-9]\d{9}$/.test(value.replace(/[\s-]/g, ''));
}

/** A 6-digit Indian PIN code (first digit 1–9), also written "560 001", standing alone. */
const PIN_CODE = /(^|\D)[1-9]\d{2}\s?\d{3}(\D|$)/;

/**
 * Whether orders can be shipped to this address: a few words and a PIN code ("12 MG Road,
 * Bengaluru 560001"). Older profiles may hold none or one without a PIN code.
 */
export function isShippingAddress(value: string | null | undefined): boolean {
  const text = value?.trim() ?? '';
  return text.length >= 10 && text.length <= 500 && PIN_CODE.test(text);
}
