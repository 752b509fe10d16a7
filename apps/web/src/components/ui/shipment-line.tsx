/** How an order was shipped: the courier, the tracking number (AWB) and, where the courier has one, its tracking page. */
import type { OrderShipment } from '@repo/shared';
import { courierById, trackingUrl } from '@repo/shared/rules/orders';

export function ShipmentLine({ shipment }: { shipment: OrderShipment }) {
  const courier = courierById(shipment.courier)?.name ?? shipment.courier;
  const track = trackingUrl(shipment.courier, shipment.awb);
  return (
    <p className="break-words text-slate-600 dark:text-slate-300">
      {courier} · AWB <span className="font-mono">{shipment.awb}</span>
      {track && (
        <>
          {' '}
          <a
            href={track}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand-600 hover:underline dark:text-brand-100"
          >
            Track your parcel<span className="sr-only"> (opens the courier's site)</span>
          </a>
        </>
      )}
    </p>
  );
}
