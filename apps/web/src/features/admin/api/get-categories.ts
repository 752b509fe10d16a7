import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AllCategoriesResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const getCategories = () => api.get<AllCategoriesResponse>('/category/all-category');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.categories, queryFn: getCategories });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
