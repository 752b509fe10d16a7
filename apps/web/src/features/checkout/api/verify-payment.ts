import type { VerifyPaymentBody, VerifyPaymentResponse } from '@repo/shared';
import { api } from '@/lib/api-client';

/** Sends the provider's signed result; the server checks it and saves the order. */
export const verifyPayment = (body: VerifyPaymentBody) =>
  api.post<VerifyPaymentResponse>('/payment/verify-payment', body);
