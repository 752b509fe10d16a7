/**
 * Delivery by PIN code: which zone a PIN (and its state) falls in, whether the shop serves it,
 * the delivery fee for an order's value, cash on delivery at a place, and the dates a parcel
 * arrives, counted in India's time from an injected clock. Pure: the settings come in.
 */
import {
  INDIA_UTC_OFFSET_MINUTES,
  INDIAN_STATES,
  type IndianStateName,
} from '../constants/india.js';
import type { CodSettings, DeliverySettings } from '../schemas/settings.js';
import { formatRupees, paiseToRupees } from './index.js';
import { normalizePinCode } from './contact.js';

/** A PIN code's six digits: "560 001", "560-001" and " 560001 " read as "560001"; null when it is not one (rules/contact). */
export function normalizePin(value: string): string | null {
  return normalizePinCode(value) ?? null;
}

/** The states a PIN can belong to, the one with the longest matching prefix first (none: not an Indian PIN we know). */
export function statesOfPin(pin: string): IndianStateName[] {
  return INDIAN_STATES.flatMap((state) => {
    const longest = Math.max(
      0,
      ...state.pinPrefixes.filter((p) => pin.startsWith(p)).map((p) => p.length),
    );
    return longest ? [{ name: state.name, longest }] : [];
  })
    .sort((a, b) => b.longest - a.longest)
    .map((s) => s.name);
}

/** Whether a PIN's first digits are one of the state's (India Post's PIN zones). */
export function pinAgreesWithState(pin: string, state: string): boolean {
  return statesOfPin(pin).includes(state as IndianStateName);
}

/** Why a PIN and a state do not go together, for the PIN field. */
export function pinStateMessage(pin: string, state: string): string {
  const prefixes = INDIAN_STATES.find((s) => s.name === state)?.pinPrefixes ?? [];
  const list =
    prefixes.length > 1
      ? `${prefixes.slice(0, -1).join(', ')} or ${prefixes.at(-1)}`
      : (prefixes[0] ?? '');
  if (!statesOfPin(pin).length) return `${pin} is not a PIN code of any state or union territory`;
  return `This PIN code is not in ${state}: PIN codes there start with ${list}`;
}

/** Where an order goes, as far as delivery cares. */
export interface Destination {
  pin: string;
  /** The address's state; without it (a PIN typed alone), the state its PIN most likely is in. */
  state?: string | undefined;
}

export interface ZoneMatch {
  name: string;
  minDays: number;
  maxDays: number;
  cod: boolean;
}

/** The zone for "the rest of India" when no zone names a PIN. */
export const REST_OF_INDIA = 'Rest of India';

/**
 * The zone a destination falls in: the zone with the longest PIN prefix it starts with, else
 * the zone of its state, else the rest of India when the shop delivers there; null when the
 * shop does not serve it (or the PIN is no state's).
 */
export function zoneOf(settings: DeliverySettings, dest: Destination): ZoneMatch | null {
  let best: ZoneMatch | null = null;
  let bestLength = 0;
  for (const zone of settings.zones) {
    for (const prefix of zone.pinPrefixes) {
      if (dest.pin.startsWith(prefix) && prefix.length > bestLength) {
        best = zone;
        bestLength = prefix.length;
      }
    }
  }
  if (best) return pick(best);
  const states = dest.state ? [dest.state] : statesOfPin(dest.pin);
  if (!states.length || !statesOfPin(dest.pin).length) return null;
  for (const state of states) {
    const zone = settings.zones.find((z) => (z.states as readonly string[]).includes(state));
    if (zone) return pick(zone);
  }
  const rest = settings.elsewhere;
  return rest.serviceable ? pick({ name: REST_OF_INDIA, ...rest }) : null;
}

const pick = (z: ZoneMatch): ZoneMatch => ({
  name: z.name,
  minDays: z.minDays,
  maxDays: z.maxDays,
  cod: z.cod,
});

/** The delivery fee for T-shirts worth `itemsPaise`: free from the threshold on. */
export function deliveryFeePaise(
  settings: Pick<DeliverySettings, 'feePaise' | 'freeFromPaise'>,
  itemsPaise: number,
): number {
  return itemsPaise >= settings.freeFromPaise ? 0 : settings.feePaise;
}

/** How an order is paid: online before it ships, or in cash to the courier. */
export const PAYMENT_METHODS = ['online', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The fees an order's price depends on (the public settings carry them too, for the cart). */
export interface OrderFees {
  delivery: Pick<DeliverySettings, 'feePaise' | 'freeFromPaise'>;
  cod: Pick<CodSettings, 'feePaise'>;
}

/** What an order costs, in whole paise: the T-shirts, delivery, the COD fee and their sum. */
export interface OrderCharges {
  itemsPaise: number;
  shippingFeePaise: number;
  codFeePaise: number;
  totalPaise: number;
}

/**
 * The one price of an order: its T-shirts, the delivery fee (free from the threshold on, judged
 * on the T-shirts alone) and, paid in cash on delivery, the COD fee. The server charges this;
 * the cart and checkout show the same sums.
 */
export function orderCharges(
  fees: OrderFees,
  itemsPaise: number,
  method: PaymentMethod,
): OrderCharges {
  const shippingFeePaise = deliveryFeePaise(fees.delivery, itemsPaise);
  const codFeePaise = method === 'cod' ? fees.cod.feePaise : 0;
  return {
    itemsPaise,
    shippingFeePaise,
    codFeePaise,
    totalPaise: itemsPaise + shippingFeePaise + codFeePaise,
  };
}

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * When a parcel leaves and arrives, as India's calendar dates (YYYY-MM-DD): it leaves today
 * if today is a dispatch day, not a holiday, and it is before the cut-off; else on the next
 * such day. It arrives `minDays` to `maxDays` delivery days later, couriers delivering Monday to
 * Saturday, never on a holiday.
 */
export function deliveryDates(
  settings: Pick<DeliverySettings, 'cutoff' | 'dispatchDays' | 'holidays'>,
  days: { minDays: number; maxDays: number },
  now: Date,
): { dispatchOn: string; from: string; by: string } {
  const local = new Date(now.getTime() + INDIA_UTC_OFFSET_MINUTES * 60_000);
  const minutesNow = local.getUTCHours() * 60 + local.getUTCMinutes();
  const [hours, minutes] = settings.cutoff.split(':').map(Number) as [number, number];
  const holidays = new Set(settings.holidays);
  const next = (d: Date) => new Date(d.getTime() + DAY_MS);
  const dispatches = (d: Date) =>
    settings.dispatchDays.includes(d.getUTCDay()) && !holidays.has(isoDay(d));
  const delivers = (d: Date) => d.getUTCDay() !== 0 && !holidays.has(isoDay(d));

  let dispatch = new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()),
  );
  if (!dispatches(dispatch) || minutesNow >= hours * 60 + minutes) {
    // At most a year ahead: the schema allows at most 200 holidays and needs a dispatch day.
    for (let i = 0; i < 400; i += 1) {
      dispatch = next(dispatch);
      if (dispatches(dispatch)) break;
    }
  }
  const after = (start: Date, count: number) => {
    let day = start;
    for (let left = count, i = 0; left > 0 && i < 1000; i += 1) {
      day = next(day);
      if (delivers(day)) left -= 1;
    }
    return day;
  };
  return {
    dispatchOn: isoDay(dispatch),
    from: isoDay(after(dispatch, days.minDays)),
    by: isoDay(after(dispatch, days.maxDays)),
  };
}

/** Why cash on delivery is not offered: the shop's rules first, then the customer's. */
export type CodRefusal =
  | 'not_served'
  | 'disabled'
  | 'place'
  | 'below_minimum'
  | 'above_maximum'
  | 'open_orders'
  | 'returns';

/** A customer's standing for COD: their COD orders still to pay for, and parcels they sent back unpaid. */
export interface CodStanding {
  open: number;
  returned: number;
}

/**
 * Whether COD may be offered: the shop's switch, the place (the zone's switch and the PIN codes
 * without COD), the order's value (when known) and the customer's standing (when known).
 * Null when it may; else why not.
 */
export function codRefusal(
  cod: CodSettings,
  place: { pin: string; zone: ZoneMatch | null },
  itemsPaise?: number,
  standing?: CodStanding,
): CodRefusal | null {
  if (!place.zone) return 'not_served';
  if (!cod.enabled) return 'disabled';
  if (!place.zone.cod || cod.excludedPinPrefixes.some((p) => place.pin.startsWith(p)))
    return 'place';
  if (itemsPaise !== undefined) {
    if (itemsPaise < cod.minOrderPaise) return 'below_minimum';
    if (itemsPaise > cod.maxOrderPaise) return 'above_maximum';
  }
  if (standing) {
    if (standing.returned >= cod.maxReturnedUnpaid) return 'returns';
    if (standing.open >= cod.maxOpenOrders) return 'open_orders';
  }
  return null;
}

/** What the shopper reads beside the COD option (and a refused COD order's message). */
export function codRefusalMessage(refusal: CodRefusal, cod: CodSettings, pin: string): string {
  const rupees = (paise: number) => formatRupees(paiseToRupees(paise));
  switch (refusal) {
    case 'not_served':
      return notServedMessage(pin);
    case 'disabled':
      return 'Cash on delivery is not available at the moment.';
    case 'place':
      return `Cash on delivery is not available for PIN ${pin}.`;
    case 'below_minimum':
      return `Cash on delivery is for orders of ${rupees(cod.minOrderPaise)} or more.`;
    case 'above_maximum':
      return `Cash on delivery is for orders up to ${rupees(cod.maxOrderPaise)}.`;
    case 'open_orders':
      return cod.maxOpenOrders === 1
        ? 'You already have a cash-on-delivery order to pay for: pay online, or wait until it is delivered.'
        : `You already have ${cod.maxOpenOrders} cash-on-delivery orders to pay for: pay online, or wait until one is delivered.`;
    case 'returns':
      return 'Cash on delivery is no longer offered on your account, as parcels were returned unpaid. Please pay online.';
  }
}

/** The message for a PIN the shop does not deliver to. */
export function notServedMessage(pin: string): string {
  return `Sorry, we do not deliver to PIN ${pin} yet.`;
}

let dayFormat: Intl.DateTimeFormat | undefined;
/** A delivery date (YYYY-MM-DD, India's calendar) as shoppers read it: "Thu, 3 Dec". */
export function formatDeliveryDay(day: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** "Delivery by Thu, 3 Dec" (the latest day), or "Delivery on Thu, 3 Dec" when that is the only one. */
export function deliveryWindowText(from: string, by: string): string {
  return from === by
    ? `Delivery on ${formatDeliveryDay(by)}`
    : `Delivery by ${formatDeliveryDay(by)}`;
}
