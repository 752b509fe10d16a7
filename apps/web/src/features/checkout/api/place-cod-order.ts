import type { CodOrderBody, CodOrderResponse } from '@repo/shared';
import { api } from '@/lib/api-client';

/**
 * Places a cash-on-delivery order. `key` is the attempt's Idempotency-Key: sending it again
 * (a retry after a lost answer) answers the same order, never a second one.
 */
export const placeCodOrder = (body: CodOrderBody, key: string) =>
  api.post<CodOrderResponse>('/orders/cod', body, { headers: { 'Idempotency-Key': key } });
