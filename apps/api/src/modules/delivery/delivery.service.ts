/**
 * Delivery quotes: for a destination (a PIN, and the state when an address gives it) and,
 * when known, the T-shirts' value and the customer's COD standing: whether the shop serves it,
 * the delivery fee, the dates in India's time, and whether cash on delivery may be offered.
 * The rules themselves are pure (@repo/shared's rules/delivery.ts); the settings in effect are
 * read here.
 */
import {
  codRefusal,
  codRefusalMessage,
  deliveryDates,
  deliveryFeePaise,
  notServedMessage,
  paiseToRupees,
  toPaise,
  zoneOf,
  type CodRefusal,
  type CodSettings,
  type CodStanding,
  type DeliveryEstimateResponse,
  type DeliverySettings,
  type Destination,
  type ZoneMatch,
} from '@repo/shared';
import { getSettingsOf } from '../settings/index.js';

export interface DeliveryRules {
  delivery: DeliverySettings;
  cod: CodSettings;
}

/** The delivery and COD settings in effect now, in one read. */
export const deliveryRules = (): Promise<DeliveryRules> => getSettingsOf(['delivery', 'cod']);

export interface DeliveryQuote {
  destination: Destination;
  /** Null: the shop does not deliver there. */
  zone: ZoneMatch | null;
  feePaise: number;
  codFeePaise: number;
  dates: { dispatchOn: string; from: string; by: string } | null;
  /** Null when COD may be offered. */
  codRefusal: CodRefusal | null;
}

/**
 * A quote with the given rules at `now`. Without `itemsPaise` the fee is the one charged below
 * the free-delivery threshold and COD is judged without the order's value.
 */
export function quoteDelivery(
  rules: DeliveryRules,
  destination: Destination,
  now: Date,
  itemsPaise?: number,
  standing?: CodStanding,
): DeliveryQuote {
  const zone = zoneOf(rules.delivery, destination);
  return {
    destination,
    zone,
    feePaise:
      itemsPaise === undefined
        ? rules.delivery.feePaise
        : deliveryFeePaise(rules.delivery, itemsPaise),
    codFeePaise: rules.cod.feePaise,
    dates: zone ? deliveryDates(rules.delivery, zone, now) : null,
    codRefusal: codRefusal(rules.cod, { pin: destination.pin, zone }, itemsPaise, standing),
  };
}

/** Why COD is refused for a quote, as the shopper reads it. */
export const codRefusalText = (rules: DeliveryRules, quote: DeliveryQuote): string =>
  quote.codRefusal ? codRefusalMessage(quote.codRefusal, rules.cod, quote.destination.pin) : '';

/** `GET /api/delivery/estimate`: the quote in the shape the storefront reads (rupees). */
export async function deliveryEstimate(
  destination: Destination,
  now: Date,
  subtotalRupees?: number,
  standing?: CodStanding,
): Promise<DeliveryEstimateResponse> {
  const rules = await deliveryRules();
  const itemsPaise = subtotalRupees === undefined ? undefined : toPaise(subtotalRupees);
  const quote = quoteDelivery(rules, destination, now, itemsPaise, standing);
  const served = quote.zone !== null;
  return {
    success: true,
    serviceable: served,
    cod: quote.codRefusal === null,
    shippingFee: served ? paiseToRupees(quote.feePaise) : 0,
    codFee: served ? paiseToRupees(quote.codFeePaise) : 0,
    deliveryFrom: quote.dates?.from ?? null,
    deliveryBy: quote.dates?.by ?? null,
    pin: destination.pin,
    zone: quote.zone?.name ?? null,
    freeDeliveryFrom: paiseToRupees(rules.delivery.freeFromPaise),
    ...(served ? {} : { message: notServedMessage(destination.pin) }),
    ...(quote.codRefusal ? { codMessage: codRefusalText(rules, quote) } : {}),
  };
}
