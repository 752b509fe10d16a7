import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryBody, CategoryMutationResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { refreshCategories } from './refresh';

export const createCategory = (body: CategoryBody) =>
  api.post<CategoryMutationResponse>('/category/create-category', body);

export function useCreateCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSettled: () => refreshCategories(qc) });
}
