/**
 * Every route of the web app. Pages are loaded lazily (route-level code splitting); routes stay
 * thin and compose features. The declarative <BrowserRouter> is used rather than a data
 * router: nothing here needs loaders or actions, and it keeps about 18 KB (gzip) of router
 * code off the first page load.
 *
 * A page added here goes in APP_PAGES too (packages/shared/src/rules/app-pages.ts), the list the
 * server answers 200 for (a 404 otherwise): __tests__/app-pages.test.ts checks they match.
 */
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { PRODUCT_DETAIL_ROUTE } from '@repo/shared/rules';
import { ErrorBoundary } from '@/components/error-boundary';
import { Layout } from './layout/layout';
import { page, preloadMatches } from './page';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, ...page(() => import('./routes/home')) },
      { path: 'Search', ...page(() => import('./routes/search')) },
      // The landing-page rule's own path (packages/shared), relative to the layout.
      { path: PRODUCT_DETAIL_ROUTE.slice(1), ...page(() => import('./routes/product-detail')) },
      { path: 'cart', ...page(() => import('./routes/cart')) },
      // The dashboards' routes come with the first dashboard page (dashboard-routes.tsx).
      { path: 'dashboard/*', ...page(() => import('./dashboard-routes')) },
      // The other pages' routes come with the first of them (other-routes.tsx).
      { path: '*', ...page(() => import('./other-routes')) },
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
  return preloadMatches(routes, pathname);
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
