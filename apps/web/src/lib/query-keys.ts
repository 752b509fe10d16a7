/**
 * Every query key of the app, in one factory (the dashboards' own in admin-query-keys.ts, under
 * the same roots: this module is in the first page's code, they are not). Keys nest by resource
 * (categories, products, users, orders…), so one call can refresh or forget a whole resource
 * whichever screen asked for it: an admin's change marks the storefront's copies stale, logging
 * out forgets every user's and order's answer. Each endpoint's queryOptions (in
 * features/<f>/api or lib/api) takes its key from here.
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
  },
  search: (keyword: string) => ['search', keyword] as const,
  users: {
    root: ['users'] as const,
    details: ['users', 'detail'] as const,
    detail: (userId: string) => ['users', 'detail', userId] as const,
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
  },
  paymentConfig: ['payment', 'config'] as const,
  /** What the automatic offer and a code take off the cart (the server's answer). */
  cartDiscount: (body: object) => ['cart', 'discount', body] as const,
  settings: {
    root: ['settings'] as const,
    /** What the storefront reads (fees, COD on or off). */
    public: ['settings', 'public'] as const,
  },
  reviews: {
    root: ['reviews'] as const,
    /** A product's published reviews, every page and order of them. */
    ofProduct: (productId: string) => ['reviews', 'product', productId] as const,
    page: (productId: string, page: number, sort: string) =>
      ['reviews', 'product', productId, { page, sort }] as const,
    /** The signed-in customer's own review of a product and whether they may write one. */
    mine: (productId: string) => ['reviews', 'mine', productId] as const,
  },
};
