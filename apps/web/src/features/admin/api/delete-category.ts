import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessage } from '@repo/shared';
import { api } from '@/lib/api-client';
import { refreshCategories } from './refresh';

export const deleteCategory = (id: string) =>
  api.delete<SuccessMessage>(`/category/delete-category/${encodeURIComponent(id)}`);

export function useDeleteCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSettled: () => refreshCategories(qc) });
}
