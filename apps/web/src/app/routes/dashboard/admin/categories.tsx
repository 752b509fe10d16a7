/** /dashboard/admin and /dashboard/admin/create-category: the category page. */
import { AdminPage } from '@/features/admin/components/admin-page';
import { CategoryManager } from '@/features/admin/components/category-manager';

export default function CategoriesPage() {
  return (
    <AdminPage title="Manage Category">
      <CategoryManager />
    </AdminPage>
  );
}
