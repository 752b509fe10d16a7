import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AllProductsResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** Every product, newest first. */
export const getProducts = () => api.get<AllProductsResponse>('/product/get-product');

export const productsQueryOptions = () => queryOptions({ queryKey: adminKeys.products, queryFn: getProducts });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
