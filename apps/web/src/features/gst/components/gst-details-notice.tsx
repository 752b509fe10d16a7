/**
 * The admin dashboard's reminder while the seller's GST details are missing: orders are paid
 * and shipped, but no tax invoice is made until they are set.
 */
import { Link } from 'react-router-dom';
import { gstSellerReady } from '@repo/shared/schemas';
import { adminPaths } from '@/config/admin-paths';
import { useAdminSettings } from '@/lib/api/settings';

export function GstDetailsNotice() {
  const settings = useAdminSettings();
  const gst = settings.data?.settings.gst.value;
  if (!gst || gstSellerReady(gst)) return null;
  return (
    <div
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      No tax invoices are being made: the seller's GST details (legal name, address, state and
      GSTIN) are not set.{' '}
      <Link to={adminPaths.adminSettings} className="font-semibold underline">
        Set them in Settings
      </Link>
      ; orders paid meanwhile get their invoice then.
    </div>
  );
}
