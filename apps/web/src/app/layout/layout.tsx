import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '@/components/error-boundary';
import { Loading } from '@/components/ui/spinner';
import { useScrollRestoration } from '@/lib/use-scroll-restoration';
import { Footer } from './footer';
import { TopBar } from './top-bar/top-bar';

/**
 * Marks the root `data-hydrated` once the page's content is the app's and answers taps. On a
 * server-rendered page that is once the app has taken it over, content included: React takes
 * the page's <Suspense> over after the rest, so this sits inside it, after the page. The
 * take-over script then carries out the taps it kept meanwhile (kept-taps.ts); the browser tests
 * wait for it before acting, except the ones that tap before it on purpose.
 */
function MarkHydrated() {
  useEffect(() => document.getElementById('root')?.setAttribute('data-hydrated', ''), []);
  return null;
}

/** Every page: top bar, page outlet, footer. */
export function Layout() {
  useScrollRestoration();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <TopBar />
      {/* The page fills what the bar and the footer leave: a short page shows the footer. */}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* A failing page keeps the top bar usable; going to another page clears the error. */}
        <ErrorBoundary resetKey={pathname}>
          {/* While a page's code loads it holds a screen's height, so the footer does not
              flash into view and jump away (no layout shift on the first paint). */}
          <Suspense
            fallback={
              <div className="min-h-screen">
                <Loading text="Loading..." />
              </div>
            }
          >
            <Outlet />
            <MarkHydrated />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
