import { env } from '@/config/env';
import { StaticPage } from '@/features/static/components/static-page';
import { EmailLink } from '@/features/static/components/shop-details';
import { usePublicSettings } from '@/lib/api/public-settings';
import { useTitle } from '@/lib/use-title';

/** "28 November 2026": a YYYY-MM-DD date as written on a policy. */
const formatLongDate = (day: string) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/**
 * When this policy's text last changed: the text lives in the build, so its date does too.
 * Change it in the same commit as the text (docs/behaviour/settings.md).
 */
export const PRIVACY_POLICY_UPDATED = '2026-11-28';

export default function PrivacyPage() {
  useTitle('Privacy Policy');
  // The shop's settings name its support address (the server renders the page with them).
  const shop = usePublicSettings().data?.settings.shop;
  return (
    <StaticPage
      title="Privacy Policy"
      lead={`Last updated ${formatLongDate(PRIVACY_POLICY_UPDATED)}`}
    >
      <p>
        This policy explains what {env.shopName} collects about you, why, and what you can ask us to
        do with it.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>
          Your name, email and address, which you give us when you register or update your profile.
        </li>
        <li>Your orders: what you bought, when, and where it was delivered.</li>
        <li>
          Your interactions with the shop, such as the products you view and add to your cart.
        </li>
      </ul>
      <h2>How we use it</h2>
      <ul>
        <li>To deliver the service: process your orders, take payment and ship your T-shirts.</li>
        <li>To give you support when you contact us about an order or your account.</li>
        <li>To send you promotions, only if you opt in. You can opt out at any time.</li>
      </ul>
      <p>
        Card payments are handled by our payment provider; we never see or store your card number.
      </p>
      <h2>Your choices</h2>
      <p>
        You may ask us for access to your data, to update it, or to delete it. Write to our support
        address, {shop ? <EmailLink email={shop.email} missing="Email" /> : '…'}, and we will reply
        within 30 days.
      </p>
    </StaticPage>
  );
}
