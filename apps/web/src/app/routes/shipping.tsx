/**
 * /shipping: what delivery costs, when parcels leave and how long they take where, from the
 * shop's delivery settings, so the page always says what the checkout charges.
 */
import { Link } from 'react-router-dom';
import type { PublicSettings } from '@repo/shared';
import { formatRupees, paiseToRupees } from '@repo/shared/rules';
import { paths } from '@/config/paths';
import { Detail, EmailLink, WithShopSettings } from '@/features/static/components/shop-details';
import { StaticPage } from '@/features/static/components/static-page';
import { useTitle } from '@/lib/use-title';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "14:00" as "2 pm", "09:30" as "9:30 am". */
function timeText(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour = h % 12 || 12;
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'am' : 'pm'}`;
}

/** The dispatch days as a reader says them: "Monday to Saturday", or a list. */
function daysText(days: readonly number[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  const run = sorted.every((d, i) => i === 0 || d === sorted[i - 1]! + 1);
  if (sorted.length >= 3 && run) return `${WEEKDAYS[sorted[0]!]} to ${WEEKDAYS[sorted.at(-1)!]}`;
  const names = sorted.map((d) => WEEKDAYS[d]!);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!;
}

const span = (min: number, max: number) =>
  min === max ? `${min} ${min === 1 ? 'day' : 'days'}` : `${min}–${max} days`;

function Charges({ delivery }: { delivery: PublicSettings['delivery'] }) {
  const fee = formatRupees(paiseToRupees(delivery.feePaise));
  if (delivery.feePaise === 0 || delivery.freeFromPaise === 0)
    return <p>Delivery is free on every order.</p>;
  return (
    <p>
      Delivery is free on orders of {formatRupees(paiseToRupees(delivery.freeFromPaise))} or more
      (the T-shirts’ value); smaller orders pay {fee}. The charge is shown in your cart before you
      pay.
    </p>
  );
}

export default function ShippingPage() {
  useTitle('Shipping and Delivery');
  return (
    <StaticPage
      title="Shipping and Delivery"
      lead="Where we deliver, what it costs and how long it takes."
    >
      <WithShopSettings>
        {({ delivery, shop, gst }) => (
          <>
            <h2>What it costs</h2>
            <Charges delivery={delivery} />
            <h2>When your order leaves</h2>
            <p>
              We dispatch on {daysText(delivery.dispatchDays)}, except public holidays. An order
              placed before {timeText(delivery.cutoff)} (India time) on a dispatch day leaves the
              same day; a later one, on the next dispatch day.
            </p>
            <h2>How long it takes</h2>
            <p>Days in transit after dispatch, by where it goes:</p>
            <ul>
              {delivery.zones.map((zone) => (
                <li key={zone.name}>
                  {zone.name}: {span(zone.minDays, zone.maxDays)}
                  {zone.cod ? '' : ' (no cash on delivery)'}
                </li>
              ))}
              <li>
                {delivery.elsewhere.serviceable
                  ? `Everywhere else in India: ${span(delivery.elsewhere.minDays, delivery.elsewhere.maxDays)}`
                  : 'We do not deliver elsewhere yet: the cart tells you before you pay.'}
              </li>
            </ul>
            <h2>Following your parcel</h2>
            <p>
              When your order ships we email you the courier and its tracking number, and your order
              page shows them. Someone at the address may need to sign for the parcel.
            </p>
            <h2>If something goes wrong</h2>
            <p>
              A parcel that is late, lost or arrives damaged: write to{' '}
              <EmailLink email={shop.email} missing="Email" /> with your order number
              {shop.supportHours ? ` (we answer ${shop.supportHours})` : ''}, and we will send it
              again or refund it. Returns are on the{' '}
              <Link to={paths.returns}>Returns, Refunds and Cancellation</Link> page.
            </p>
            <p className="text-sm">
              Sold by <Detail value={gst.legalName} missing="Legal name" />.
            </p>
          </>
        )}
      </WithShopSettings>
    </StaticPage>
  );
}
