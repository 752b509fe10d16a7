/** /dashboard/admin/create-product */
import { AdminPage } from '@/features/admin/components/admin-page';
import { CreateProductForm } from '@/features/admin/components/create-product-form';

export default function CreateProductPage() {
  return (
    <AdminPage title="Create Product">
      <CreateProductForm />
    </AdminPage>
  );
}
