/** Every order, newest first, paged. Load failures are only logged (SPEC §8). */
import { Loading } from '@/components/ui/spinner';
import { ADMIN_PAGE_SIZE } from '../api/keys';
import { useOrders } from '../api/get-orders';
import { useLoadFailure } from '../lib/outcome';
import { usePageParam } from '../lib/use-page-param';
import { OrderCard } from './order-card';
import { Pager } from './pager';

export function OrdersList() {
  const [page, setPage] = usePageParam();
  const orders = useOrders(page, ADMIN_PAGE_SIZE);
  useLoadFailure(orders, 'admin orders');

  if (orders.isPending) return <Loading text="Loading orders..." />;
  const list = orders.data?.success ? orders.data.orders : [];
  if (list.length === 0) {
    return <p className="py-8 text-center text-slate-500 dark:text-slate-400">No orders found.</p>;
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
      <Pager page={page} total={orders.data?.total} limit={ADMIN_PAGE_SIZE} onPage={setPage} label="Orders pages" />
    </div>
  );
}
