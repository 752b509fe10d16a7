/**
 * Query keys of the admin panel. Admin keys live under 'admin' so their cached shapes never
 * clash with the storefront's; a change also marks the storefront's 'categories' and
 * 'products' queries stale so a shopper tab in the same session sees it.
 */
import type { QueryClient } from '@tanstack/react-query';

export const adminKeys = {
  categories: ['admin', 'categories'] as const,
  products: ['admin', 'products'] as const,
  product: (slug: string) => ['admin', 'product', slug] as const,
  users: (page: number, limit: number) => ['admin', 'users', { page, limit }] as const,
  orders: ['admin', 'orders'] as const,
  orderPage: (page: number, limit: number, q = '') =>
    ['admin', 'orders', 'list', { page, limit, q }] as const,
  overview: ['admin', 'orders', 'overview'] as const,
};

export function refreshCategories(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: adminKeys.categories }),
    qc.invalidateQueries({ queryKey: ['categories'] }),
  ]);
}

export function refreshProducts(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: adminKeys.products }),
    qc.invalidateQueries({ queryKey: ['products'] }),
    // Marked stale only: refetching the product being deleted would only fail.
    qc.invalidateQueries({ queryKey: ['admin', 'product'], refetchType: 'none' }),
  ]);
}
