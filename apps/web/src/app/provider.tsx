import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastHost } from '@/components/ui/toast-host';
import { queryClient } from '@/lib/query-client';
import { SiteOriginProvider } from '@/lib/site-origin';

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
    </QueryClientProvider>
  );
}
