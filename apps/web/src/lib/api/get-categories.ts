/** Endpoints read by more than one feature (the storefront and the admin) live in lib/api. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AllCategoriesResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { QueryConfig } from '@/lib/react-query';

export const getCategories = () => api.get<AllCategoriesResponse>('/category/all-category');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.categories, queryFn: getCategories, staleTime: 5 * 60_000 });

export function useCategories(config: QueryConfig<typeof categoriesQueryOptions> = {}) {
  return useQuery({ ...categoriesQueryOptions(), ...config });
}
