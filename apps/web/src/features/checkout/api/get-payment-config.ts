import { queryOptions } from '@tanstack/react-query';
import type { PaymentConfigResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Which provider (Razorpay or the sandbox), its public key and its checkout script. */
export const getPaymentConfig = () => api.get<PaymentConfigResponse>('/payment/config');

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.paymentConfig,
    queryFn: getPaymentConfig,
    staleTime: Infinity,
  });
