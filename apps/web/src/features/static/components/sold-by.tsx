/**
 * Who sells a product, for its page's "Product details" (India's e-commerce rules ask for the
 * seller's name and address on a listing): the seller as its invoices name it (the `gst`
 * settings), on one line ("name, address"), with placeholders marked as such until the admin sets
 * them, as on the launch pages (each on its own line). A server-rendered product page has the
 * settings inlined, so the server renders it and the take-over changes nothing.
 */
import type { PublicSettings } from '@repo/shared';
import { Detail, sellerAddressLine } from './shop-details';

export function SoldBy({ gst }: { gst: PublicSettings['gst'] }) {
  const address = sellerAddressLine(gst);
  return (
    <>
      <Detail value={gst.legalName} missing="Seller's name" />
      {gst.legalName && address ? ', ' : <br />}
      <Detail value={address} missing="Seller's address" />
    </>
  );
}
