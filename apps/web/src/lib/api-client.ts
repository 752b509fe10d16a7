/**
 * The one API client. It adds the bearer token, unwraps JSON and turns every refusal into
 * an ApiError carrying the server's message; screens choose the toast text.
 */
import { inlinedAnswerKey } from '@repo/shared/rules';
import { env } from '@/config/env';
import { tokenStore } from './storage';

export const API_BASE = env.apiUrl;

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server's message when it sent one, else the screen's own text. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body.message ? String(error.body.message) : fallback;
}

/** Listeners told when the server refuses the stored token (401), so the session can end. */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Catalog answers the server put in the page (`#initial-data`, see the API's modules/web),
 * named by inlinedAnswerKey: each is used once, by the first call that asks for it, instead of
 * a round trip.
 */
let pageAnswers: Record<string, unknown> | undefined;
export function inlinedAnswers(): Record<string, unknown> {
  if (!pageAnswers) {
    pageAnswers = {};
    try {
      const text = document.getElementById('initial-data')?.textContent;
      if (text) pageAnswers = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A page without (valid) data, or no page (the server): the app fetches as usual.
    }
  }
  return pageAnswers;
}

/**
 * The ApiError for a refused call (its answer's body), with the server's message; a 401 to a
 * call that carried a token ends the session (onUnauthorized).
 */
export function refusal(
  res: Response,
  body: Record<string, unknown>,
  sentToken: string | null,
): ApiError {
  if (res.status === 401 && sentToken) unauthorizedListeners.forEach((l) => l());
  return new ApiError(
    res.status,
    typeof body.message === 'string' ? body.message : res.statusText,
    body,
  );
}

/** While set, calls are answered from these answers only, never from the network. */
let answersOnly: Record<string, unknown> | undefined;

/**
 * Runs `start` with every call it makes answered from `answers` alone (a call they have no
 * answer for fails at once): what a server-rendered page was rendered with, so the first render
 * in the browser and on the server see the same data. `start` makes its calls synchronously
 * (a call reads its answer before its first await), so nothing else runs in between.
 */
export function answeredFrom<T>(answers: Record<string, unknown>, start: () => T): T {
  answersOnly = answers;
  try {
    return start();
  } finally {
    answersOnly = undefined;
  }
}

/** The answer inlined for this call, taken (each is used once). */
function takeAnswer(method: string, path: string, body: unknown): unknown {
  const answers = answersOnly ?? inlinedAnswers();
  const key = inlinedAnswerKey(method, path, body);
  const answer = answers[key];
  delete answers[key];
  return answer;
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  if (!(body instanceof FormData)) {
    const inlined = takeAnswer(method, path, body);
    if (inlined !== undefined) return inlined as T;
  }
  if (answersOnly) throw new ApiError(0, ''); // not in the page
  const headers = new Headers(init.headers);
  const token = tokenStore.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { ...init, method, headers, body: payload });
  } catch {
    throw new ApiError(0, 'Network error: please check your connection.');
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok)
    throw refusal(
      res,
      (data && typeof data === 'object' ? data : {}) as Record<string, unknown>,
      token,
    );
  return data as T;
}

export const api = {
  get: <T>(path: string, init?: RequestInit) => request<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: unknown, init?: RequestInit) =>
    request<T>('POST', path, body, init),
  put: <T>(path: string, body?: unknown, init?: RequestInit) => request<T>('PUT', path, body, init),
  patch: <T>(path: string, body?: unknown, init?: RequestInit) =>
    request<T>('PATCH', path, body, init),
  delete: <T>(path: string, init?: RequestInit) => request<T>('DELETE', path, undefined, init),
};
