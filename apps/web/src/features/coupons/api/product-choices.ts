/**
 * Every product's id and name, for the admin to tick the ones a code is for: the admin's list
 * of products (500 a page, newest first), read page by page until it is whole.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AllProductsResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminQueryKeys } from '@/lib/admin-query-keys';

const PAGES = 20; // 10,000 products: far more than a T-shirt shop lists

async function productChoices(): Promise<Array<{ _id: string; name: string }>> {
  const choices: Array<{ _id: string; name: string }> = [];
  for (let page = 1; page <= PAGES; page += 1) {
    const answer = await api.get<AllProductsResponse>(
      page > 1 ? `/product/get-product?page=${page}` : '/product/get-product',
    );
    choices.push(...answer.AllProducts.map(({ _id, name }) => ({ _id, name })));
    if (!answer.AllProducts.length || choices.length >= (answer.total ?? choices.length)) break;
  }
  return choices.sort((a, b) => a.name.localeCompare(b.name));
}

export const productChoicesQueryOptions = () =>
  queryOptions({
    queryKey: adminQueryKeys.products.choices,
    queryFn: productChoices,
    staleTime: 60_000,
  });

export const useProductChoices = () => useQuery(productChoicesQueryOptions());
