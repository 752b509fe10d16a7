/** /dashboard/admin/gst-report: the month's GST report for the accountant. */
import { AdminPage } from '@/features/admin/components/admin-page';
import { GstReportDownload } from '@/features/gst/components/gst-report-download';

export default function GstReportPage() {
  return (
    <AdminPage title="GST report">
      <div className="flex max-w-3xl flex-col gap-4">
        <GstReportDownload />
      </div>
    </AdminPage>
  );
}
