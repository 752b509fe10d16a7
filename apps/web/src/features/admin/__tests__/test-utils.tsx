/**
 * Helpers for the admin component tests: a fetch stand-in that answers API calls by
 * "METHOD /path/:param" (recording each call and its body), and a render through a memory
 * router and a fresh query client.
 */
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  /** The path under /api, without the query string. */
  path: string;
  url: URL;
  params: Record<string, string>;
  /** Parsed JSON, or the FormData as sent. */
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | 'network-error';
export type Handler = (call: ApiCall) => Answer | Promise<Answer>;

function matcher(pattern: string) {
  const [method, path] = pattern.split(' ') as [string, string];
  const names: string[] = [];
  const source = path.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const re = new RegExp(`^${source}$`);
  return (m: string, p: string) => {
    if (m !== method) return null;
    const found = re.exec(p);
    if (!found) return null;
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(found[i + 1]!)]));
  };
}

/** Replace fetch; unknown calls answer 404 so a test never reaches a real network. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const routes = Object.entries(handlers).map(([pattern, handler]) => ({ match: matcher(pattern), handler }));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
    for (const { match, handler } of routes) {
      const params = match(method, path);
      if (!params) continue;
      const call = { method, path, url, params, body };
      calls.push(call);
      const answer = await handler(call);
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    calls.push({ method, path, url, params: {}, body });
    return new Response(JSON.stringify({ success: false, message: `No handler for ${method} ${path}` }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls made to "METHOD /path" (exact path). */
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A promise with its resolve exposed, to hold an answer back (loading states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** Render `element` at `path` (matching `route`); any other path shows where navigation went. */
export function renderRoute(element: ReactElement, { path = '/', route = '/' }: { path?: string; route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export const ids = {
  tees: '64b000000000000000000001',
  hoodies: '64b000000000000000000002',
  polo: '64b000000000000000000003',
  product: '64b0000000000000000000a1',
  order: '64b0000000000000000000f1',
};
