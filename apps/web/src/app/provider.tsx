import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ToastHost } from '@/components/ui/toast-host';
import { queryClient } from '@/lib/query-client';
import { SiteOriginProvider } from '@/lib/site-origin';

/**
 * Marks the root `data-hydrated` once the app's first render is on the page and answers clicks
 * (for a server-rendered page: once it is taken over). The browser tests wait for it before
 * acting, as a click before it does nothing.
 */
function MarkHydrated() {
  useEffect(() => document.getElementById('root')?.setAttribute('data-hydrated', ''), []);
  return null;
}

/**
 * The app's providers. The server renders each page with a query client and origin of its own
 * (entry-server.tsx); the host elements are the same in both, so the browser can take the page
 * over (a context provider is no element).
 */
export function AppProvider({
  children,
  client = queryClient,
  origin,
}: {
  children: ReactNode;
  client?: QueryClient;
  /** The server's origin for links; the browser's is the context's own (lib/site-origin). */
  origin?: string;
}) {
  return (
    <QueryClientProvider client={client}>
      {origin === undefined ? (
        children
      ) : (
        <SiteOriginProvider value={origin}>{children}</SiteOriginProvider>
      )}
      <ToastHost />
      <MarkHydrated />
    </QueryClientProvider>
  );
}
