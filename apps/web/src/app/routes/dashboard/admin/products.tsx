/** /dashboard/admin/product: every product, each opening its update page. */
import { AdminPage } from '@/features/admin/components/admin-page';
import { ProductGrid } from '@/features/admin/components/product-grid';

export default function ProductsPage() {
  return (
    <AdminPage title="All Products">
      <ProductGrid />
    </AdminPage>
  );
}
