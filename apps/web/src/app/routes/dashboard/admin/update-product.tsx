/** /dashboard/admin/product/:slug: update or delete one product. */
import { useParams } from 'react-router-dom';
import { AdminPage } from '@/features/admin/components/admin-page';
import { UpdateProduct } from '@/features/admin/components/update-product-form';

export default function UpdateProductPage() {
  const { slug = '' } = useParams();
  return (
    <AdminPage title="Update Product">
      <UpdateProduct slug={slug} />
    </AdminPage>
  );
}
