/**
 * /terms: the terms a shopper buys on: who sells, prices and payment, orders, delivery, returns,
 * the site's content, disputes and the grievance officer. The seller's details come from the
 * shop's settings (a detail not set yet says so).
 */
import { Link } from 'react-router-dom';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import {
  Detail,
  EmailLink,
  sellerAddressLine,
  WithShopSettings,
} from '@/features/static/components/shop-details';
import { StaticPage } from '@/features/static/components/static-page';
import { useTitle } from '@/lib/use-title';

export default function TermsPage() {
  useTitle('Terms and Conditions');
  return (
    <StaticPage title="Terms and Conditions" lead="Last updated November 2026">
      <WithShopSettings>
        {({ shop, gst }) => (
          <>
            <p>
              These terms apply when you browse {env.shopName} or buy from it. By placing an order
              you accept them.
            </p>
            <h2>Who sells</h2>
            <p>
              The seller is <Detail value={gst.legalName} missing="Legal name" />, of{' '}
              <Detail value={sellerAddressLine(gst)} missing="Address" />
              {gst.gstin ? ` (GSTIN ${gst.gstin})` : ''}. You can reach us on the{' '}
              <Link to={paths.contact}>Contact</Link> page.
            </p>
            <h2>Your account</h2>
            <ul>
              <li>
                Give your real name, a mobile number and an address we can deliver to, and keep your
                password to yourself: you are responsible for orders placed with your account.
              </li>
              <li>
                We may close an account used for fraud or abuse, after telling you why at the email
                you registered with.
              </li>
            </ul>
            <h2>Prices and payment</h2>
            <ul>
              <li>
                Prices are in Indian rupees (₹) and include all taxes. The delivery charge, if any,
                is shown before you pay.
              </li>
              <li>
                Payments are taken by our payment provider (Razorpay); we never see or store your
                card number. The amount you pay is the one shown when you pay: if a price changed
                while you shopped, we tell you before you pay.
              </li>
            </ul>
            <h2>Orders</h2>
            <ul>
              <li>
                Your order is confirmed once the payment has gone through (a cash-on-delivery order,
                once it is placed): we email you its number and what you bought, and your order page
                follows it.
              </li>
              <li>
                If we cannot fulfil an order (a size ran out at the last moment, or the address
                cannot be served), we cancel it and refund the whole amount.
              </li>
            </ul>
            <h2>Delivery, returns and cancellation</h2>
            <p>
              When and how we deliver is on the{' '}
              <Link to={paths.shipping}>Shipping and Delivery</Link> page; cancelling an order,
              returns and refunds on the{' '}
              <Link to={paths.returns}>Returns, Refunds and Cancellation</Link> page. Both are part
              of these terms.
            </p>
            <h2>Designs and content</h2>
            <p>
              The designs, photos and text on this site belong to {env.shopName} or its artists. You
              may share links to them, but not copy or sell them.
            </p>
            <h2>Your data</h2>
            <p>
              What we collect and why is in our <Link to={paths.privacy}>Privacy Policy</Link>.
            </p>
            <h2>Problems and disputes</h2>
            <p>
              Tell us first: most problems are put right in a day. If they are not, write to our
              grievance officer,{' '}
              <Detail value={shop.grievanceOfficerName} missing="Grievance officer" />, at{' '}
              <EmailLink email={shop.grievanceOfficerEmail} missing="Grievance officer email" />. We
              acknowledge a complaint within 48 hours and resolve it within one month. These terms
              are governed by the laws of India, and the courts of India decide any dispute.
            </p>
            <h2>Changes</h2>
            <p>
              We may change these terms; the date above says when they last changed. An order is
              governed by the terms in force when it was placed.
            </p>
          </>
        )}
      </WithShopSettings>
    </StaticPage>
  );
}
