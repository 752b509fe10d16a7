/**
 * A GSTIN: 15 characters, the state's code (2 digits), the holder's PAN (5 letters, 4 digits,
 * a letter), the registration's number within that PAN (1–9, then A–Z), "Z", and a check
 * character computed from the first 14 (the GST Network's mod-36 Luhn algorithm).
 */
import { GST_FORMER_STATE_CODES, GST_STATES, type GstStateName } from '../constants/gst.js';

const GSTIN_FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of a GSTIN's first 14 characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARSET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET[(36 - (sum % 36)) % 36]!;
}

/** The state a GSTIN is registered in, from its first two digits, or null. */
export function gstinState(gstin: string): GstStateName | null {
  const code = gstin.slice(0, 2);
  return GST_STATES.find((s) => s.code === code)?.name ?? GST_FORMER_STATE_CODES[code] ?? null;
}

/** What is wrong with a GSTIN (as typed: spaces and lower case are forgiven), or null. */
export function gstinProblem(value: string): string | null {
  const gstin = normaliseGstin(value);
  if (!GSTIN_FORMAT.test(gstin))
    return 'A GSTIN is 15 characters: 2 digits, a 10-character PAN, a digit or letter, Z, a check character';
  if (!gstinState(gstin)) return `A GSTIN starts with a state code; ${gstin.slice(0, 2)} is none`;
  if (gstinCheckCharacter(gstin) !== gstin[14]) return 'This GSTIN’s check character is wrong';
  return null;
}

export const normaliseGstin = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

export const isGstin = (value: string): boolean => gstinProblem(value) === null;
