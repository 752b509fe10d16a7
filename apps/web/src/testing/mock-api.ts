/**
 * The API as component tests see it, on Mock Service Worker (msw-server.ts): routes like
 * 'GET /product/productList/:page' answer with JSON; every call is recorded so a test can
 * check which endpoint was hit and what it was sent. `fetch` stays a spy (vi.fn) over MSW's
 * interception, so a test can also read the URLs asked for.
 */
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { API_BASE } from '@/lib/api-client';
import { server } from './msw-server';

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

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What the request carried: parsed JSON, the multipart form, or nothing. */
async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data')) return jsdomForm(await request.formData());
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

/** The form as the app built it: jsdom's FormData, files as jsdom's File. */
async function jsdomForm(sent: FormData): Promise<FormData> {
  const form = new FormData();
  for (const [key, value] of sent) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new File([await value.arrayBuffer()], value.name, { type: value.type }));
  }
  return form;
}

/** A jsdom Blob's bytes (jsdom's Blob has no arrayBuffer()). */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * jsdom's FormData and File are not Node's, and Node's fetch would send a jsdom form's files
 * renamed "blob": the form goes out as Node's own (Response is Node's here), each file with its
 * name and type.
 */
async function nodeBody(body: RequestInit['body']): Promise<RequestInit['body']> {
  if (!(body instanceof FormData)) return body;
  const NodeFormData = (await new Response(new URLSearchParams()).formData())
    .constructor as typeof FormData;
  const form = new NodeFormData();
  for (const [key, value] of body) {
    if (typeof value === 'string') {
      form.append(key, value);
    } else {
      const headers = { 'Content-Type': value.type };
      form.append(key, await new Response(await bytesOf(value), { headers }).blob(), value.name);
    }
  }
  return form;
}

/** The fetch MSW intercepts (the spy of an earlier mockApi call passes its calls on to it). */
const THROUGH = Symbol('through');
type SpiedFetch = typeof fetch & { [THROUGH]?: typeof fetch };

export function mockApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  server.resetHandlers(
    ...Object.entries(routes).map(([key, handler]) => {
      const [method, pattern] = key.split(' ') as [string, string];
      return http[method.toLowerCase() as Method](
        `${API_BASE}${pattern}`,
        async ({ request, params }) => {
          const url = new URL(request.url);
          const call: ApiCall = {
            method,
            path: url.pathname.slice(API_BASE.length),
            search: url.search,
            params: params as Record<string, string>,
            body: await bodyOf(request),
            headers: new Headers(request.headers),
          };
          calls.push(call);
          let out: { [REPLY]?: true; status?: number; body?: unknown };
          try {
            out = (await handler(call)) as typeof out;
          } catch (error) {
            // A handler that throws plays a network failure: fetch rejects.
            if (error instanceof TypeError) return HttpResponse.error();
            throw error;
          }
          const [status, json] = out && out[REPLY] ? [out.status!, out.body] : [200, out];
          return new HttpResponse(JSON.stringify(json), {
            status,
            headers: { 'Content-Type': 'application/json' },
          });
        },
      );
    }),
  );
  const current = globalThis.fetch as SpiedFetch;
  const intercepted = current[THROUGH] ?? current;
  const spy: SpiedFetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    intercepted(input, { ...init, body: await nodeBody(init.body) }),
  );
  spy[THROUGH] = intercepted;
  vi.stubGlobal('fetch', spy);
  return {
    calls,
    /** Calls made to one route pattern, e.g. 'POST /product/getFilter-product'. */
    callsTo(key: string) {
      const [m, pattern] = key.split(' ');
      return calls.filter((c) => c.method === m && match(pattern!, c.path));
    },
  };
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
