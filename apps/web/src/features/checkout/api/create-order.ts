import type { CreateOrderBody, CreateOrderResponse } from '@repo/shared';
import { api } from '@/lib/api-client';

/**
 * Asks the server for a provider order. `amount` is the total the shopper saw (rupees); the
 * server prices the items itself and answers 409 when prices or stock changed.
 */
export const createPaymentOrder = (body: CreateOrderBody) =>
  api.post<CreateOrderResponse>('/payment/create-order', body);
