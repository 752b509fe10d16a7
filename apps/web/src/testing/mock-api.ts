/**
 * A small fetch stand-in for component tests: routes like 'GET /product/productList/:page'
 * answer with JSON; every call is recorded so a test can check which endpoint was hit.
 */
import { vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';

export interface ApiCall {
  method: string;
  path: string;
  /** The query string, e.g. "?q=shoes" ('' without one). */
  search: string;
  params: Record<string, string>;
  body: unknown;
  headers: Headers;
}

/** A handler returns the JSON body (status 200), or reply(status, body) for anything else. */
export type Handler = (call: ApiCall) => unknown | Promise<unknown>;

const REPLY = Symbol('reply');
export function reply(status: number, body: unknown) {
  return { [REPLY]: true, status, body };
}

function match(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.startsWith(':')) params[a[i]!.slice(1)] = decodeURIComponent(b[i]!);
    else if (a[i] !== b[i]) return null;
  }
  return params;
}

export function mockApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.slice(API_BASE.length);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    for (const [key, handler] of Object.entries(routes)) {
      const [m, pattern] = key.split(' ');
      const params = m === method ? match(pattern!, path) : null;
      if (!params) continue;
      const call = {
        method,
        path,
        search: url.search,
        params,
        body,
        headers: new Headers(init.headers),
      };
      calls.push(call);
      const out = (await handler(call)) as { [REPLY]?: true; status?: number; body?: unknown };
      const [status, json] = out && out[REPLY] ? [out.status!, out.body] : [200, out];
      return new Response(JSON.stringify(json), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    throw new Error(`No mock for ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Calls made to one route pattern, e.g. 'POST /product/getFilter-product'. */
    callsTo(key: string) {
      const [m, pattern] = key.split(' ');
      return calls.filter((c) => c.method === m && match(pattern!, c.path));
    },
  };
}
