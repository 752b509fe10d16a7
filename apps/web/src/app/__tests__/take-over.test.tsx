/**
 * Taking over a server-rendered product page: what its first render shows is loaded before
 * React hydrates (preloadPages, seedPage in main.tsx), so that render is the server's, reviews
 * included. A "Loading reviews..." there would replace the server's reviews and shrink the page
 * under a shopper who scrolled down before the take-over.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, it } from 'vitest';
import { makeProduct, makeReview } from '@/testing/data';
import { publicSettings } from '@/testing/public-settings';
import { mockApi } from '@/testing/mock-api';
import { createTestQueryClient } from '@/testing/test-utils';
import { preloadPages } from '../router';
import ProductDetailPage from '../routes/product-detail';
import { seedPage } from '../seed-page';

const product = makeProduct({ _id: 'a'.repeat(24), name: 'Monsoon Tee', slug: 'monsoon-tee' });
const review = makeReview({ _id: 'b'.repeat(24), product: product._id });
const reviews = {
  success: true,
  reviews: [review],
  summary: {
    average: 5,
    count: 1,
    histogram: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 },
    fit: { small: 0, true: 1, large: 0 },
  },
};

it('a product page’s first render, once its chunks and answers are in, shows the reviews and the seller the server rendered', async () => {
  // No GET /settings/public here: the seller comes from the inlined settings, not a fetch.
  mockApi({
    'GET /product/get-product/:slug': () => ({ success: true, Aproduct: product }),
    'GET /product/related-product/:productId/:categoryId': () => ({ products: [] }),
    'GET /product/:id/reviews': () => reviews,
  });
  const client = createTestQueryClient();
  const url = new URL(`http://shop.test/product-detail/${product.slug}`);
  await Promise.all([
    seedPage(client, url, {
      [`/product/get-product/${product.slug}`]: { success: true, Aproduct: product },
      [`/product/${product._id}/reviews?page=1&sort=newest`]: reviews,
      '/settings/public': publicSettings({
        gst: { legalName: 'Inkwell Apparel Private Limited', address: '14 Residency Road' },
      }),
    }),
    preloadPages(url.pathname),
  ]);
  const router = createMemoryRouter(
    [{ path: '/product-detail/:slug', element: <ProductDetailPage /> }],
    { initialEntries: [url.pathname] },
  );

  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );

  // The first render, before any chunk or answer could arrive.
  expect(screen.getByRole('heading', { name: 'Monsoon Tee' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Fits like a dream' })).toBeInTheDocument();
  expect(screen.queryByText('Loading reviews...')).not.toBeInTheDocument();
  const details = screen.getByRole('region', { name: 'Product details' });
  expect(within(details).getByText('Sold by').nextElementSibling).toHaveTextContent(
    'Inkwell Apparel Private Limited, 14 Residency Road',
  );
  expect(
    screen.getByText('Pay online by UPI, card or net banking, or cash on delivery where available'),
  ).toBeInTheDocument();
});
