/**
 * The order number people see and quote: the last 8 characters of the order's id, upper case
 * ("08D68A95"), shown with a "#" on every screen and mail.
 */
export function orderNumber(orderId: string): string {
  return orderId.slice(-8).toUpperCase();
}

/** What an admin typed to find an order ("#08d68a95", "08D68A95"): its number, or null. */
export function parseOrderNumber(text: string): string | null {
  const number = text.trim().replace(/^#/, '').toUpperCase();
  return /^[0-9A-F]{8}$/.test(number) ? number : null;
}

/**
 * What a status reads as to people: a paid order waiting to ship is **Confirmed** (the stored
 * value stays `pending`); other statuses read as their name, capitalised.
 */
export function orderStatusLabel(status: string): string {
  if (status === 'pending') return 'Confirmed';
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** How far along its way to the shopper an order is: a move to a smaller step goes back. */
const ORDER_STEP: Record<string, number> = { pending: 0, shipped: 1, delivered: 2 };

/**
 * Whether moving an order from `from` to `to` undoes something that happened (delivered →
 * shipped or pending, shipped → pending, or reopening a cancelled order): the server refuses
 * it unless the admin gives a reason, which the order's timeline keeps.
 */
export function isBackwardMove(from: string, to: string): boolean {
  if (from === to) return false;
  if (from === 'cancelled') return true;
  const a = ORDER_STEP[from];
  const b = ORDER_STEP[to];
  return a !== undefined && b !== undefined && b < a;
}

/** A courier the shop ships with, and where its tracking page for an AWB is. */
export interface Courier {
  id: string;
  name: string;
  /** `{awb}` is replaced by the tracking number; none for "Other". */
  trackingUrl?: string;
}

/** The couriers the admin picks from when marking an order shipped. */
export const COURIERS: readonly Courier[] = [
  {
    id: 'delhivery',
    name: 'Delhivery',
    trackingUrl: 'https://www.delhivery.com/track/package/{awb}',
  },
  {
    id: 'bluedart',
    name: 'Blue Dart',
    trackingUrl: 'https://www.bluedart.com/tracking?trackFor=0&trackNo={awb}',
  },
  {
    id: 'dtdc',
    name: 'DTDC',
    trackingUrl: 'https://www.dtdc.in/tracking.asp?strCnno={awb}',
  },
  {
    id: 'ekart',
    name: 'Ekart',
    trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{awb}',
  },
  {
    id: 'xpressbees',
    name: 'Xpressbees',
    trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}',
  },
  {
    id: 'indiapost',
    name: 'India Post',
    trackingUrl:
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignmentno={awb}',
  },
  { id: 'other', name: 'Other courier' },
];

export const courierById = (id: string): Courier | undefined => COURIERS.find((c) => c.id === id);

/** The courier's tracking page for this AWB, or undefined when the courier has none. */
export function trackingUrl(courierId: string, awb: string): string | undefined {
  const template = courierById(courierId)?.trackingUrl;
  return template ? template.replace('{awb}', encodeURIComponent(awb)) : undefined;
}
