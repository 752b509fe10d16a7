/**
 * The shop's own details as the launch pages show them: the `shop` settings an admin edits
 * (phone, email, support hours, the grievance officer, the return window) and the seller as its
 * invoices name it (the `gst` settings: legal name, address, state, GSTIN). A detail
 * not set yet shows as a marked placeholder, never as made-up text: the pages say plainly what the
 * shop has still to fill in before it launches.
 */
import type { ReactNode } from 'react';
import type { PublicSettings } from '@repo/shared';
import { Loading } from '@/components/ui/spinner';
import { usePublicSettings } from '@/lib/api/public-settings';

/** A detail, or the placeholder saying which one is missing. */
export function Detail({ value, missing }: { value: string; missing: string }) {
  if (value) return <>{value}</>;
  return (
    <span className="box-decoration-clone rounded-md border border-dashed border-amber-500 bg-amber-50 px-1.5 py-0.5 text-sm font-medium text-amber-900 dark:border-amber-400 dark:bg-amber-500/10 dark:text-amber-200">
      [{missing}: not set yet]
    </span>
  );
}

/** The seller's address with its state on the last line ('' until the address is set). */
export function sellerAddress(gst: PublicSettings['gst']): string {
  if (!gst.address) return '';
  return gst.state && !gst.address.includes(gst.state)
    ? `${gst.address}\n${gst.state}`
    : gst.address;
}

/** The seller's address on one line, its lines joined with commas (for a sentence or a row). */
export const sellerAddressLine = (gst: PublicSettings['gst']): string =>
  sellerAddress(gst).replace(/\s*\n\s*/g, ', ');

/** A phone number as a link to call it (spaces and brackets dropped from the tel: URL). */
export function PhoneLink({ phone, missing }: { phone: string; missing: string }) {
  if (!phone) return <Detail value="" missing={missing} />;
  return (
    <a className={contactLink} href={`tel:${phone.replace(/[\s\-().]/g, '')}`}>
      {phone}
    </a>
  );
}

export function EmailLink({ email, missing }: { email: string; missing: string }) {
  if (!email) return <Detail value="" missing={missing} />;
  return (
    <a className={contactLink} href={`mailto:${email}`}>
      {email}
    </a>
  );
}

/**
 * Looks like a link (underlined in the dark theme, where its colour is near the text's, as the
 * launch pages' other links), and the padding makes a 40 px tap area without moving the text.
 */
export const contactLink =
  '-my-2 inline-block py-2 font-semibold break-all text-brand-700 hover:underline dark:text-brand-100 dark:underline dark:decoration-brand-500 dark:underline-offset-4';

/**
 * The page's content once the shop's public settings are here (server-rendered pages have them
 * from the start); "Loading..." before, and a page that says so when they cannot be loaded.
 */
export function WithShopSettings({
  children,
}: {
  children: (settings: PublicSettings) => ReactNode;
}) {
  const settings = usePublicSettings();
  if (settings.data) return <>{children(settings.data.settings)}</>;
  if (settings.isError)
    return (
      <p role="alert">
        The shop’s details could not be loaded. Please check your connection and reload the page.
      </p>
    );
  return <Loading text="Loading..." />;
}
