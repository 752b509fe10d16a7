import { QueryClient } from '@tanstack/react-query';

/**
 * A query client with the app's defaults. The server renders with one of its own per page
 * (entry-server.tsx), with the same defaults, so queries look the same (fresh, not fetching) to
 * both first renders.
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });

/** The app's one query cache (the entry warms it before the first render). */
export const queryClient = createQueryClient();
