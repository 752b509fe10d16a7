/**
 * What the automatic offer and a code take off the cart (POST /coupons/apply): the server works
 * it out from today's prices, per line and in all, or says why the code gives nothing. Asked
 * again whenever the cart, the code or the shopper changes.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplyCouponBody, ApplyCouponResponse, CartItem, PaymentMethod } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const applyCoupon = (body: ApplyCouponBody) =>
  api.post<ApplyCouponResponse>('/coupons/apply', body);

export function cartDiscountQueryOptions(body: ApplyCouponBody, userId: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.cartDiscount({ ...body, userId }),
    queryFn: () => applyCoupon(body),
    enabled: body.items.length > 0,
    staleTime: 30_000,
    // The summary keeps the last answer while the next one loads (no flicker on +/−).
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The cart's lines as the server reads them. */
export const cartLinesOf = (items: readonly CartItem[]) =>
  items.map(({ _id, cartQuantity, size, colour }) => ({
    _id,
    cartQuantity,
    ...(size !== undefined && { size }),
    ...(colour !== undefined && { colour }),
  }));

/**
 * `payment` is how the shopper means to pay: a prepaid-only code is refused (with its reason
 * beside the field) as soon as cash on delivery is chosen, not when the order is placed.
 */
export function useCartDiscount(
  items: readonly CartItem[],
  code: string,
  userId: string | undefined,
  payment: PaymentMethod,
) {
  const body: ApplyCouponBody = { items: cartLinesOf(items), ...(code ? { code } : {}), payment };
  return useQuery(cartDiscountQueryOptions(body, userId));
}

/** A line's discount in the answer (rupees), found by product, size and colour. */
export function lineDiscount(
  answer: ApplyCouponResponse | undefined,
  item: Pick<CartItem, '_id' | 'size' | 'colour'>,
): number {
  if (!answer) return 0;
  const line = answer.lines.find(
    (l) =>
      l._id === item._id &&
      (l.size ?? undefined) === item.size &&
      (l.colour ?? undefined) === item.colour,
  );
  return line?.discount ?? 0;
}
