/**
 * The admin's GST report: a month picker and the download of that month's CSV, with what the
 * file holds, for the accountant.
 */
import { useState } from 'react';
import { DownloadButton } from '@/components/download-button';
import { TextField } from '@/components/ui/form-field';
import { cardClass } from '@/components/ui/styles';
import { cn } from '@/lib/cn';

/** The month before `now`'s, as YYYY-MM (returns are filed for the month just ended). */
export function lastMonth(now: Date): string {
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

export function GstReportDownload({ now = new Date() }: { now?: Date }) {
  const [month, setMonth] = useState(() => lastMonth(now));
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <section
      aria-labelledby="gst-report-title"
      className={cn(cardClass, 'flex flex-col gap-4 p-4 sm:p-6')}
    >
      <header className="space-y-1">
        <h2 id="gst-report-title" className="text-lg font-bold text-slate-900 dark:text-white">
          GST report
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A CSV file of the invoices and credit notes dated in the month (India time): sales to
          consumers per state and rate, invoices to GSTINs line by line, credit notes, a summary per
          HSN and rate, and the totals.
        </p>
      </header>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Month"
          type="month"
          value={month}
          max={`${now.getFullYear()}-12`}
          onChange={(e) => setMonth(e.target.value)}
          error={valid ? undefined : 'Choose a month'}
          fieldClassName="w-48"
        />
        {valid && (
          <DownloadButton
            path={`/admin/gst-report?month=${month}`}
            filename={`gst-report-${month}.csv`}
            variant="primary"
            size="md"
          >
            Download report
          </DownloadButton>
        )}
      </div>
    </section>
  );
}
