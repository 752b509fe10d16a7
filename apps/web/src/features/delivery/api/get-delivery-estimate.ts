import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryEstimateResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface EstimateQuery {
  pin: string;
  state?: string | undefined;
  /** The T-shirts' value in rupees: the fee and COD for this order. */
  subtotal?: number | undefined;
}

export const getDeliveryEstimate = ({ pin, state, subtotal }: EstimateQuery) => {
  const query = new URLSearchParams({ pin });
  if (state) query.set('state', state);
  if (subtotal !== undefined) query.set('subtotal', String(subtotal));
  return api.get<DeliveryEstimateResponse>(`/delivery/estimate?${query}`);
};

/** `userId`: a signed-in customer's answer weighs their COD standing, so it is theirs alone. */
export const deliveryEstimateQueryOptions = (query: EstimateQuery, userId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.deliveryEstimate({ ...query, userId }),
    queryFn: () => getDeliveryEstimate(query),
    staleTime: 60_000,
  });

/** Delivery to a PIN (none asked while `query` is undefined). */
export function useDeliveryEstimate(query: EstimateQuery | undefined, userId: string | undefined) {
  return useQuery({
    ...deliveryEstimateQueryOptions(query ?? { pin: '' }, userId),
    enabled: query !== undefined,
  });
}
