/**
 * The dashboards' routes, a customer's and the admin's, under /dashboard/: loaded with the first
 * dashboard page. No shopper's first page needs them, and their table, with the preload lists of
 * their pages' chunks, is about 1.3 KB (gzip) of JavaScript the home page no longer loads.
 *
 * A page added here goes in APP_PAGES too (packages/shared/src/rules/app-pages.ts), the list the
 * server answers 200 for (a 404 otherwise): __tests__/app-pages.test.ts checks they match.
 */
import { Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireAuth } from './guards';
import { page, preloadMatches } from './page';

const BASE = '/dashboard';

export const dashboardRoutes: RouteObject[] = [
  {
    path: 'user',
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      {
        ...page(() => import('./routes/dashboard/user/layout')),
        children: [
          { index: true, ...page(() => import('./routes/dashboard/user/welcome')) },
          { path: 'profile', ...page(() => import('./routes/dashboard/user/profile')) },
          { path: 'addresses', ...page(() => import('./routes/dashboard/user/addresses')) },
          { path: 'orders', ...page(() => import('./routes/dashboard/user/orders')) },
          { path: 'orders/:orderId', ...page(() => import('./routes/dashboard/user/order')) },
        ],
      },
    ],
  },
  {
    path: 'admin',
    element: (
      <RequireAdmin>
        <Outlet />
      </RequireAdmin>
    ),
    children: [
      {
        ...page(() => import('./routes/dashboard/admin/layout')),
        children: [
          { index: true, ...page(() => import('./routes/dashboard/admin/overview')) },
          {
            path: 'create-category',
            ...page(() => import('./routes/dashboard/admin/categories')),
          },
          {
            path: 'create-product',
            ...page(() => import('./routes/dashboard/admin/create-product')),
          },
          { path: 'product', ...page(() => import('./routes/dashboard/admin/products')) },
          {
            path: 'product/:slug',
            ...page(() => import('./routes/dashboard/admin/update-product')),
          },
          { path: 'user', ...page(() => import('./routes/dashboard/admin/users')) },
          { path: 'adminorder', ...page(() => import('./routes/dashboard/admin/orders')) },
          { path: 'returns', ...page(() => import('./routes/dashboard/admin/returns')) },
          { path: 'settings', ...page(() => import('./routes/dashboard/admin/settings')) },
          { path: 'reviews', ...page(() => import('./routes/dashboard/admin/reviews')) },
          { path: 'coupons', ...page(() => import('./routes/dashboard/admin/coupons')) },
          {
            path: 'gst-report',
            ...page(() => import('./routes/dashboard/admin/gst-report')),
          },
        ],
      },
    ],
  },
  // A dashboard path the shop does not have.
  { path: '*', ...page(() => import('./routes/not-found')) },
];

export default function DashboardRoutes() {
  return useRoutes(dashboardRoutes);
}

/** Loads the chunks of the dashboard pages `pathname` shows (router.tsx's preloadPages). */
export const preload = (pathname: string) => preloadMatches(dashboardRoutes, pathname, BASE);
