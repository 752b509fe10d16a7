import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '@/components/error-boundary';
import { Loading } from '@/components/ui/spinner';
import { useScrollRestoration } from '@/lib/use-scroll-restoration';
import { Footer } from './footer';
import { TopBar } from './top-bar/top-bar';

/** SPEC §2: top bar, page outlet, footer. */
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
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
