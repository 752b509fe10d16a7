/**
 * The router's pages are the shared list's (APP_PAGES, packages/shared), which the API's page
 * server answers 200 for (its web-page test asks for each): a page added to one and not the other
 * fails here, not as a 404 from the server.
 */
import type { RouteObject } from 'react-router-dom';
import { expect, it } from 'vitest';
import { APP_PAGES } from '@repo/shared/rules/app-pages';
import { dashboardRoutes } from '../dashboard-routes';
import { otherRoutes } from '../other-routes';
import { routes } from '../router';

const join = (base: string, path: string) => `${base.replace(/\/$/, '')}/${path}`;

/** The full paths of a table's pages: index routes and leaf routes, not splats or layouts. */
function pagesOf(table: RouteObject[], base: string): string[] {
  return table.flatMap((route) => {
    if (route.index) return [base];
    const here = route.path ? join(base, route.path) : base;
    if (route.children) return pagesOf(route.children, here);
    return route.path && !route.path.endsWith('*') ? [here] : [];
  });
}

it('every page of the router is in the shared list of pages, and nothing else is', () => {
  const pages = [
    ...pagesOf(routes, '/'),
    // router.tsx mounts these under its `dashboard/*` and `*`.
    ...pagesOf(dashboardRoutes, '/dashboard'),
    ...pagesOf(otherRoutes, '/'),
  ];
  expect(pages).toContain('/dashboard/admin/settings');
  expect(new Set(pages).size).toBe(pages.length);
  expect([...pages].sort()).toEqual([...APP_PAGES].sort());
});
