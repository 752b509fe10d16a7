import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AllCategoriesResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

export const getCategories = () => api.get<AllCategoriesResponse>('/category/all-category');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: 5 * 60_000 });

export function useCategories(config: QueryConfig<typeof categoriesQueryOptions> = {}) {
  return useQuery({ ...categoriesQueryOptions(), ...config });
}
