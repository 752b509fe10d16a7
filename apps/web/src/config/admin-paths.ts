/** The admin dashboard's pages beyond its first (paths.adminDashboard): see paths.ts. */
export const adminPaths = {
  adminCreateCategory: '/dashboard/admin/create-category',
  adminCreateProduct: '/dashboard/admin/create-product',
  adminProducts: '/dashboard/admin/product',
  adminProduct: (slug: string) => `/dashboard/admin/product/${encodeURIComponent(slug)}`,
  adminUsers: '/dashboard/admin/user',
  adminOrders: '/dashboard/admin/adminorder',
  adminReturns: '/dashboard/admin/returns',
  adminSettings: '/dashboard/admin/settings',
  adminReviews: '/dashboard/admin/reviews',
  adminCoupons: '/dashboard/admin/coupons',
  adminGstReport: '/dashboard/admin/gst-report',
} as const;
