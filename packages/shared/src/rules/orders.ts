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
