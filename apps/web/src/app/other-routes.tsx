/**
 * The routes of the pages beside the catalog, the cart and the dashboards: About and the launch
 * pages, registering and signing in, an order placed, and the not-found page. They come with the
 * first of these pages, so the app's first load (every page's) does not carry their table and the
 * preload lists of their chunks (bench/README.md: the home page's JavaScript). Matched under
 * router.tsx's `*`. What it costs: opening one of them loads this small chunk first, one round
 * trip before the page's own (the server already preloads the page's chunks for About and the
 * launch pages, which it renders, so their take-over waits for this chunk alone).
 *
 * A page added here goes in APP_PAGES too (packages/shared/src/rules/app-pages.ts), the list the
 * server answers 200 for (a 404 otherwise): __tests__/app-pages.test.ts checks they match.
 */
import { Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth } from './guards';
import { page, preloadMatches } from './page';

export const otherRoutes: RouteObject[] = [
  { path: 'about', ...page(() => import('./routes/about')) },
  { path: 'privacy', ...page(() => import('./routes/privacy')) },
  // The launch pages are public (the first design kept Contact for signed-in visitors), so
  // shoppers and a payment provider's review reach them signed out.
  { path: 'contact', ...page(() => import('./routes/contact')) },
  { path: 'terms', ...page(() => import('./routes/terms')) },
  { path: 'shipping', ...page(() => import('./routes/shipping')) },
  { path: 'returns', ...page(() => import('./routes/returns')) },
  { path: 'register', ...page(() => import('./routes/register')) },
  { path: 'login', ...page(() => import('./routes/login')) },
  { path: 'forgotpassword', ...page(() => import('./routes/forgot-password')) },
  {
    path: 'order-placed/:orderId',
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [{ index: true, ...page(() => import('./routes/order-placed')) }],
  },
  // Loaded when needed: no shopper's page needs it up front.
  { path: '*', ...page(() => import('./routes/not-found')) },
];

export default function OtherRoutes() {
  return useRoutes(otherRoutes);
}

/** Loads the chunks of the pages `pathname` shows (router.tsx's preloadPages). */
export const preload = (pathname: string) => preloadMatches(otherRoutes, pathname);
