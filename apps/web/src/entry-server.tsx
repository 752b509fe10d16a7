/**
 * The server's render of a storefront page (React's static renderer), built by Vite into
 * dist/server/entry-server.js (`vite build --ssr`, everything bundled in) and loaded by the API
 * by path (its modules/web/server-render.ts), which caches the markup and puts it in the page's
 * root; the browser then takes the page over (main.tsx). Both first renders see the same thing:
 * the same answers (seeded from the page's `#initial-data`), the page's chunk already loaded, no
 * stored session, cart or theme (lib/storage's `initial`), and the same origin for links.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadPages } from './app/router';
import { ErrorBoundary } from './components/error-boundary';
import { seedPage } from './app/seed-page';
import { createQueryClient } from './lib/query-client';

/** A render that takes longer than this is given up (the API then serves the page unrendered). */
const RENDER_LIMIT_MS = 5_000;

/**
 * The markup of the app's root for `url` (absolute: its origin is the one links name), from the
 * catalog `answers` the page inlines (named by inlinedAnswerKey). Throws when any part of the
 * page failed to render: the API then serves the page for the browser to render.
 */
export async function render(url: string, answers: Record<string, unknown>): Promise<string> {
  const location = new URL(url);
  const client = createQueryClient();
  await Promise.all([seedPage(client, location, { ...answers }), preloadPages(location.pathname)]);
  const errors: unknown[] = [];
  // The same tree as main.tsx's, with the server's router, query client and origin.
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider client={client} origin={location.origin}>
        <ErrorBoundary>
          <StaticRouter location={location.pathname + location.search}>
            <AppRoutes />
          </StaticRouter>
        </ErrorBoundary>
      </AppProvider>
    </StrictMode>,
    {
      signal: AbortSignal.timeout(RENDER_LIMIT_MS),
      onError: (error) => void errors.push(error),
      // Every part inline, in order: React would otherwise move large parts to the end, with an
      // inline script to put them back (the shop's Content Security Policy allows none).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  client.clear();
  // A part that failed would be rendered by the browser, with an error in its console.
  if (errors.length) throw errors[0];
  if (html.includes('<script'))
    throw new Error('The render wrote a script, which the page would block');
  // React writes preloads of the first photos ahead of the markup; in the root they come no
  // sooner than the photos themselves, and the page's head already preloads the first one.
  return html.replace(/^(?:<link [^>]*>)+/, '');
}
