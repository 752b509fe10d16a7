/** /dashboard/admin/reviews: reviews waiting for the admin, publish, hide, reply publicly. */
import { AdminPage } from '@/features/admin/components/admin-page';
import { AdminReviews } from '@/features/reviews/components/admin-reviews';

export default function ReviewsPage() {
  return (
    <AdminPage title="Reviews">
      <AdminReviews />
    </AdminPage>
  );
}
