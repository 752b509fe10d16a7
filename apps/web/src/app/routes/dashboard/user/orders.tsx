/** Your Orders. A failed load is only logged (docs/behaviour/storefront-and-seo.md). */
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BoxIcon } from '@/components/ui/icons';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUserOrders } from '@/features/account/api/get-user-orders';
import { OrderList } from '@/features/account/components/order-list';
import { useSession } from '@/lib/session';
import { useLogOnError } from '@/lib/use-log-on-error';
import { useTitle } from '@/lib/use-title';

export default function OrdersPage() {
  useTitle('Your Orders');
  const { user } = useSession();
  const orders = useUserOrders(user?.userId);

  useLogOnError(orders.error, 'Failed to load orders');

  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading" className="mb-6 text-2xl font-bold sm:text-3xl">
        Your Orders
      </h1>
      {orders.isLoading ? (
        <Loading text="Loading orders..." />
      ) : orders.data?.orders.length ? (
        <OrderList orders={orders.data.orders} />
      ) : (
        <EmptyState title="You haven't placed any orders yet." icon={<BoxIcon />}>
          <ButtonLink to={paths.home}>Start shopping</ButtonLink>
        </EmptyState>
      )}
    </section>
  );
}
