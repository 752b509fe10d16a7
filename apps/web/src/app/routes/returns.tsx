/**
 * /returns: cancelling an order (the shopper does it on the order page until it ships, and the
 * whole payment goes back), returns within the shop's return window (its settings), and refunds.
 */
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { EmailLink, PhoneLink, WithShopSettings } from '@/features/static/components/shop-details';
import { StaticPage } from '@/features/static/components/static-page';
import { useTitle } from '@/lib/use-title';

export default function ReturnsPage() {
  useTitle('Returns, Refunds and Cancellation');
  return (
    <StaticPage
      title="Returns, Refunds and Cancellation"
      lead="Changed your mind, or it doesn’t fit? Here is what you can do."
    >
      <WithShopSettings>
        {({ shop }) => (
          <>
            <h2>Cancelling an order</h2>
            <ul>
              <li>
                Until your order ships you can cancel it yourself: open it from{' '}
                <Link to={paths.userOrders}>Your Orders</Link> and choose Cancel order. Nothing to
                explain and nothing to pay.
              </li>
              <li>Once it has shipped it can no longer be cancelled, but it can be returned.</li>
              <li>
                If we must cancel an order ourselves (a size ran out, an address we cannot reach),
                we tell you by email and refund it in full.
              </li>
            </ul>
            <h2>Returns</h2>
            {shop.returnDays > 0 ? (
              <ul>
                <li>
                  You can return a T-shirt within {shop.returnDays}{' '}
                  {shop.returnDays === 1 ? 'day' : 'days'} of delivery, unworn, unwashed and with
                  its tags, for a refund or another size.
                </li>
                <li>
                  Write to <EmailLink email={shop.email} missing="Email" /> or call{' '}
                  <PhoneLink phone={shop.phone} missing="Phone" /> with your order number and what
                  you are returning, and we tell you how to send it back. Another size depends on
                  what is in stock then.
                </li>
              </ul>
            ) : (
              <p>
                We do not take back T-shirts that fit and are as described. A T-shirt that arrives
                damaged, faulty or not what you ordered is always taken back (below).
              </p>
            )}
            <h2>Damaged, faulty or wrong T-shirts</h2>
            <p>
              Tell us within 48 hours of delivery, with a photo, at{' '}
              <EmailLink email={shop.email} missing="Email" />: we replace it or refund it, and we
              pay for sending it back.
            </p>
            <h2>Refunds</h2>
            <ul>
              <li>
                A cancelled order is refunded at once, in full, to the card or account you paid
                with; a return once it reaches us and is checked (within 2 working days). An order
                paid in cash on delivery is refunded to a bank account or UPI ID you give us.
              </li>
              <li>
                Your bank usually credits the refund within 5–7 working days. Your order page shows
                the refund and its progress, and we email you when it is done.
              </li>
              <li>
                Delivery charges are refunded with a cancelled order, and with a return of a
                damaged, faulty or wrong T-shirt.
              </li>
            </ul>
            <p>
              Still unhappy? Our grievance officer’s details are on the{' '}
              <Link to={paths.contact}>Contact</Link> page.
            </p>
          </>
        )}
      </WithShopSettings>
    </StaticPage>
  );
}
