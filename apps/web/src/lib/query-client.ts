import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache (the entry warms it before the first render). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
