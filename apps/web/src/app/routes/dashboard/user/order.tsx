/** /dashboard/user/orders/{orderId}: one order's page and printable receipt. */
import { Link, useParams } from 'react-router-dom';
import { orderNumber } from '@repo/shared/rules/orders';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BoxIcon } from '@/components/ui/icons';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useOrder } from '@/features/account/api/get-order';
import { OrderDetail } from '@/features/account/components/order-detail';
import { useSession } from '@/lib/session';
import { sellerAddress } from '@/features/static/components/shop-details';
import { env } from '@/config/env';
import { usePublicSettings } from '@/lib/api/public-settings';
import { ApiError } from '@/lib/api-client';
import { useLogOnError } from '@/lib/use-log-on-error';
import { useTitle } from '@/lib/use-title';

export default function OrderPage() {
  const { orderId = '' } = useParams();
  const { user } = useSession();
  const order = useOrder(user?.userId, orderId);
  // The receipt's letterhead: the seller and contact the admin keeps in the shop's settings.
  const settings = usePublicSettings().data?.settings;
  const shop = {
    name: settings?.gst.legalName || env.shopName,
    address: settings ? sellerAddress(settings.gst) : '',
    email: settings?.shop.email ?? '',
    phone: settings?.shop.phone ?? '',
  };
  useTitle(`Order #${orderNumber(orderId)}`);

  useLogOnError(order.error, 'Failed to load the order');

  const missing = order.error instanceof ApiError && [400, 403, 404].includes(order.error.status);
  return (
    <div>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm print:hidden">
        <Link
          to={paths.userOrders}
          className="inline-flex min-h-10 items-center font-medium text-brand-600 hover:underline dark:text-brand-100"
        >
          ← Your Orders
        </Link>
      </nav>
      {order.isLoading || !user ? (
        <Loading text="Loading order..." />
      ) : order.data ? (
        <OrderDetail order={order.data.order} userId={user.userId} shop={shop} />
      ) : (
        <EmptyState
          title={missing ? 'Order not found.' : 'The order could not be loaded.'}
          icon={<BoxIcon />}
        >
          <ButtonLink to={paths.userOrders}>Back to Your Orders</ButtonLink>
        </EmptyState>
      )}
    </div>
  );
}
