/**
 * React.lazy for a page chunk that may be gone after a deploy (its hashed file replaced):
 * try the import again once, then reload the page once to get the new build. The
 * sessionStorage flag makes sure it reloads at most once; after that the error reaches
 * the error boundary.
 *
 * `preload()` loads the chunk ahead of rendering; once loaded, the page renders at once
 * instead of suspending for a turn, which is what taking over a server-rendered page needs
 * (main.tsx, entry-server.tsx): its first render must be the server's, not "Loading...".
 */
import { lazy, type ComponentType } from 'react';

const RELOADED_KEY = 'chunk-reload';

// any: React.lazy's own bound, so a component with props keeps them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithRetry<M extends { default: ComponentType<any> }>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;

  async function loadOnce(): Promise<M> {
    // On the server the chunks are files beside the bundle: nothing to retry or reload.
    if (typeof window === 'undefined') return (loaded = await load());
    try {
      const module = await load().catch(load);
      sessionStorage.removeItem(RELOADED_KEY);
      loaded = module;
      return module;
    } catch (error) {
      loading = undefined;
      if (sessionStorage.getItem(RELOADED_KEY)) throw error;
      sessionStorage.setItem(RELOADED_KEY, '1');
      location.reload();
      return new Promise<never>(() => {}); // the page is going away
    }
  }
  /** Loads the chunk (once) and answers its module. */
  const preload = () => (loading ??= loadOnce());

  const Page = lazy<M['default']>(() =>
    loaded
      ? // A thenable that answers at once: React.lazy then renders without suspending.
        ({ then: (resolve: (m: M) => void) => resolve(loaded!) } as Promise<M>)
      : preload(),
  );
  return Object.assign(Page, { preload });
}
