/**
 * The dashboards' query keys, under the roots of query-keys.ts (so refreshing or forgetting a
 * resource there reaches them too): apart, as the storefront's first page does not need them.
 */
export const adminQueryKeys = {
  products: {
    /** The admin's list of every product. */
    every: (page: number, q = '') => ['products', 'every', page, q] as const,
    /** Just the products a form names by id (the product picker's chips). */
    byIds: (ids: readonly string[]) => ['products', 'by-ids', ...ids] as const,
  },
  users: {
    /** The admin's list of every user. */
    page: (page: number, limit: number, q = '') => ['users', 'page', { page, limit, q }] as const,
  },
  orders: {
    /** The admin's Returns page. */
    returns: ['orders', 'admin', 'returns'] as const,
    returnsPage: (status: string, page: number) =>
      ['orders', 'admin', 'returns', { status, page }] as const,
    /** The admin's list and overview (a status change refreshes both). */
    admin: ['orders', 'admin'] as const,
    adminPage: (page: number, limit: number, q = '', status = '') =>
      ['orders', 'admin', 'list', { page, limit, q, status }] as const,
    overview: ['orders', 'admin', 'overview'] as const,
    /** Captured payments without an order of their own, for the admin to refund. */
    unsettled: ['orders', 'admin', 'unsettled'] as const,
    unsettledPage: (page: number) => ['orders', 'admin', 'unsettled', page] as const,
  },
  /** The admin's codes and offers with their uses. */
  coupons: ['coupons'] as const,
  settings: {
    /** Every section with who saved it (the admin's settings page). */
    admin: ['settings', 'admin'] as const,
  },
  reviews: {
    /** The admin's list. */
    admin: ['reviews', 'admin'] as const,
    adminPage: (status: string, page: number) => ['reviews', 'admin', { status, page }] as const,
  },
};
