/**
 * Every route of SPEC §2. Pages are loaded lazily (route-level code splitting); routes stay
 * thin and compose features. The declarative <BrowserRouter> is used rather than a data
 * router: nothing here needs loaders or actions, and it keeps about 18 KB (gzip) of router
 * code off the first page load.
 */
import { BrowserRouter, matchRoutes, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { PRODUCT_DETAIL_ROUTE } from '@repo/shared/rules';
import { ErrorBoundary } from '@/components/error-boundary';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { RequireAdmin, RequireAuth } from './guards';
import { Layout } from './layout/layout';

/** A page's module: its component, and how to load the lazy parts its first render shows. */
type PageModule = { default: React.ComponentType; preload?: () => Promise<unknown> };
/** What a page's route carries beside its element: how to load its chunks ahead. */
interface PageHandle {
  preload: () => Promise<unknown>;
}
/**
 * A lazily loaded page; the layout's <Suspense> shows "Loading..." while it arrives, and a
 * chunk that fails to load is retried (see lazyWithRetry).
 */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'element' | 'handle'> => {
  const Page = lazyWithRetry(load);
  const preload = () => Page.preload().then((module) => module.preload?.());
  return { element: <Page />, handle: { preload } satisfies PageHandle };
};

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, ...page(() => import('./routes/home')) },
      { path: 'Search', ...page(() => import('./routes/search')) },
      // The landing-page rule's own path (packages/shared), relative to the layout.
      { path: PRODUCT_DETAIL_ROUTE.slice(1), ...page(() => import('./routes/product-detail')) },
      { path: 'about', ...page(() => import('./routes/about')) },
      { path: 'privacy', ...page(() => import('./routes/privacy')) },
      // The launch pages: public (the issue's, against SPEC's protected Contact), so shoppers
      // and a payment provider's review reach them signed out.
      { path: 'contact', ...page(() => import('./routes/contact')) },
      { path: 'terms', ...page(() => import('./routes/terms')) },
      { path: 'shipping', ...page(() => import('./routes/shipping')) },
      { path: 'returns', ...page(() => import('./routes/returns')) },
      { path: 'register', ...page(() => import('./routes/register')) },
      { path: 'login', ...page(() => import('./routes/login')) },
      { path: 'forgotpassword', ...page(() => import('./routes/forgot-password')) },
      { path: 'cart', ...page(() => import('./routes/cart')) },
      {
        path: 'order-placed/:orderId',
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [{ index: true, ...page(() => import('./routes/order-placed')) }],
      },
      {
        path: 'dashboard/user',
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
        path: 'dashboard/admin',
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
      // Loaded when needed: no shopper's page needs it up front.
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the chunks of the pages `pathname` shows, so they render at once: a server-rendered
 * page is taken over (and rendered on the server) only once they are here.
 */
export function preloadPages(pathname: string): Promise<unknown> {
  return Promise.all(
    (matchRoutes(routes, pathname) ?? []).map((m) =>
      (m.route.handle as PageHandle | undefined)?.preload(),
    ),
  );
}

export function AppRouter() {
  return (
    // The root boundary catches what the layout's own boundary cannot (the layout itself).
    <ErrorBoundary>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ErrorBoundary>
  );
}
