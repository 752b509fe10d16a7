/** /dashboard/admin/coupons: codes and automatic offers, their uses and what they gave away. */
import { AdminPage } from '@/features/admin/components/admin-page';
import { AdminCoupons } from '@/features/coupons/components/admin-coupons';

export default function CouponsPage() {
  return (
    <AdminPage title="Coupons">
      <AdminCoupons />
    </AdminPage>
  );
}
