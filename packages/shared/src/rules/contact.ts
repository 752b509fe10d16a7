/**
 * Indian phone numbers and PIN codes as people write them, in the one form the shop stores. The
 * register and profile forms (in the browser and on the server) and every other address use
 * these rules.
 */

/**
 * An Indian mobile number as people write it, in the one form the shop stores: "+91 98765 43210".
 * Ten digits starting with 6–9, alone or after +91, 91, 0, 091 or 0091, with spaces, hyphens, dots
 * or brackets anywhere ("091 98765 43210", "098765-43210", "(+91) 98765 43210"); undefined for
 * anything else.
 */
export function normalizeIndianMobile(value: string): string | undefined {
  const digits = /^(?:(?:\+|00|0)?91|0)?([6-9]\d{9})$/.exec(value.replace(/[\s\-.()]/g, ''))?.[1];
  return digits && `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

export function isIndianMobile(value: string): boolean {
  return normalizeIndianMobile(value) !== undefined;
}

/**
 * Any Indian phone number a shop can be called on: a mobile, a landline with its area code
 * ("080 4567 8910", "+91 80 4567 8910": ten digits after +91 or 0) or a toll-free number
 * ("1800 123 4567"), with spaces, hyphens, dots or brackets anywhere.
 */
export function isIndianPhone(value: string): boolean {
  const digits = value.replace(/[\s\-.()]/g, '');
  return /^(?:(?:\+|00|0)?91|0)?[1-9]\d{9}$/.test(digits) || /^1[89]00\d{6,7}$/.test(digits);
}

/** A 6-digit PIN code (first digit 1–9), also written "560 001" or "560-001", standing alone. */
const PIN_CODE = /(^|\D)([1-9]\d{2})[ -]?(\d{3})(?=\D|$)/g;

/** A PIN code as people write it ("560 001", "560-001") in the one form stored: "560001". */
export function normalizePinCode(value: string): string | undefined {
  const match = /^([1-9]\d{2})[ -]?(\d{3})$/.exec(value.trim());
  return match ? `${match[1]}${match[2]}` : undefined;
}

/**
 * Whether orders can be shipped to this address: a few words and a PIN code ("12 MG Road,
 * Bengaluru 560001"). Older profiles may hold none or one without a PIN code.
 */
export function isShippingAddress(value: string | null | undefined): boolean {
  const text = value?.trim() ?? '';
  return text.length >= 10 && text.length <= 500 && new RegExp(PIN_CODE.source).test(text);
}

/**
 * The address with its PIN code in the one form stored ("Bengaluru 560 001" → "Bengaluru 560001"):
 * the last PIN-like number in it, where an address ends, so a house number such as "Plot 123 456"
 * earlier in it is left as written.
 */
export function normalizeAddress(value: string): string {
  const text = value.trim();
  const last = [...text.matchAll(PIN_CODE)].at(-1);
  if (!last) return text;
  const [whole, before, first, rest] = last;
  const at = last.index + before!.length;
  return `${text.slice(0, at)}${first}${rest}${text.slice(last.index + whole.length)}`;
}
