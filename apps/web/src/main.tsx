import { startTransition, StrictMode } from 'react';
import { AppProvider } from './app/provider';
import { AppRouter, preloadPages } from './app/router';
import { seedPage } from './app/seed-page';
import { inlinedAnswers } from './lib/api-client';
import { queryClient } from './lib/query-client';
import { createRoot, hydrateRoot } from './lib/react-dom-client';
import './index.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

if (root.dataset.origin !== undefined) {
  // The server rendered this page (the API's modules/web): take it over. The first render must
  // be the server's, so it waits for the page's chunk and the answers the server rendered with.
  // As a transition, the take-over yields to the browser every few milliseconds instead of
  // holding a slow phone's main thread in one long task (the page is already on screen); it
  // starts in a task of its own, after the one that ran this code, for the same reason.
  setTimeout(
    () =>
      void Promise.all([
        seedPage(queryClient, new URL(location.href), inlinedAnswers()),
        preloadPages(location.pathname),
      ]).then(() => startTransition(() => void hydrateRoot(root, app))),
  );
} else {
  createRoot(root).render(app);
}
