/** /dashboard/admin: what needs doing now (orders to ship, payments to settle, low stock). */
import { AdminPage } from '@/features/admin/components/admin-page';
import { DashboardOverview } from '@/features/admin/components/dashboard-overview';

export default function OverviewPage() {
  return (
    <AdminPage title="Overview">
      <DashboardOverview />
    </AdminPage>
  );
}
