/** The admin's Coupons page: codes and offers with their uses; create, edit, pause or resume. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCouponsResponse,
  CouponBody,
  CouponMutationResponse,
  OfferBody,
  OfferMutationResponse,
  UpdateCouponBody,
  UpdateOfferBody,
} from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminQueryKeys } from '@/lib/admin-query-keys';

export const adminCouponsQueryOptions = () =>
  queryOptions({
    queryKey: adminQueryKeys.coupons,
    queryFn: () => api.get<AdminCouponsResponse>('/admin/coupons'),
  });

export const useAdminCoupons = () => useQuery(adminCouponsQueryOptions());

const id = (value: string) => encodeURIComponent(value);

/** A new code, or an edit of `couponId` over the version read. */
export const saveCoupon = ({
  couponId,
  body,
}: {
  couponId?: string | undefined;
  body: CouponBody;
}) =>
  couponId
    ? api.put<CouponMutationResponse>(`/admin/coupons/${id(couponId)}`, body as UpdateCouponBody)
    : api.post<CouponMutationResponse>('/admin/coupons', body);

export const pauseCoupon = ({ couponId, paused }: { couponId: string; paused: boolean }) =>
  api.patch<CouponMutationResponse>(`/admin/coupons/${id(couponId)}`, { paused });

/** A new offer, or an edit of `offerId` over the version read. */
export const saveOffer = ({ offerId, body }: { offerId?: string | undefined; body: OfferBody }) =>
  offerId
    ? api.put<OfferMutationResponse>(`/admin/offers/${id(offerId)}`, body as UpdateOfferBody)
    : api.post<OfferMutationResponse>('/admin/offers', body);

export const pauseOffer = ({ offerId, paused }: { offerId: string; paused: boolean }) =>
  api.patch<OfferMutationResponse>(`/admin/offers/${id(offerId)}`, { paused });

/** Every change refreshes the list (uses and amounts come with it). */
function useCouponsMutation<A, R>(call: (args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminQueryKeys.coupons }),
  });
}

export const useSaveCoupon = () => useCouponsMutation(saveCoupon);
export const usePauseCoupon = () => useCouponsMutation(pauseCoupon);
export const useSaveOffer = () => useCouponsMutation(saveOffer);
export const usePauseOffer = () => useCouponsMutation(pauseOffer);
