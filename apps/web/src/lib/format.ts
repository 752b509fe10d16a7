/**
 * Dates as the shop shows them (rupees: formatRupees from '@repo/shared/rules'). The formatters
 * are made on first use, not when this module loads with the catalog pages: setting up a
 * locale's data costs a slow phone tens of milliseconds, and those pages show no date.
 */
let day: Intl.DateTimeFormat | undefined;
let dayAndTime: Intl.DateTimeFormat | undefined;

/**
 * The day in India: the shop's calendar and clock (as on its mails, invoices and the admin's
 * list), whatever the device's time zone. An order placed at 2 am in India is placed that day,
 * not the evening before on a device set to UTC.
 */
const DAY_IN_INDIA = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
} as const;

/** An ISO date as "5 Apr 2025" in India; the raw text when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  day ??= new Intl.DateTimeFormat('en-IN', DAY_IN_INDIA);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

/** An ISO date with its time in India, as "5 Apr 2025, 4:05 pm IST"; the raw text when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  dayAndTime ??= new Intl.DateTimeFormat('en-IN', {
    ...DAY_IN_INDIA,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return Number.isNaN(date.getTime()) ? iso : dayAndTime.format(date);
}
