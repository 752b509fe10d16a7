import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryBody, CategoryMutationResponse } from '@repo/shared';
import { api } from '@/lib/api-client';
import { refreshCategories, refreshProducts } from './refresh';

export const updateCategory = ({ id, ...body }: CategoryBody & { id: string }) =>
  api.put<CategoryMutationResponse>(`/category/update-category/${encodeURIComponent(id)}`, body);

export function useUpdateCategory() {
  const qc = useQueryClient();
  // Products show their category's name, so they are refreshed too.
  return useMutation({
    mutationFn: updateCategory,
    onSettled: () => Promise.all([refreshCategories(qc), refreshProducts(qc)]),
  });
}
