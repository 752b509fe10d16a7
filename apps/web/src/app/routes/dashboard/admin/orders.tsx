/** /dashboard/admin/adminorder: the 30-day overview, then every order with its status. */
import { AdminPage } from '@/features/admin/components/admin-page';
import { OrdersList } from '@/features/admin/components/orders-list';
import { OrdersOverview } from '@/features/admin/components/orders-overview';

export default function OrdersPage() {
  return (
    <AdminPage title="All Orders">
      <OrdersOverview />
      <OrdersList />
    </AdminPage>
  );
}
