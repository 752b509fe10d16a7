/** /dashboard/admin/returns: exchange and return requests, moved step by step. */
import { AdminPage } from '@/features/admin/components/admin-page';
import { ReturnsList } from '@/features/admin/components/returns-list';

export default function ReturnsPage() {
  return (
    <AdminPage title="Returns">
      <ReturnsList />
    </AdminPage>
  );
}
