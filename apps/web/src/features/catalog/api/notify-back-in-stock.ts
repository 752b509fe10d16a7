/** "Notify me": one mail when a sold-out colour and size of a product is back. */
import { useMutation } from '@tanstack/react-query';
import type { BackInStockBody, BackInStockResponse } from '@repo/shared';
import { api } from '@/lib/api-client';

export const notifyBackInStock = (productId: string, body: BackInStockBody) =>
  api.post<BackInStockResponse>(`/product/${encodeURIComponent(productId)}/back-in-stock`, body);

export function useNotifyBackInStock(productId: string) {
  return useMutation({
    mutationFn: (body: BackInStockBody) => notifyBackInStock(productId, body),
  });
}
