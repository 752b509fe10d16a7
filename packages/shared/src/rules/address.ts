/**
 * Saved addresses on one line, and one line read back into an address: the original `address` on
 * the user is the default address on one line, and an order keeps the line beside the structured
 * address it was shipped to.
 */
import { INDIAN_STATE_NAMES } from '../constants/india.js';
import { statesOfPin } from './delivery.js';

export interface AddressParts {
  line1: string;
  line2: string;
  city: string;
  state: string;
  pin: string;
}

/** "12 MG Road, Indiranagar, Bengaluru, Karnataka 560001": the parts there are, in order. */
export function addressLine(a: AddressParts): string {
  const place = [a.state, a.pin].filter(Boolean).join(' ');
  return [a.line1, a.line2, a.city, place]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** The last standalone 6-digit PIN code in a text ("560 001" counts), with where it stood. */
const PIN_IN_TEXT = /(^|\D)([1-9]\d{2})\s?(\d{3})(?!\d)/g;

/**
 * An address typed on one line (the original register and profile field) read into parts: the PIN
 * is its last 6-digit code; a state written out is taken, else the state the PIN most likely lies
 * in; of the comma-separated rest, the last part is the city, the first the street, any between the
 * second line. With no comma the whole text is the street and the city stays empty. Null when the
 * text holds no PIN code.
 */
export function parseAddressLine(text: string): AddressParts | null {
  const matches = [...text.matchAll(PIN_IN_TEXT)];
  const last = matches.at(-1);
  if (!last) return null;
  const pin = `${last[2]}${last[3]}`;
  const start = last.index + last[1]!.length;
  const rest = `${text.slice(0, start)} ${text.slice(start + last[0].length - last[1]!.length)}`;
  const parts = rest
    .split(/[,\n]+/)
    .map((p) =>
      p
        .trim()
        .replace(/[\s-]+$/, '')
        .trim(),
    )
    .filter(Boolean);
  const lastPart = parts.at(-1) ?? '';
  const named = INDIAN_STATE_NAMES.find((s) => s.toLowerCase() === lastPart.toLowerCase());
  if (named) parts.pop();
  const state = named ?? statesOfPin(pin)[0] ?? '';
  if (parts.length >= 2) {
    return {
      line1: parts[0]!,
      line2: parts.slice(1, -1).join(', '),
      city: parts.at(-1)!,
      state,
      pin,
    };
  }
  return { line1: parts[0] ?? '', line2: '', city: '', state, pin };
}
