import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { prefetchLandingPage } from '../api/prefetch-landing-page';

const clients: QueryClient[] = [];
function client() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  return queryClient;
}
afterEach(() => clients.splice(0).forEach((c) => c.clear()));

describe('prefetchLandingPage', () => {
  it('starts the product query of a product page', async () => {
    const product = makeProduct({ slug: 'café-tee' });
    const api = mockApi({
      'GET /product/get-product/:slug': () => ({ success: true, Aproduct: product }),
    });
    const queryClient = client();
    prefetchLandingPage(queryClient, new URL('http://shop.test/product-detail/caf%C3%A9-tee'));
    await expect
      .poll(() => queryClient.getQueryData(['products', 'detail', 'café-tee']), { timeout: 20_000 })
      .toMatchObject({ Aproduct: { slug: 'café-tee' } });
    expect(api.calls.map((c) => c.path)).toEqual(['/product/get-product/caf%C3%A9-tee']);
  });

  it('does not throw, and asks nothing, for a product path that is not valid URL encoding', () => {
    mockApi({});
    const queryClient = client();
    expect(() =>
      prefetchLandingPage(queryClient, new URL('http://shop.test/product-detail/%E0%A4%A')),
    ).not.toThrow();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks nothing for a page that is not a landing page', () => {
    mockApi({});
    const queryClient = client();
    prefetchLandingPage(queryClient, new URL('http://shop.test/cart'));
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });
});
