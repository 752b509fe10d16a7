/**
 * React.lazy for a page chunk that may be gone after a deploy (its hashed file replaced):
 * try the import again once, then reload the page once to get the new build. The
 * sessionStorage flag makes sure it reloads at most once; after that the error reaches
 * the error boundary.
 */
import { lazy, type ComponentType } from 'react';

const RELOADED_KEY = 'chunk-reload';

export function lazyWithRetry<T extends ComponentType>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      const module = await load().catch(load);
      sessionStorage.removeItem(RELOADED_KEY);
      return module;
    } catch (error) {
      if (sessionStorage.getItem(RELOADED_KEY)) throw error;
      sessionStorage.setItem(RELOADED_KEY, '1');
      location.reload();
      return new Promise<never>(() => {}); // the page is going away
    }
  });
}
