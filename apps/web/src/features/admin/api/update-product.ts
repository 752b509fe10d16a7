import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductMutationResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { refreshProducts } from './refresh';

/** Multipart as create; the photo is optional. */
export const updateProduct = ({ id, form }: { id: string; form: FormData }) =>
  api.put<ProductMutationResponse>(`/product/update-product/${encodeURIComponent(id)}`, form);

export function useUpdateProduct() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSettled: () => refreshProducts(qc) });
}
