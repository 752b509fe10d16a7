/**
 * What an admin's change makes stale. The keys are the storefront's too (one key per
 * endpoint), so a shopper's tab in the same session sees the change.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

export function refreshCategories(qc: QueryClient) {
  return qc.invalidateQueries({ queryKey: queryKeys.categories });
}

export function refreshProducts(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({
      queryKey: queryKeys.products.root,
      predicate: (query) => query.queryKey[1] !== queryKeys.products.details[1],
    }),
    // Marked stale only: refetching the product being deleted would only fail.
    qc.invalidateQueries({ queryKey: queryKeys.products.details, refetchType: 'none' }),
  ]);
}
