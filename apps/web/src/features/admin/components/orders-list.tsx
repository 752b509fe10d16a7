/** Every order, newest first, paged. Load failures are only logged (SPEC §8). */
import { PAGE_SIZE } from '@repo/shared/constants';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Loading } from '@/components/ui/spinner';
import { useOrders } from '../api/get-orders';
import { useLoadFailure } from '@/lib/outcome';
import { usePageParam } from '@/lib/use-page-param';
import { OrderCard } from './order-card';
import { BoxIcon } from '@/components/ui/icons';

export function OrdersList() {
  const [page, setPage] = usePageParam();
  const orders = useOrders(page, PAGE_SIZE);
  useLoadFailure(orders, 'admin orders');

  if (orders.isPending) return <Loading text="Loading orders..." />;
  const list = orders.data?.success ? orders.data.orders : [];
  const total = orders.data?.total ?? 0;
  if (list.length === 0) {
    return <EmptyState title="No orders found." icon={<BoxIcon />} />;
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4">
        {list.map((o) => (
          <li key={o._id}>
            <OrderCard order={o} />
          </li>
        ))}
      </ul>
      {total > PAGE_SIZE && <Pagination page={page} total={total} onPageChange={setPage} />}
    </div>
  );
}
