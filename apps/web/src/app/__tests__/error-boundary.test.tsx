import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/components/error-boundary';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { renderRoute } from '@/testing/test-utils';
import { Layout } from '../layout/layout';

function Broken(): never {
  throw new Error('render failed');
}

beforeEach(() => {
  // React and the boundary log the caught error; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('error boundary', () => {
  it('shows "Something went wrong" with Reload in place of a page that throws, keeping the top bar', async () => {
    const { router } = renderRoute(
      {
        routes: [
          {
            element: <Layout />,
            children: [
              { path: '/broken', element: <Broken /> },
              { path: '/fine', element: <p>Fine page</p> },
            ],
          },
        ],
      },
      { url: '/broken' },
    );

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    // Going to another page clears the error.
    await act(() => router.navigate('/fine'));
    expect(await screen.findByText('Fine page')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});

describe('lazyWithRetry', () => {
  it('renders the page when its chunk fails to load once and then loads', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: () => <p>Lazy page</p> });
    const Page = lazyWithRetry(load);

    renderRoute({
      element: (
        <Suspense fallback="Loading...">
          <Page />
        </Suspense>
      ),
      path: '/',
    });

    expect(await screen.findByText('Lazy page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reloads the page once when the chunk still fails, then shows the error screen instead of looping', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const load = vi.fn((): Promise<{ default: () => null }> =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const renderPage = () => {
      const Page = lazyWithRetry(load);
      return renderRoute({
        element: (
          <ErrorBoundary>
            <Suspense fallback="Loading...">
              <Page />
            </Suspense>
          </ErrorBoundary>
        ),
        path: '/',
      });
    };

    renderPage().unmount();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(2);

    // After the reload (same tab, same sessionStorage) it fails again: no second reload.
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
