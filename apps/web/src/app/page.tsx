/**
 * A lazily loaded page of the route table (router.tsx, dashboard-routes.tsx), and how to load
 * the chunks of the pages a path shows before they render.
 */
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { lazyWithRetry } from '@/lib/lazy-with-retry';

/** A page's module: its component, and how to load the lazy parts its first render shows. */
type PageModule = {
  default: React.ComponentType;
  preload?: (pathname: string) => Promise<unknown>;
};
/** What a page's route carries beside its element: how to load its chunks ahead. */
interface PageHandle {
  preload: (pathname: string) => Promise<unknown>;
}
/**
 * A lazily loaded page; the layout's <Suspense> shows "Loading..." while it arrives, and a
 * chunk that fails to load is retried (see lazyWithRetry).
 */
export const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'element' | 'handle'> => {
  const Page = lazyWithRetry(load);
  const preload = (pathname: string) => Page.preload().then((module) => module.preload?.(pathname));
  return { element: <Page />, handle: { preload } satisfies PageHandle };
};

/** Loads the chunks of the pages of `routes` that `pathname` shows. */
export function preloadMatches(
  routes: RouteObject[],
  pathname: string,
  basename?: string,
): Promise<unknown> {
  return Promise.all(
    (matchRoutes(routes, pathname, basename) ?? []).map((m) =>
      (m.route.handle as PageHandle | undefined)?.preload(pathname),
    ),
  );
}
