/**
 * The cart's delivery fee and total, from the shop's public settings with the shared
 * orderCharges on the T-shirts after the discount (`discount`, rupees, as the server answered):
 * the same sums the server charges. `totalToPay` waits for the settings, so a
 * checkout started before they arrived still sends the total the server expects.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod, PublicSettings } from '@repo/shared';
import { paiseToRupees, toPaise } from '@repo/shared/rules';
import { orderCharges } from '@repo/shared/rules/delivery';
import { publicSettingsQueryOptions, usePublicSettings } from '@/lib/api/public-settings';

function chargesOf(fees: PublicSettings | undefined, subtotal: number, method: PaymentMethod) {
  if (!fees) return undefined;
  const c = orderCharges(fees, toPaise(subtotal), method);
  return {
    shippingFee: paiseToRupees(c.shippingFeePaise),
    codFee: paiseToRupees(c.codFeePaise),
    total: paiseToRupees(c.totalPaise),
    freeDeliveryFrom: paiseToRupees(fees.delivery.freeFromPaise),
  };
}

/** `discount`: rupees off the T-shirts; `method`: paid online, or in cash on delivery (its fee added). */
export function useCartCharges(
  listSubtotal: number,
  discount = 0,
  method: PaymentMethod = 'online',
) {
  const queryClient = useQueryClient();
  const subtotal = paiseToRupees(toPaise(listSubtotal) - toPaise(discount));
  const fees = usePublicSettings().data?.settings;
  const charges = chargesOf(fees, subtotal, method);
  return {
    /** Undefined while the fees load. */
    shippingFee: charges?.shippingFee,
    codFee: charges?.codFee,
    /** What COD would add (shown beside the choice). */
    codFeeOffered: fees && paiseToRupees(fees.cod.feePaise),
    freeDeliveryFrom: charges?.freeDeliveryFrom,
    /** The subtotal until the fees are known. */
    total: charges?.total ?? subtotal,
    /** The total with the fees once loaded (the subtotal if they cannot be: the server's 409 then names it). */
    async totalToPay(): Promise<number> {
      const fees = await queryClient
        .ensureQueryData(publicSettingsQueryOptions())
        .catch(() => undefined);
      return chargesOf(fees?.settings, subtotal, method)?.total ?? subtotal;
    },
  };
}
