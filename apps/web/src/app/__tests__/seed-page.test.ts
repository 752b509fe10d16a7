import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it } from 'vitest';
import { makeProduct } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { queryKeys } from '@/lib/query-keys';
import { seedPage } from '../seed-page';

const clients: QueryClient[] = [];
afterEach(() => clients.splice(0).forEach((c) => c.clear()));

it('fills a product page’s first page of reviews from the answers, stale so the browser asks again for the reader’s marks', async () => {
  mockApi({});
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  const product = makeProduct({ _id: 'p'.repeat(24), slug: 'retro-tee' });
  const reviews = { success: true, reviews: [], summary: { count: 0 } };
  await seedPage(queryClient, new URL('http://shop.test/product-detail/retro-tee'), {
    '/product/get-product/retro-tee': { success: true, Aproduct: product },
    [`/product/${product._id}/reviews?page=1&sort=newest`]: reviews,
  });
  const key = queryKeys.reviews.page(product._id, 1, 'newest');
  expect(queryClient.getQueryData(key)).toEqual(reviews);
  expect(queryClient.getQueryState(key)?.dataUpdatedAt).toBe(0);
  expect(fetch).not.toHaveBeenCalled();
});

it('leaves the reviews to the browser when the page has none inlined', async () => {
  mockApi({});
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  const product = makeProduct({ _id: 'q'.repeat(24), slug: 'plain-tee' });
  await seedPage(queryClient, new URL('http://shop.test/product-detail/plain-tee'), {
    '/product/get-product/plain-tee': { success: true, Aproduct: product },
  });
  expect(
    queryClient.getQueryData(queryKeys.reviews.page(product._id, 1, 'newest')),
  ).toBeUndefined();
  expect(fetch).not.toHaveBeenCalled();
});
