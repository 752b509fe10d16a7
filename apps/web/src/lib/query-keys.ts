/**
 * Every query key of the app, in one factory. Keys nest by resource (categories, products,
 * users, orders…), so one call can refresh or forget a whole resource whichever screen asked
 * for it: an admin's change marks the storefront's copies stale, logging out forgets every
 * user's and order's answer. Each endpoint's queryOptions (in features/<f>/api or lib/api)
 * takes its key from here.
 */
export const queryKeys = {
  categories: ['categories'] as const,
  products: {
    root: ['products'] as const,
    /** The storefront's pages of 12, newest first. */
    list: (page: number) => ['products', 'list', page] as const,
    count: ['products', 'count'] as const,
    /** The catalog's colours (the home page's colour filter). */
    colours: ['products', 'colours'] as const,
    /** The home page's filter: categories, price, size and page (the request's body). */
    filter: (filter: object) => ['products', 'filter', filter] as const,
    details: ['products', 'detail'] as const,
    detail: (slug: string) => ['products', 'detail', slug] as const,
    related: (productId: string, categoryId: string) =>
      ['products', 'related', productId, categoryId] as const,
    stocks: ['products', 'stock'] as const,
    stock: (ids: string[]) => ['products', 'stock', ids] as const,
    /** The admin's list of every product. */
    every: (page: number, q = '') => ['products', 'every', page, q] as const,
    /** Just the products a form names by id (the product picker's chips). */
    byIds: (ids: readonly string[]) => ['products', 'by-ids', ...ids] as const,
  },
  search: (keyword: string) => ['search', keyword] as const,
  users: {
    root: ['users'] as const,
    details: ['users', 'detail'] as const,
    detail: (userId: string) => ['users', 'detail', userId] as const,
    /** The admin's list of every user. */
    page: (page: number, limit: number, q = '') => ['users', 'page', { page, limit, q }] as const,
    /** The signed-in customer's saved addresses. */
    addresses: ['users', 'addresses'] as const,
  },
  /** Delivery by PIN: fees, dates, COD (a signed-in customer's answer may differ). */
  deliveryEstimate: (query: object) => ['delivery', 'estimate', query] as const,
  orders: {
    root: ['orders'] as const,
    /** One shopper's orders; their order pages sit under it, so refreshing the list refreshes them. */
    ofUser: (userId: string) => ['orders', 'user', userId] as const,
    detail: (userId: string, orderId: string) =>
      ['orders', 'user', userId, 'detail', orderId] as const,
    /** What the shopper may exchange or return of it now (under the order: refreshed with it). */
    returnOptions: (userId: string, orderId: string) =>
      ['orders', 'user', userId, 'detail', orderId, 'returns'] as const,
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
  paymentConfig: ['payment', 'config'] as const,
  /** What the automatic offer and a code take off the cart (the server's answer). */
  cartDiscount: (body: object) => ['cart', 'discount', body] as const,
  /** The admin's codes and offers with their uses. */
  coupons: ['coupons'] as const,
  settings: {
    root: ['settings'] as const,
    /** What the storefront reads (fees, COD on or off). */
    public: ['settings', 'public'] as const,
    /** Every section with who saved it (the admin's settings page). */
    admin: ['settings', 'admin'] as const,
  },
  reviews: {
    root: ['reviews'] as const,
    /** A product's published reviews, every page and order of them. */
    ofProduct: (productId: string) => ['reviews', 'product', productId] as const,
    page: (productId: string, page: number, sort: string) =>
      ['reviews', 'product', productId, { page, sort }] as const,
    /** The signed-in customer's own review of a product and whether they may write one. */
    mine: (productId: string) => ['reviews', 'mine', productId] as const,
    /** The admin's list. */
    admin: ['reviews', 'admin'] as const,
    adminPage: (status: string, page: number) => ['reviews', 'admin', { status, page }] as const,
  },
};
