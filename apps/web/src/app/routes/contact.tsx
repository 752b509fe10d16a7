/**
 * /contact: how to reach the shop, who sells, and the grievance officer Indian e-commerce rules
 * ask for, all from the shop's settings (a detail not set yet says so). Public: a shopper with a
 * question, and a payment provider reviewing the shop, must reach it without an account.
 */
import type { ReactNode } from 'react';
import { MailIcon, PhoneIcon, PinIcon } from '@/components/ui/contact-icons';
import { env } from '@/config/env';
import {
  Detail,
  EmailLink,
  PhoneLink,
  sellerAddress,
  WithShopSettings,
} from '@/features/static/components/shop-details';
import { StaticPage } from '@/features/static/components/static-page';
import { useTitle } from '@/lib/use-title';

function Card({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-400">
        <span className="text-brand-600 dark:text-brand-100">{icon}</span>
        {label}
      </dt>
      <dd className="mt-1 font-semibold break-words text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

export default function ContactPage() {
  useTitle('Contact');
  return (
    <StaticPage
      title="Contact us"
      lead="Questions about an order, a size or a design? We’d love to hear from you."
    >
      <WithShopSettings>
        {({ shop, gst }) => (
          <>
            {/* The email's card wider: an address is longer than a phone number or "India". */}
            <dl className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)_minmax(0,0.8fr)]">
              <Card icon={<PhoneIcon />} label="Phone">
                <PhoneLink phone={shop.phone} missing="Phone" />
              </Card>
              <Card icon={<MailIcon />} label="Email">
                <EmailLink email={shop.email} missing="Email" />
              </Card>
              <Card icon={<PinIcon />} label="Country">
                India
              </Card>
            </dl>
            <p>
              We answer <Detail value={shop.supportHours} missing="Support hours" />, usually within
              a day. For an order, please give its number (it is on your order page and in our
              mails).
            </p>
            <h2>Who we are</h2>
            <p>
              {env.shopName} is run by <Detail value={gst.legalName} missing="Legal name" />.
            </p>
            <address className="whitespace-pre-line not-italic">
              <Detail value={sellerAddress(gst)} missing="Address" />
            </address>
            {gst.gstin && <p>GSTIN: {gst.gstin}</p>}
            <h2>Grievance officer</h2>
            <p>
              If we have not put a problem right, write to our grievance officer. We acknowledge a
              complaint within 48 hours and resolve it within one month of receiving it.
            </p>
            <dl className="space-y-1">
              <div>
                <dt className="inline font-semibold text-slate-900 dark:text-white">Name: </dt>
                <dd className="inline">
                  <Detail
                    value={
                      shop.grievanceOfficerName &&
                      [shop.grievanceOfficerName, shop.grievanceOfficerDesignation]
                        .filter(Boolean)
                        .join(', ')
                    }
                    missing="Grievance officer"
                  />
                </dd>
              </div>
              <div>
                <dt className="inline font-semibold text-slate-900 dark:text-white">Email: </dt>
                <dd className="inline">
                  <EmailLink email={shop.grievanceOfficerEmail} missing="Grievance officer email" />
                </dd>
              </div>
              <div>
                <dt className="inline font-semibold text-slate-900 dark:text-white">Phone: </dt>
                <dd className="inline">
                  <PhoneLink phone={shop.grievanceOfficerPhone} missing="Grievance officer phone" />
                </dd>
              </div>
            </dl>
          </>
        )}
      </WithShopSettings>
    </StaticPage>
  );
}
