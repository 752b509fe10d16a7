import { productDetailPath } from '@repo/shared/rules';

/**
 * Every route path of the web app, in one place; the admin dashboard's pages (but its first) in
 * admin-paths.ts, out of the first page's code.
 */
export const paths = {
  home: '/',
  /** The home page showing one category's products. */
  homeInCategory: (categoryId: string) => `/?${new URLSearchParams({ category: categoryId })}`,
  search: '/Search',
  /** The results of a search for `keyword`; the keyword in the URL lets a new tab or a link show them. */
  searchFor: (keyword: string) => `/Search?${new URLSearchParams({ q: keyword })}`,
  productDetail: productDetailPath,
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  shipping: '/shipping',
  returns: '/returns',
  register: '/register',
  login: '/login',
  forgotPassword: '/forgotpassword',
  cart: '/cart',
  userDashboard: '/dashboard/user',
  userProfile: '/dashboard/user/profile',
  userAddresses: '/dashboard/user/addresses',
  userOrders: '/dashboard/user/orders',
  /** What a shopper sees right after paying: the order placed and what happens next. */
  orderPlaced: (orderId: string) => `/order-placed/${encodeURIComponent(orderId)}`,
  userOrder: (orderId: string) => `/dashboard/user/orders/${encodeURIComponent(orderId)}`,
  adminDashboard: '/dashboard/admin',
} as const;
