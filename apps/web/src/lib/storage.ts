/**
 * Browser storage behind small subscribable stores: the session (token + user summary),
 * the cart, the theme and the last search results. Every change is persisted at once,
 * and other tabs' changes flow in through the storage event.
 */
import { useSyncExternalStore } from 'react';
import type { CartItem, Category, Product, StoredUser } from '@repo/shared';
import { STORAGE_KEYS } from '@repo/shared/constants';

type Listener = () => void;

export interface Store<T> {
  get(): T;
  /**
   * The value with nothing stored: what the server renders (it has no storage), and so what
   * the browser's first render shows while it takes over a server-rendered page.
   */
  initial(): T;
  set(value: T | ((prev: T) => T)): void;
  subscribe(listener: Listener): () => void;
}

function safeStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * A store over one storage entry. `read` turns the raw string (or null) into a value and
 * never throws; `write` returns the string to keep, or null to remove the entry.
 */
export function createStore<T>(opts: {
  key: string;
  read: (raw: string | null) => T;
  write: (value: T) => string | null;
  storage?: 'local' | 'session';
}): Store<T> {
  const storage = safeStorage(opts.storage ?? 'local');
  const listeners = new Set<Listener>();
  const initial = opts.read(null);
  // With nothing stored, the very value the server rendered: React then has no reason to
  // render the page again, at once and in one long task, after taking it over.
  const readRaw = (raw: string | null) => (raw === null ? initial : opts.read(raw));
  let cache = readRaw(storage?.getItem(opts.key) ?? null);

  const notify = () => listeners.forEach((l) => l());
  if (typeof window !== 'undefined' && storage) {
    window.addEventListener('storage', (e) => {
      if (e.storageArea === storage && e.key === opts.key) {
        cache = readRaw(e.newValue);
        notify();
      }
    });
  }
  return {
    get: () => cache,
    initial: () => initial,
    set(value) {
      cache = typeof value === 'function' ? (value as (prev: T) => T)(cache) : value;
      const raw = opts.write(cache);
      try {
        if (raw === null) storage?.removeItem(opts.key);
        else storage?.setItem(opts.key, raw);
      } catch {
        // Storage full or blocked: the in-memory value still works for this tab.
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The store's value; while React takes over a server-rendered page (and on the server) its
 * value with nothing stored, then the stored one: the first render matches the server's.
 */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.initial);
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/* ---- the session ---- */

export const tokenStore = createStore<string | null>({
  key: STORAGE_KEYS.token,
  read: (raw) => (raw && raw.trim() ? raw : null),
  write: (v) => v,
});

/** The stored user summary; null when missing or unreadable (the session: token and summary). */
export const userStore = createStore<StoredUser | null>({
  key: STORAGE_KEYS.user,
  read: (raw) => {
    const v = parseJson(raw) as Partial<StoredUser> | null;
    return v &&
      typeof v.name === 'string' &&
      typeof v.userId === 'string' &&
      typeof v.role === 'number'
      ? { name: v.name, userId: v.userId, role: v.role }
      : null;
  },
  write: (v) => (v ? JSON.stringify(v) : null),
});

/* ---- the cart ---- */

export const cartStore = createStore<CartItem[]>({
  key: STORAGE_KEYS.cart,
  read: (raw) => {
    const v = parseJson(raw);
    return Array.isArray(v)
      ? (v.filter(
          (l) =>
            l && typeof l._id === 'string' && typeof l.price === 'number' && l.cartQuantity >= 1,
        ) as CartItem[])
      : [];
  },
  write: (v) => JSON.stringify(v),
});

/* ---- the theme ---- */

export const darkThemeStore = createStore<boolean>({
  key: STORAGE_KEYS.darkTheme,
  read: (raw) => raw === 'true',
  write: (v) => String(v),
});

/* ---- search ---- */

export interface SearchState {
  /** Starts empty and is empty again after a search. */
  keyword: string;
  results: Product[];
  /** The keyword `results` were found for (shown as "Results for …", and in /Search?q=). */
  searched?: string;
  /** Categories the shop suggested when nothing matched. */
  suggestions?: Category[];
}

/** The last search's results, kept for the tab so a reload of /Search still shows them. */
export const searchStore = createStore<SearchState>({
  key: STORAGE_KEYS.searchResults,
  storage: 'session',
  read: (raw) => {
    const v = parseJson(raw) as Partial<SearchState> | null;
    return {
      keyword: '',
      results: Array.isArray(v?.results) ? v.results : [],
      ...(typeof v?.searched === 'string' ? { searched: v.searched } : {}),
      ...(Array.isArray(v?.suggestions) ? { suggestions: v.suggestions } : {}),
    };
  },
  write: (v) =>
    JSON.stringify({ results: v.results, searched: v.searched, suggestions: v.suggestions }),
});
