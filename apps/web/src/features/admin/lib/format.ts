/** Admin-only display formats (prices use formatRupees from '@repo/shared/rules'). */

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

/** An ISO date → "22 Nov 2026, 4:05 pm" in Indian time; the raw text if it is not a date. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

const dayLabel = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "2026-11-22" → "22 Nov" (the overview's days are calendar dates, not instants). */
export function formatDay(ymd: string): string {
  const date = new Date(`${ymd}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? ymd : dayLabel.format(date);
}
