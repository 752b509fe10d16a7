import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductMutationResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { refreshProducts } from './refresh';

/** Multipart: name, description, price, quantity, shipping, category, photo (see product-form-data.ts). */
export const createProduct = (form: FormData) =>
  api.post<ProductMutationResponse>('/product/create-product', form);

export function useCreateProduct() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSettled: () => refreshProducts(qc) });
}
