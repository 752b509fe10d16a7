/**
 * The delivery and COD settings as their forms hold them (rupees and days as typed text, lists
 * of PIN prefixes as one text) and back. Amounts go to the server in whole paise.
 */
import type { CodSettings, DeliverySettings } from '@repo/shared';
import { paiseToRupees, toPaise } from '@repo/shared/rules';

/** Typed text to a number; '' stays NaN so the shared schema says the field needs one. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const paiseOf = (rupees: string) => {
  const n = numberOf(rupees);
  return Number.isFinite(n) ? toPaise(n) : n;
};
const rupeesText = (paise: number) => String(paiseToRupees(paise));
/** "560, 5600 11" → ['560', '5600', '11']: commas, spaces and line breaks separate prefixes. */
export const prefixList = (text: string) => text.split(/[\s,]+/).filter(Boolean);
const prefixText = (prefixes: readonly string[]) => prefixes.join(', ');

export interface ZoneForm {
  name: string;
  states: string[];
  pinPrefixes: string;
  minDays: string;
  maxDays: string;
  cod: boolean;
}
export interface DeliveryForm {
  feePaise: string;
  freeFromPaise: string;
  cutoff: string;
  dispatchDays: string[];
  holidays: string[];
  zones: ZoneForm[];
  elsewhere: { serviceable: boolean; minDays: string; maxDays: string; cod: boolean };
}

export const emptyZone: ZoneForm = {
  name: '',
  states: [],
  pinPrefixes: '',
  minDays: '',
  maxDays: '',
  cod: true,
};

export function deliveryForm(s: DeliverySettings): DeliveryForm {
  return {
    feePaise: rupeesText(s.feePaise),
    freeFromPaise: rupeesText(s.freeFromPaise),
    cutoff: s.cutoff,
    dispatchDays: s.dispatchDays.map(String),
    holidays: [...s.holidays].sort(),
    zones: s.zones.map((z) => ({
      name: z.name,
      states: [...z.states],
      pinPrefixes: prefixText(z.pinPrefixes),
      minDays: String(z.minDays),
      maxDays: String(z.maxDays),
      cod: z.cod,
    })),
    elsewhere: {
      serviceable: s.elsewhere.serviceable,
      minDays: String(s.elsewhere.minDays),
      maxDays: String(s.elsewhere.maxDays),
      cod: s.elsewhere.cod,
    },
  };
}

export function deliverySettingsOf(f: DeliveryForm): DeliverySettings {
  return {
    feePaise: paiseOf(f.feePaise),
    freeFromPaise: paiseOf(f.freeFromPaise),
    cutoff: f.cutoff,
    // A lone checked box may come back as a string rather than a list.
    dispatchDays: [f.dispatchDays]
      .flat()
      .map(Number)
      .sort((a, b) => a - b),
    holidays: [...f.holidays].sort(),
    zones: f.zones.map((z) => ({
      name: z.name,
      states: [z.states].flat().filter(Boolean) as DeliverySettings['zones'][number]['states'],
      pinPrefixes: prefixList(z.pinPrefixes),
      minDays: numberOf(z.minDays),
      maxDays: numberOf(z.maxDays),
      cod: z.cod,
    })),
    elsewhere: {
      serviceable: f.elsewhere.serviceable,
      minDays: numberOf(f.elsewhere.minDays),
      maxDays: numberOf(f.elsewhere.maxDays),
      cod: f.elsewhere.cod,
    },
  };
}

/** An issue's field on the form: an item of a list edited as one field shows on that field. */
export function deliveryField(path: string): string {
  return /^(holidays|dispatchDays|zones\.\d+\.(states|pinPrefixes))\.\d+$/.test(path)
    ? path.replace(/\.\d+$/, '')
    : path;
}

export interface CodForm {
  enabled: boolean;
  feePaise: string;
  minOrderPaise: string;
  maxOrderPaise: string;
  excludedPinPrefixes: string;
  maxOpenOrders: string;
  maxReturnedUnpaid: string;
}

export function codForm(s: CodSettings): CodForm {
  return {
    enabled: s.enabled,
    feePaise: rupeesText(s.feePaise),
    minOrderPaise: rupeesText(s.minOrderPaise),
    maxOrderPaise: rupeesText(s.maxOrderPaise),
    excludedPinPrefixes: prefixText(s.excludedPinPrefixes),
    maxOpenOrders: String(s.maxOpenOrders),
    maxReturnedUnpaid: String(s.maxReturnedUnpaid),
  };
}

export function codSettingsOf(f: CodForm): CodSettings {
  return {
    enabled: f.enabled,
    feePaise: paiseOf(f.feePaise),
    minOrderPaise: paiseOf(f.minOrderPaise),
    maxOrderPaise: paiseOf(f.maxOrderPaise),
    excludedPinPrefixes: prefixList(f.excludedPinPrefixes),
    maxOpenOrders: numberOf(f.maxOpenOrders),
    maxReturnedUnpaid: numberOf(f.maxReturnedUnpaid),
  };
}

export const codField = (path: string) => path.replace(/^(excludedPinPrefixes)\.\d+$/, '$1');
