/**
 * Dates as the shop shows them (rupees: formatRupees from '@repo/shared/rules'). The formatters
 * are made on first use, not when this module loads with the catalog pages: setting up a
 * locale's data costs a slow phone tens of milliseconds, and those pages show no date.
 */
let day: Intl.DateTimeFormat | undefined;
let dayAndTime: Intl.DateTimeFormat | undefined;

/** An ISO date as "5 Apr 2025"; the raw text when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  day ??= new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

/** An ISO date with its time in India, as "5 Apr 2025, 4:05 pm IST"; the raw text when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  // The shop's clock (as on its mails and the admin's list), whatever the device's time zone.
  dayAndTime ??= new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
    timeZoneName: 'short',
  });
  return Number.isNaN(date.getTime()) ? iso : dayAndTime.format(date);
}
