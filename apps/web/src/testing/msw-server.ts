/**
 * The one Mock Service Worker server of the component tests (started in setup.ts). Tests give
 * it their routes through mockApi(); a call that no route answers fails the test.
 */
import { setupServer } from 'msw/node';

export const server = setupServer();

/** Calls no handler answered since the last check ("GET /api/…"), for setup.ts to report. */
export const unhandledCalls: string[] = [];

export function listen() {
  // 'error': MSW prints the call and the app's fetch rejects. The app may hide that rejection,
  // so the call is kept too, for setup.ts to fail the test with.
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:unhandled', ({ request }) => {
    const { pathname, search } = new URL(request.url);
    unhandledCalls.push(`${request.method} ${pathname}${search}`);
  });
}
