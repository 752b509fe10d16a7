import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ToastHost } from '@/components/ui/toast-host';
import { queryClient } from '@/lib/query-client';
import { browserSiteOrigin, SiteOriginProvider } from '@/lib/site-origin';

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
 * (entry-server.tsx); the tree is the same in both, so the browser can take the page over.
 */
export function AppProvider({
  children,
  client = queryClient,
  origin = browserSiteOrigin,
}: {
  children: ReactNode;
  client?: QueryClient;
  origin?: string;
}) {
  return (
    <QueryClientProvider client={client}>
      <SiteOriginProvider value={origin}>{children}</SiteOriginProvider>
      <ToastHost />
      <MarkHydrated />
    </QueryClientProvider>
  );
}
