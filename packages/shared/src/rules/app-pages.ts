/**
 * Every page the web app's router has, as react-router writes its paths (`:name` a parameter):
 * the one list the router's tables (apps/web/src/app/router.tsx, other-routes.tsx,
 * dashboard-routes.tsx) must hold exactly, which a web test checks, and that the API's page
 * server answers 200 with the app for (anything else is the app's not-found page, a 404). A page
 * added to the router without a line here fails that test instead of answering 404 from the server.
 * Not in the rules' index: the storefront's first load does not carry it.
 */
export const APP_PAGES: readonly string[] = [
  '/',
  '/Search',
  '/product-detail/:slug',
  '/cart',
  '/about',
  '/privacy',
  '/contact',
  '/terms',
  '/shipping',
  '/returns',
  '/register',
  '/login',
  '/forgotpassword',
  '/order-placed/:orderId',
  '/dashboard/user',
  '/dashboard/user/profile',
  '/dashboard/user/addresses',
  '/dashboard/user/orders',
  '/dashboard/user/orders/:orderId',
  '/dashboard/admin',
  '/dashboard/admin/create-category',
  '/dashboard/admin/create-product',
  '/dashboard/admin/product',
  '/dashboard/admin/product/:slug',
  '/dashboard/admin/user',
  '/dashboard/admin/adminorder',
  '/dashboard/admin/returns',
  '/dashboard/admin/settings',
  '/dashboard/admin/reviews',
  '/dashboard/admin/coupons',
  '/dashboard/admin/gst-report',
];

/** A page's path as a pattern: a parameter is one segment, a trailing slash optional, any case (as react-router matches). */
function patternOf(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')));
  return new RegExp(segments.length ? `^/${segments.join('/')}/?$` : '^/$', 'i');
}

let patterns: RegExp[] | undefined;

/** Whether the web app has a page at `pathname`. */
export function isAppPage(pathname: string): boolean {
  patterns ??= APP_PAGES.map(patternOf);
  return patterns.some((p) => p.test(pathname));
}
