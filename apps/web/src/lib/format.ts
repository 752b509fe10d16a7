/** Dates as the shop shows them (rupees: formatRupees from '@repo/shared/rules'). */
const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** An ISO date as "5 Apr 2025"; the raw text when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

// The shop's clock (as on its mails and the admin's list), whatever the device's time zone.
const dayAndTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
  timeZoneName: 'short',
});

/** An ISO date with its time in India, as "5 Apr 2025, 4:05 pm IST"; the raw text when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayAndTime.format(date);
}
