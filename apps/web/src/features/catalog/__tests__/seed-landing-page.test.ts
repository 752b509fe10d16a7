import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProduct } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { inlinedAnswerKey } from '@repo/shared/rules';
import { seedLandingPage } from '../api/seed-landing-page';

const clients: QueryClient[] = [];
function client() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  return queryClient;
}
afterEach(() => clients.splice(0).forEach((c) => c.clear()));

describe('seedLandingPage', () => {
  const categories = { success: true, category: [{ _id: 'c1', name: 'Anime', slug: 'anime' }] };
  const filtered = { filterProduct: [makeProduct({ name: 'Filtered Tee' })], total: 13 };

  it('fills the queries of a filtered home page from the answers, under the keys the page reads, without a call', async () => {
    mockApi({});
    const queryClient = client();
    const category = 'a'.repeat(24);
    const filter = { checked: [category], radio: [500, 699.99], page: 2, size: 'M' };
    await seedLandingPage(
      queryClient,
      new URL(`http://shop.test/?category=${category}&price=500-700&size=M&page=2`),
      {
        '/category/all-category': categories,
        [inlinedAnswerKey('POST', '/product/getFilter-product', filter)]: filtered,
      },
    );
    expect(queryClient.getQueryData(['categories'])).toEqual(categories);
    expect(queryClient.getQueryData(['products', 'filter', filter])).toEqual(filtered);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('leaves a query the answers lack unasked (the page shows it loading, as the server did), never fetching it', async () => {
    mockApi({ 'GET /product/productList/:page': () => ({ prod: [] }) });
    const queryClient = client();
    await seedLandingPage(queryClient, new URL('http://shop.test/?page=3'), {
      '/category/all-category': categories,
    });
    expect(queryClient.getQueryData(['categories'])).toEqual(categories);
    expect(queryClient.getQueryState(['products', 'list', 3])).toBeUndefined();
    expect(queryClient.getQueryState(['products', 'count'])).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fills the results of a search page from its answer', async () => {
    mockApi({});
    const queryClient = client();
    const results = { data: [makeProduct({ name: 'Naruto Tee' })] };
    await seedLandingPage(queryClient, new URL('http://shop.test/Search?q=naruto%20tee'), {
      '/product/search/naruto%20tee': results,
    });
    expect(queryClient.getQueryData(['search', 'naruto tee'])).toEqual(results);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fills a product page’s product, under its decoded slug', async () => {
    mockApi({});
    const queryClient = client();
    const answer = { success: true, Aproduct: makeProduct({ slug: 'café-tee' }) };
    await seedLandingPage(queryClient, new URL('http://shop.test/product-detail/caf%C3%A9-tee'), {
      '/product/get-product/caf%C3%A9-tee': answer,
    });
    expect(queryClient.getQueryData(['products', 'detail', 'café-tee'])).toEqual(answer);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fills nothing, and asks nothing, for a product path that is not valid URL encoding or a page that is not a landing page', async () => {
    mockApi({});
    const queryClient = client();
    for (const url of ['http://shop.test/product-detail/%E0%A4%A', 'http://shop.test/cart'])
      await seedLandingPage(queryClient, new URL(url), { '/category/all-category': {} });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });
});
