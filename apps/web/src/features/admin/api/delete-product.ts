import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessage } from '@repo/shared';
import { api } from '@/lib/api-client';
import { refreshProducts } from './refresh';

export const deleteProduct = (id: string) =>
  api.delete<SuccessMessage>(`/product/delete-product/${encodeURIComponent(id)}`);

export function useDeleteProduct() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSettled: () => refreshProducts(qc) });
}
