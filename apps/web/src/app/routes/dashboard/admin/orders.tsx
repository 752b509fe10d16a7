/**
 * /dashboard/admin/adminorder: payments to settle (only when there are any), the 30-day
 * overview, then every order with its status.
 */
import { AdminPage } from '@/features/admin/components/admin-page';
import { OrdersList } from '@/features/admin/components/orders-list';
import { OrdersOverview } from '@/features/admin/components/orders-overview';
import { PaymentsToSettle } from '@/features/admin/components/payments-to-settle';

export default function OrdersPage() {
  return (
    <AdminPage title="All Orders">
      <PaymentsToSettle />
      <OrdersOverview />
      <OrdersList />
    </AdminPage>
  );
}
