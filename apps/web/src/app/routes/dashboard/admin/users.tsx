/** /dashboard/admin/user: all users. */
import { AdminPage } from '@/features/admin/components/admin-page';
import { UsersList } from '@/features/admin/components/users-list';

export default function UsersPage() {
  return (
    <AdminPage title="All Users">
      <UsersList />
    </AdminPage>
  );
}
