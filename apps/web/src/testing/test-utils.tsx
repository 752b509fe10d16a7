/** Renders a screen inside the app's providers and an in-memory router. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import {
  createMemoryRouter,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router-dom';

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Shows the current location so tests can assert navigation: data-testid="location". */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * Renders `routes` (or `element` at `path`) starting from `url`. Other paths render just
 * their name, so a test can see where a navigation led.
 */
export function renderRoute(
  ui: { element: ReactNode; path?: string } | { routes: RouteObject[] },
  {
    url = '/',
    state,
    userEventOptions,
  }: {
    url?: string;
    state?: unknown;
    userEventOptions?: Parameters<typeof userEvent.setup>[0];
  } = {},
) {
  const routes: RouteObject[] =
    'routes' in ui
      ? ui.routes
      : [{ path: ui.path ?? new URL(url, 'http://x').pathname, element: ui.element }];
  const router = createMemoryRouter(
    [
      ...routes.map((r) => ({
        ...r,
        element: (
          <>
            {r.element}
            <LocationProbe />
          </>
        ),
      })),
      { path: '*', element: <LocationProbe /> },
    ],
    {
      initialEntries: [
        {
          pathname: new URL(url, 'http://x').pathname,
          search: new URL(url, 'http://x').search,
          hash: new URL(url, 'http://x').hash,
          state,
        },
      ],
    },
  );
  const queryClient = createTestQueryClient();
  const user = userEvent.setup(userEventOptions);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user };
}
