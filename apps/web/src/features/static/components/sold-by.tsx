/**
 * Who sells a product, for its page's "Product details" (India's e-commerce rules ask for the
 * seller's name and address on a listing): the seller as its invoices name it (the `gst`
 * settings), placeholders marked as such until the admin sets them, as on the launch pages.
 * Asked for once the page is in the browser (the product page is kept per catalog version and
 * the settings are not part of it).
 */
import { usePublicSettings } from '@/lib/api/public-settings';
import { Detail, sellerAddress } from './shop-details';

export function SoldBy() {
  const gst = usePublicSettings().data?.settings.gst;
  if (!gst) return null;
  return (
    <>
      <Detail value={gst.legalName} missing="Seller's name" />
      <br />
      <Detail value={sellerAddress(gst)} missing="Seller's address" />
    </>
  );
}
